import { endOfMonth, writeFec } from "@registre/core";
import sharp from "sharp";

/** Who sends a command in the walk: the owner of an organisation of their own, and an administrator. */
export type Caller = {
  /** ASCII, distinct per caller: it goes into names and labels, so callers' answers differ. */
  readonly name: string;
  /** The owner's session in the organisation: every right. */
  readonly token: string;
  readonly userId: string;
  readonly orgId: string;
  readonly siren: string;
  /** The organisation's open fiscal year, which holds `today`. */
  readonly yearId: string;
  /** A platform administrator's session. */
  readonly admin: string;
};

/** Seeding through the API, without keys. */
export type Seed = {
  // biome-ignore lint/suspicious/noExplicitAny: seeds read whatever JSON the route answers
  readonly ok: (method: string, path: string, token: string | undefined, body?: unknown) => Promise<any>;
  /** A newly registered user without an organisation. */
  readonly user: (name: string) => Promise<{ token: string; email: string; password: string; id: string }>;
  /** The link of the last password renewal e-mailed to `email`. */
  readonly renewalToken: (email: string) => string;
  readonly today: string;
};

export type CommandBody =
  | { readonly json: unknown }
  | { readonly form: () => FormData }
  | { readonly octets: Uint8Array<ArrayBuffer> };

export type CommandRequest = {
  /** Under /api, with its query string. */
  readonly path: string;
  readonly token?: string | undefined;
  readonly body?: CommandBody | undefined;
};

export type CommandCase = {
  /** The status the command answers when it runs. */
  readonly status: number;
  /**
   * What a retry answers once the first answer was lost before it was stored (a server that stopped
   * in between), when that is not `status`: a command that ends the very credentials it was sent with
   * (sign-out, organisation change, password renewal) cannot be authenticated again.
   */
  readonly afterLoss?: number;
  readonly build: (seed: Seed, caller: Caller) => Promise<CommandRequest>;
};

const json = (value: unknown): CommandBody => ({ json: value });

const lines = (account: string, other: string, cents: number) => [
  { account, debit: cents, credit: 0 },
  { account: other, debit: 0, credit: cents },
];

const entry = (seed: Seed, caller: Caller, validate: boolean, cents = 1200) => ({
  journal: "OD",
  date: seed.today,
  pieceRef: `P-${caller.name}`,
  label: `Écriture ${caller.name}`,
  validate,
  lines: lines("606100", "512000", cents),
});

const draft = async (seed: Seed, caller: Caller) =>
  (await seed.ok("POST", "/accounting/entries", caller.token, entry(seed, caller, false))).mvt as string;
const validated = async (seed: Seed, caller: Caller, body = entry(seed, caller, true)) =>
  (await seed.ok("POST", "/accounting/entries", caller.token, body)) as { mvt: string };

/**
 * Two validated entries of the caller whose 467000 lines balance: `[debit line, credit line]`.
 * Bruno letters a pair first, so that his lettering codes are not Alice's.
 */
const openItems = async (
  seed: Seed,
  caller: Caller,
  shift = caller.name !== "Alice",
): Promise<readonly [string, string]> => {
  if (shift)
    await seed.ok("PUT", "/accounting/entries/mark", caller.token, {
      lines: await openItems(seed, caller, false),
    });
  const base = { journal: "OD", date: seed.today, label: `Avance ${caller.name}`, validate: true };
  const out = await validated(seed, caller, {
    ...base,
    pieceRef: "A1",
    lines: lines("467000", "512000", 5000),
  });
  const back = await validated(seed, caller, {
    ...base,
    pieceRef: "A2",
    lines: lines("512000", "467000", 5000),
  });
  return [`${out.mvt}/1`, `${back.mvt}/2`] as const;
};

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

let sirens = 0;
/** Valid SIRENs (Luhn), one per call. */
const nextSiren = () => {
  const base = String(100_000_00 + ++sirens * 7).padStart(8, "0");
  for (let check = 0; check <= 9; check++) {
    const digits = `${base}${check}`;
    const sum = [...digits].reduce((s, d, i) => {
      const n = Number(d) * (i % 2 === 1 ? 2 : 1);
      return s + (n > 9 ? n - 9 : n);
    }, 0);
    if (sum % 10 === 0) return digits;
  }
  throw new Error("no check digit");
};

