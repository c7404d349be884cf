import sharp from "sharp";
import { type Caller, type CommandCase, json, nextSiren, type Seed } from "./command-cases.ts";

let emails = 0;
const accountItems = {
  phones: (c: Caller) => ({ type: "work", number: c.name === "Alice" ? "0123456789" : "0612345678" }),
  emails: (c: Caller) => ({ type: "work", email: `${c.name.toLowerCase()}.${++emails}@exemple.fr` }),
  addresses: (c: Caller) => ({ street: `1 rue ${c.name}`, postcode: "69002", city: "Lyon", country: "FR" }),
  legal: (c: Caller) => ({ companyName: `${c.name} SARL` }),
};

const accountCases = Object.fromEntries(
  Object.entries(accountItems).flatMap(([kind, value]): [string, CommandCase][] => {
    const add = (seed: Seed, caller: Caller) =>
      seed.ok("POST", `/account/${kind}`, caller.token, value(caller)) as Promise<{ id: string }>;
    return [
      [
        `addAccount_${kind}`,
        {
          status: 201,
          build: async (_, c) => ({ path: `/account/${kind}`, token: c.token, body: json(value(c)) }),
        },
      ],
      [
        `changeAccount_${kind}`,
        {
          status: 200,
          build: async (seed, c) => ({
            path: `/account/${kind}/${(await add(seed, c)).id}`,
            token: c.token,
            body: json(kind === "legal" ? { companyName: `${c.name} SAS` } : value(c)),
          }),
        },
      ],
      [
        `removeAccount_${kind}`,
        {
          status: 204,
          build: async (seed, c) => ({ path: `/account/${kind}/${(await add(seed, c)).id}`, token: c.token }),
        },
      ],
    ];
  }),
);

const logo = async () =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 32, channels: 3, background: "#1c3d5a" } })
      .png()
      .toBuffer(),
  );

/** A registered user the caller's organisation has invited (not yet a member). */
const invited = async (seed: Seed, c: Caller, name: string) => {
  const user = await seed.user(name);
  const invitation = await seed.ok("POST", "/contacts/users", c.token, {
    email: user.email,
    profile: "accountant",
  });
  return { ...user, invitation: invitation.id as string };
};

