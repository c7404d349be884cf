import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

let n = 0;
const ruleBody = (c: Caller) => ({
  name: `Frais ${c.name} ${++n}`,
  when: { labelContains: ["FRAIS", c.name.toUpperCase()], direction: "debit" },
  booking: { account: "627000" },
});
const rule = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/banks/rules", c.token, ruleBody(c))).id as string;

const sizeOf = (c: Caller) => (c.name === "Alice" ? 2_000 : 3_000);

/**
 * A bank of its own (so its 512 account holds nothing else), a transfer mode on it, an advance received
 * by that mode, and a typed statement whose line 1 is that advance and line 2 bank fees.
 */
const statement = async (seed: Seed, c: Caller) => {
  const bank = (await seed.ok("POST", "/banks", c.token, { name: `Rappro ${c.name} ${++n}` })).id as string;
  const modeId = (
    await seed.ok("POST", "/payments/modes", c.token, {
      kind: "transfer",
      label: `Vir ${c.name} ${++n}`,
      bankId: bank,
    })
  ).id as string;
  const contactId = (
    await seed.ok("POST", "/contacts", c.token, {
      kind: "company",
      name: `Payeur ${c.name} ${++n}`,
      types: ["customer"],
      acknowledgeDuplicates: true,
    })
  ).id as string;
  const payment = (
    await seed.ok("POST", "/payments/sales", c.token, {
      date: seed.today,
      amount: sizeOf(c),
      modeId,
      contactId,
      reference: `VIR ${c.name} ${n}`,
    })
  ).id as string;
  const created = await seed.ok("POST", "/banks/statements", c.token, {
    bankId: bank,
    lines: [
      { bookingDate: seed.today, amount: sizeOf(c), label: `VIREMENT ${c.name}` },
      { bookingDate: seed.today, amount: -sizeOf(c) / 10, label: `FRAIS ${c.name.toUpperCase()}` },
    ],
  });
  return { id: created.statementId as string, payment };
};

/** What the idempotency walk needs for the bank rules and reconciliation. */
export const reconcileCommands: Readonly<Record<string, CommandCase>> = {
  createBankRule: {
    status: 201,
    build: async (_seed, c) => ({ path: "/banks/rules", token: c.token, body: json(ruleBody(c)) }),
  },
  updateBankRule: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/rules/${await rule(seed, c)}`,
      token: c.token,
      body: json({ ...ruleBody(c), name: `Renommée ${c.name}` }),
    }),
  },
  setBankRuleAutomatic: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/rules/${await rule(seed, c)}/automatic`,
      token: c.token,
      body: json({ automatic: true }),
    }),
  },
  orderBankRules: {
    status: 200,
    build: async (seed, c) => {
      await rule(seed, c);
      const { items } = await seed.ok("GET", "/banks/rules", c.token);
      const ids = (items as { id: string }[]).map((r) => r.id).reverse();
      return { path: "/banks/rules/order", token: c.token, body: json({ ids }) };
    },
  },
  acceptLineSuggestion: {
    status: 200,
    build: async (seed, c) => {
      const s = await statement(seed, c);
      return {
        path: `/banks/reconcile/${s.id}/lines/1/accept`,
        token: c.token,
        body: json({ key: `payment:${s.payment}` }),
      };
    },
  },
  declineLineSuggestion: {
    status: 204,
    build: async (seed, c) => {
      const s = await statement(seed, c);
      return {
        path: `/banks/reconcile/${s.id}/lines/1/decline`,
        token: c.token,
        body: json({ key: `payment:${s.payment}` }),
      };
    },
  },
  createLineEntry: {
    status: 201,
    build: async (seed, c) => ({
      path: `/banks/reconcile/${(await statement(seed, c)).id}/lines/2/entry`,
      token: c.token,
      body: json({ account: "627000", vatRate: "20" }),
    }),
  },
  applyBankRules: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/reconcile/${(await statement(seed, c)).id}/rules`,
      token: c.token,
      body: json({ nos: [2], ruleId: await rule(seed, c) }),
    }),
  },
  reconcileLines: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/reconcile/${(await statement(seed, c)).id}/bulk`,
      token: c.token,
      body: json({ items: [{ no: 1 }] }),
    }),
  },
  deleteBankRule: {
    status: 204,
    build: async (seed, c) => ({ path: `/banks/rules/${await rule(seed, c)}`, token: c.token }),
  },
};