const fecFile = (seed: Seed, caller: Caller) => {
  const date = seed.today;
  const line = (account: string, debit: number, credit: number) => ({
    journalCode: "OD",
    journalLib: "Opérations diverses",
    ecritureNum: "1",
    ecritureDate: date,
    compteNum: account,
    compteLib: `Compte ${account}`,
    compAuxNum: "",
    compAuxLib: "",
    pieceRef: `FEC-${caller.name}`,
    pieceDate: date,
    ecritureLib: `Import ${caller.name}`,
    debit,
    credit,
    ecritureLet: "",
    dateLet: "",
    validDate: date,
    montantDevise: null,
    idevise: "",
  });
  // Bruno's file has two entries, so that the two callers' answers differ.
  const entries = caller.name === "Alice" ? [4200] : [4200, 900];
  const records = entries.flatMap((cents, i) =>
    [line("606100", cents, 0), line("512000", 0, cents)].map((l) => ({ ...l, ecritureNum: String(i + 1) })),
  );
  return new Uint8Array(Buffer.from(writeFec(records, "|"), "utf8"));
};

const logo = async () =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 32, channels: 3, background: "#1c3d5a" } })
      .png()
      .toBuffer(),
  );

/**
 * A valid request per command operation of the OpenAPI document, seeded through the API, for the
 * idempotency walk (`idempotency-walk.test.ts`), which fails on an operation missing here.
 */