/** Requests of the session, account, organisation, member and rights commands. */
export const identityCommands: Readonly<Record<string, CommandCase>> = {
  ...accountCases,
  register: {
    status: 201,
    build: async () => ({
      path: "/register",
      body: json({ email: `inscrit.${nextSiren()}@exemple.fr`, password: "motdepasse1", name: "Inscrit" }),
    }),
  },
  login: {
    status: 200,
    build: async (seed, c) => {
      const user = await seed.user(`${c.name}Login`);
      return { path: "/login", body: json({ email: user.email, password: user.password }) };
    },
  },
  changeOrganisation: {
    status: 200,
    afterLoss: 401,
    build: async (seed, c) => {
      const user = await seed.user(`${c.name}Change`);
      const org = await seed.ok("POST", "/user/orgs", user.token, {
        name: `${c.name} Bis`,
        siren: nextSiren(),
      });
      return { path: "/user/orgs/change", token: org.token, body: json({ orgId: org.user.org.id }) };
    },
  },
  createUserOrganisation: {
    status: 201,
    afterLoss: 401,
    build: async (seed, c) => ({
      path: "/user/orgs",
      token: (await seed.user(`${c.name}Org`)).token,
      body: json({ name: `${c.name} Nouvelle`, siren: nextSiren() }),
    }),
  },
  logout: {
    status: 204,
    afterLoss: 401,
    build: async (seed, c) => ({ path: "/logout", token: (await seed.user(`${c.name}Out`)).token }),
  },
  requestPasswordRenewal: {
    status: 202,
    build: async (seed, c) => ({
      path: "/password/renew",
      body: json({ email: (await seed.user(c.name)).email }),
    }),
  },
  confirmPasswordRenewal: {
    status: 204,
    afterLoss: 422,
    build: async (seed, c) => {
      const user = await seed.user(`${c.name}Renew`);
      await seed.ok("POST", "/password/renew", undefined, { email: user.email });
      return {
        path: "/password/renew/confirm",
        body: json({ token: seed.linkToken(user.email), password: `nouveau-${c.name}-9` }),
      };
    },
  },
  createOrganisation: {
    status: 201,
    build: async (_, c) => ({
      path: "/registre/orgs",
      token: c.admin,
      body: json({ name: `${c.name} Plateforme`, siren: nextSiren() }),
    }),
  },
  updateOrganisation: {
    status: 200,
    build: async (seed, c) => {
      const org = await seed.ok("POST", "/registre/orgs", c.admin, {
        name: `${c.name} P`,
        siren: nextSiren(),
      });
      return { path: `/registre/orgs/${org.id}`, token: c.admin, body: json({ name: `${c.name} Renommée` }) };
    },
  },
  resumeReadModel: {
    status: 200,
    sameForEveryCaller: true,
    build: async (_, c) => ({
      path: "/registre/projections/ledger/resume",
      token: c.admin,
      body: json({ orgId: c.orgId }),
    }),
  },
  updateCurrentOrganisation: {
    status: 200,
    build: async (_, c) => ({ path: "/org", token: c.token, body: json({ name: `${c.name} & Fils` }) }),
  },
  uploadOrganisationLogo: {
    status: 200,
    build: async (_, c) => {
      const bytes = await logo();
      return {
        path: "/org/logo",
        token: c.token,
        body: {
          form: () => {
            const form = new FormData();
            form.append("file", new File([bytes], "logo.png", { type: "image/png" }));
            return form;
          },
        },
      };
    },
  },
  removeOrganisationLogo: { status: 204, build: async (_, c) => ({ path: "/org/logo", token: c.token }) },
  addOrganisationUser: {
    status: 201,
    build: async (seed, c) => ({
      path: "/contacts/users",
      token: c.token,
      body: json({ email: (await seed.user(`${c.name}Member`)).email, profile: "accountant" }),
    }),
  },
  removeOrganisationUser: {
    status: 204,
    build: async (seed, c) => {
      const member = await invited(seed, c, `${c.name}Gone`);
      await seed.ok("POST", `/user/invitations/${member.invitation}/accept`, member.token);
      return { path: `/contacts/users/${member.id}`, token: c.token };
    },
  },
  revokeOrganisationInvitation: {
    status: 204,
    build: async (seed, c) => ({
      path: `/contacts/invitations/${(await invited(seed, c, `${c.name}Revoked`)).invitation}`,
      token: c.token,
    }),
  },
  acceptInvitation: {
    status: 200,
    build: async (seed, c) => {
      const member = await invited(seed, c, `${c.name}Accepts`);
      return { path: `/user/invitations/${member.invitation}/accept`, token: member.token };
    },
  },
  declineInvitation: {
    status: 204,
    build: async (seed, c) => {
      const member = await invited(seed, c, `${c.name}Declines`);
      return { path: `/user/invitations/${member.invitation}/decline`, token: member.token };
    },
  },
  lookUpInvitation: {
    status: 200,
    build: async (seed, c) => {
      const member = await invited(seed, c, `${c.name}Looks`);
      return { path: "/invitations/lookup", body: json({ token: seed.linkToken(member.email) }) };
    },
  },
  createAuthorizationItem: {
    status: 201,
    build: async (_, c) => ({
      path: "/auth/items",
      token: c.token,
      body: json({ name: `Lecture ${c.name}`, rights: [{ c: "accounting", r: 4 }] }),
    }),
  },
  changeAuthorizationItem: {
    status: 200,
    build: async (seed, c) => {
      const item = await seed.ok("POST", "/auth/items", c.token, { name: `Item ${c.name}`, rights: [] });
      return { path: `/auth/items/${item.id}`, token: c.token, body: json({ name: `Renommé ${c.name}` }) };
    },
  },
  deleteAuthorizationItem: {
    status: 204,
    build: async (seed, c) => {
      const item = await seed.ok("POST", "/auth/items", c.token, { name: `Jetable ${c.name}`, rights: [] });
      return { path: `/auth/items/${item.id}`, token: c.token };
    },
  },
  createAuthorizationAssignment: {
    status: 201,
    build: async (seed, c) => {
      const item = await seed.ok("POST", "/auth/items", c.token, { name: `Rôle ${c.name}`, rights: [] });
      return { path: "/auth/assignments", token: c.token, body: json({ itemId: item.id, userId: c.userId }) };
    },
  },
  changeAuthorizationAssignment: {
    status: 200,
    build: async (seed, c) => {
      const one = await seed.ok("POST", "/auth/items", c.token, { name: `Un ${c.name}`, rights: [] });
      const two = await seed.ok("POST", "/auth/items", c.token, { name: `Deux ${c.name}`, rights: [] });
      const assigned = await seed.ok("POST", "/auth/assignments", c.token, {
        itemId: one.id,
        userId: c.userId,
      });
      return { path: `/auth/assignments/${assigned.id}`, token: c.token, body: json({ itemId: two.id }) };
    },
  },
  deleteAuthorizationAssignment: {
    status: 204,
    build: async (seed, c) => {
      const item = await seed.ok("POST", "/auth/items", c.token, { name: `Retrait ${c.name}`, rights: [] });
      const assigned = await seed.ok("POST", "/auth/assignments", c.token, {
        itemId: item.id,
        userId: c.userId,
      });
      return { path: `/auth/assignments/${assigned.id}`, token: c.token };
    },
  },
};
