import { endOfMonth, writeFec } from "@registre/core";
import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

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

/** The month before `day`'s, `YYYY-MM`. */
const previousMonth = (day: string) => {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
};

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

/** Requests of the accounting commands, seeded in the caller's organisation. */
export const accountingCommands: Readonly<Record<string, CommandCase>> = {
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
  validateVatReturn: {
    status: 201,
    // Last month's return, with a sale of the caller's own size (so that two callers' returns differ).
    // Last month must be in the open year: in January the walk runs its clock a month ahead.
    build: async (seed, c) => {
      const period = previousMonth(seed.today);
      const cents = c.name === "Alice" ? 10_000 : 20_000;
      const vat = (base?: number) => ({
        rate: "20",
        kind: "goods",
        regime: "domestic",
        ...(base && { base }),
      });
      await validated(seed, c, {
        journal: "OD",
        date: `${period}-15`,
        pieceRef: `V-${c.name}`,
        label: `Vente ${c.name}`,
        validate: true,
        lines: [
          { account: "471000", debit: cents * 1.2, credit: 0 },
          { account: "707000", debit: 0, credit: cents, vat: vat() },
          { account: "445710", debit: 0, credit: cents * 0.2, vat: vat(cents) },
        ],
      } as never);
      return { path: "/accounting/entries/vat", token: c.token, body: json({ period }) };
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