export const commandCases: Readonly<Record<string, CommandCase>> = {
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
        body: json({ token: seed.renewalToken(user.email), password: `nouveau-${c.name}-9` }),
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
      const member = await seed.user(`${c.name}Gone`);
      await seed.ok("POST", "/contacts/users", c.token, { email: member.email, profile: "accountant" });
      return { path: `/contacts/users/${member.id}`, token: c.token };
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
  addClosingStep: {
    status: 201,
    build: async (_, c) => ({
      path: "/accounting/balance-sheet/steps",
      token: c.token,
      body: json({ yearId: c.yearId, label: `Étape ${c.name}` }),
    }),
  },
  updateClosingStep: {
    status: 200,
    build: async (_, c) => ({
      path: `/accounting/balance-sheet/steps/${c.yearId}.stock`,
      token: c.token,
      body: json({ status: "done", note: `Inventaire ${c.name}` }),
    }),
  },
  addYearEndAdjustment: {
    status: 201,
    build: async (_, c) => ({
      path: "/accounting/balance-sheet/lines",
      token: c.token,
      body: json({
        yearId: c.yearId,
        kind: "accrual",
        label: `Charge à payer ${c.name}`,
        debitAccount: "606100",
        creditAccount: "408100",
        amount: 3300,
      }),
    }),
  },
  changeYearEndAdjustment: {
    status: 200,
    build: async (seed, c) => {
      const adjustment = await seed.ok("POST", "/accounting/balance-sheet/lines", c.token, {
        yearId: c.yearId,
        kind: "accrual",
        label: `Avant ${c.name}`,
        debitAccount: "606100",
        creditAccount: "408100",
        amount: 1000,
      });
      return {
        path: "/accounting/balance-sheet/lines",
        token: c.token,
        body: json({
          id: adjustment.id,
          label: `Après ${c.name}`,
          debitAccount: "606100",
          creditAccount: "408100",
          amount: 2000,
        }),
      };
    },
  },
  createAccount: {
    status: 201,
    build: async (_, c) => ({
      path: "/accounting/accounts",
      token: c.token,
      body: json({ number: "512100", label: `Banque ${c.name}` }),
    }),
  },
  updateAccount: {
    status: 200,
    build: async (_, c) => ({
      path: "/accounting/accounts/606100",
      token: c.token,
      body: json({ label: `Fournitures ${c.name}` }),
    }),
  },
  deleteAccount: {
    status: 204,
    build: async (seed, c) => {
      await seed.ok("POST", "/accounting/accounts", c.token, { number: "512900", label: "Jetable" });
      return { path: "/accounting/accounts/512900", token: c.token };
    },
  },
  createJournal: {
    status: 201,
    build: async (_, c) => ({
      path: "/accounting/journals",
      token: c.token,
      body: json({ code: "BQ2", label: `Banque ${c.name}`, kind: "bank" }),
    }),
  },
  updateJournal: {
    status: 200,
    build: async (_, c) => ({
      path: "/accounting/journals/VT",
      token: c.token,
      body: json({ label: `Ventes ${c.name}` }),
    }),
  },
  deleteJournal: {
    status: 204,
    build: async (seed, c) => {
      await seed.ok("POST", "/accounting/journals", c.token, { code: "JET", label: "Jetable", kind: "misc" });
      return { path: "/accounting/journals/JET", token: c.token };
    },
  },
  createEntry: {
    status: 201,
    build: async (seed, c) => ({
      path: "/accounting/entries",
      token: c.token,
      body: json(entry(seed, c, true)),
    }),
  },
  updateEntry: {
    status: 200,
    build: async (seed, c) => {
      const { validate: _, ...content } = entry(seed, c, false, 2500);
      return { path: `/accounting/entries/mvt/${await draft(seed, c)}`, token: c.token, body: json(content) };
    },
  },
  deleteEntry: {
    status: 204,
    build: async (seed, c) => ({ path: `/accounting/entries/mvt/${await draft(seed, c)}`, token: c.token }),
  },
  reverseEntry: {
    status: 201,
    build: async (seed, c) => ({
      path: `/accounting/entries/${(await validated(seed, c)).mvt}/reverse`,
      token: c.token,
      body: json({ date: seed.today }),
    }),
  },
  validateEntries: {
    status: 200,
    build: async (seed, c) => ({
      path: "/accounting/entries/validate",
      token: c.token,
      body: json({ mvts: [await draft(seed, c), await draft(seed, c)] }),
    }),
  },
  validateEntry: {
    status: 200,
    build: async (seed, c) => ({
      path: `/accounting/entries/${await draft(seed, c)}/validate`,
      token: c.token,
    }),
  },
  markEntries: {
    status: 200,
    build: async (seed, c) => ({
      path: "/accounting/entries/mark",
      token: c.token,
      body: json({ lines: await openItems(seed, c) }),
    }),
  },
  unmarkEntries: {
    status: 204,
    build: async (seed, c) => {
      const lettered = await seed.ok("PUT", "/accounting/entries/mark", c.token, {
        lines: await openItems(seed, c),
      });
      return { path: "/accounting/entries/unmark", token: c.token, body: json(lettered) };
    },
  },
  reconcileEntry: {
    status: 200,
    build: async (seed, c) => {
      const [debit, credit] = await openItems(seed, c);
      return {
        path: `/accounting/entries/${debit.split("/")[0]}/reconcile`,
        token: c.token,
        body: json({ lines: [credit] }),
      };
    },
  },
  importFec: {
    status: 200,
    build: async (seed, c) => ({
      path: `/accounting/entries/import?name=${c.siren}FEC${seed.today.slice(0, 4)}1231.txt`,
      token: c.token,
      body: { octets: fecFile(seed, c) },
    }),
  },
  trialBalance: {
    status: 200,
    build: async (seed, c) => {
      await validated(seed, c, entry(seed, c, true, c.name === "Alice" ? 1100 : 2200));
      return { path: "/accounting/reports/balance", token: c.token, body: json({ yearId: c.yearId }) };
    },
  },
  generalLedger: {
    status: 200,
    build: async (seed, c) => {
      await validated(seed, c, entry(seed, c, true, c.name === "Alice" ? 1300 : 2600));
      return {
        path: "/accounting/reports/generalledger",
        token: c.token,
        body: json({ start: `${seed.today.slice(0, 4)}-01-01`, end: seed.today }),
      };
    },
  },
  openFiscalYear: {
    status: 201,
    build: async (_, c) => ({ path: "/accounting/balance-sheet", token: c.token, body: json({}) }),
  },
  lockPeriods: {
    status: 200,
    build: async (seed, c) => {
      const year = await seed.ok("GET", `/accounting/balance-sheet/${c.yearId}`, c.token);
      return {
        path: `/accounting/balance-sheet/${c.yearId}`,
        token: c.token,
        body: json({ lockedUntil: endOfMonth(year.start) }),
      };
    },
  },
};
