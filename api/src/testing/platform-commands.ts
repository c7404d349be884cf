import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

/** What the idempotency walk needs for the platform administrator's commands (users, memberships, params, help). */

let n = 0;
/** A new organisation of a new owner's, for the administrator to change or archive. */
const newOrganisation = async (seed: Seed, c: Caller) => {
  const owner = await seed.user(`Patron${c.name}`);
  const org = await seed.ok("POST", "/user/orgs", owner.token, {
    name: `${c.name} ${++n} SAS`,
    siren: c.siren,
  });
  return org.user.org.id as string;
};
/** A user of the organisation's, added by the administrator: the membership's id `{orgId}.{userId}`. */
const newMembership = async (seed: Seed, c: Caller) => {
  const orgId = await newOrganisation(seed, c);
  const user = await seed.user(`Membre${c.name}`);
  await seed.ok("POST", "/registre/orgs/users", c.admin, { orgId, userId: user.id, profile: "accountant" });
  return `${orgId}.${user.id}`;
};
const newParam = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/params", c.admin, { key: `walk${c.name}${++n}`, type: "text", value: c.name }))
    .key as string;
const article = (c: Caller) => ({
  screen: `/org/walk-${c.name.toLowerCase()}-${++n}`,
  titleFr: `Aide ${c.name}`,
  titleEn: `Help ${c.name}`,
  bodyFr: "Comment faire.",
  bodyEn: "How to.",
});

export const platformCommands: Readonly<Record<string, CommandCase>> = {
  createPlatformUser: {
    status: 201,
    build: async (_, c) => ({
      path: "/registre/users",
      token: c.admin,
      body: json({
        email: `cree.${c.name.toLowerCase()}.${++n}@exemple.fr`,
        password: "motdepasse1",
        name: c.name,
      }),
    }),
  },
  changePlatformUser: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/users/${(await seed.user(`Change${c.name}`)).id}`,
      token: c.admin,
      body: json({ name: `${c.name} renommé` }),
    }),
  },
  closePlatformUser: {
    status: 204,
    build: async (seed, c) => ({
      path: `/registre/users/${(await seed.user(`Ferme${c.name}`)).id}`,
      token: c.admin,
    }),
  },
  addPlatformMembership: {
    status: 201,
    build: async (seed, c) => ({
      path: "/registre/orgs/users",
      token: c.admin,
      body: json({
        orgId: await newOrganisation(seed, c),
        userId: (await seed.user(`Ajout${c.name}`)).id,
        profile: "accountant",
      }),
    }),
  },
  changePlatformMembership: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/orgs/users/${await newMembership(seed, c)}`,
      token: c.admin,
      body: json({ profile: "owner" }),
    }),
  },
  removePlatformMembership: {
    status: 204,
    build: async (seed, c) => ({
      path: `/registre/orgs/users/${await newMembership(seed, c)}`,
      token: c.admin,
    }),
  },
  archivePlatformOrganisation: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/orgs/${await newOrganisation(seed, c)}?reason=${encodeURIComponent(`Demande de ${c.name}`)}`,
      token: c.admin,
    }),
  },
  createParam: {
    status: 201,
    build: async (_, c) => ({
      path: "/params",
      token: c.admin,
      body: json({
        key: `walk${c.name}${++n}`,
        type: "text",
        value: c.name,
        description: `Réglage ${c.name}`,
      }),
    }),
  },
  updateParam: {
    status: 200,
    build: async (seed, c) => ({
      path: `/params/${await newParam(seed, c)}`,
      token: c.admin,
      body: json({ value: `${c.name} bis` }),
    }),
  },
  deleteParam: {
    status: 204,
    build: async (seed, c) => ({ path: `/params/${await newParam(seed, c)}`, token: c.admin }),
  },
  createHelpArticle: {
    status: 201,
    build: async (_, c) => ({ path: "/help", token: c.admin, body: json(article(c)) }),
  },
  updateHelpArticle: {
    status: 200,
    build: async (seed, c) => ({
      path: `/help/${(await seed.ok("POST", "/help", c.admin, article(c))).id}`,
      token: c.admin,
      body: json({ titleEn: `Help for ${c.name}` }),
    }),
  },
};
