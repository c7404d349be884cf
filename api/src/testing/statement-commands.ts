import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

const octets = (text: string) => ({ octets: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer> });

let n = 0;
const IBAN = "FR7630006000011234567890189";

/** A bank with an IBAN, of the caller's. */
const bank = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/banks", c.token, { name: `Banque ${c.name} ${++n}`, iban: IBAN })).id as string;

/** A typed statement of one line of the caller's, in a new bank. */
const statement = async (
  seed: Seed,
  c: Caller,
  amount = c.name === "Alice" ? 2_000 : 3_000,
  bankId?: string,
) =>
  (
    await seed.ok("POST", "/banks/statements", c.token, {
      bankId: bankId ?? (await bank(seed, c)),
      lines: [{ bookingDate: seed.today, amount, label: `VIR ${c.name} ${++n}` }],
    })
  ).statementId as string;

/** A statement line and a payment of its amount into its bank: what a match takes. */
const lineAndPayment = async (seed: Seed, c: Caller) => {
  const bankId = await bank(seed, c);
  const mode = await seed.ok("POST", "/payments/modes", c.token, {
    kind: "transfer",
    label: `Virement ${c.name} ${++n}`,
    bankId,
  });
  const contact = await seed.ok("POST", "/contacts", c.token, {
    kind: "company",
    name: `Client ${c.name} ${++n}`,
    types: ["customer"],
    addresses: [{ line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
    acknowledgeDuplicates: true,
  });
  const payment = await seed.ok("POST", "/payments/sales", c.token, {
    date: seed.today,
    amount: 4_500,
    modeId: mode.id,
    contactId: contact.id,
  });
  return { id: await statement(seed, c, 4_500, bankId), payment: payment.id as string };
};

/** What the idempotency walk needs for bank statements. */
export const statementCommands: Readonly<Record<string, CommandCase>> = {
  createBankStatement: {
    status: 201,
    build: async (seed, c) => ({
      path: "/banks/statements",
      token: c.token,
      body: json({
        bankId: await bank(seed, c),
        lines: [{ bookingDate: seed.today, amount: 1_234, label: `Saisi ${c.name}` }],
      }),
    }),
  },
  importBankStatement: {
    status: 201,
    build: async (seed, c) => ({
      path: `/banks/statements/import?bankId=${await bank(seed, c)}&fileName=releve.qif`,
      token: c.token,
      body: octets(
        `!Type:Bank\nD${seed.today.slice(8, 10)}/${seed.today.slice(5, 7)}/${seed.today.slice(0, 4)}\nT-12.50\nPFrais ${c.name}\n^\n`,
      ),
    }),
  },
  updateBankStatement: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/statements/${await statement(seed, c)}`,
      token: c.token,
      body: json({
        label: `Relevé ${c.name}`,
        reference: null,
        from: null,
        to: null,
        opening: null,
        closing: null,
      }),
    }),
  },
  deleteBankStatement: {
    status: 204,
    build: async (seed, c) => ({ path: `/banks/statements/${await statement(seed, c)}`, token: c.token }),
  },
  matchBankStatementLine: {
    status: 200,
    build: async (seed, c) => {
      const { id, payment } = await lineAndPayment(seed, c);
      return {
        path: `/banks/statements/${id}/lines/1/match`,
        token: c.token,
        body: json({ kind: "payment", id: payment }),
      };
    },
  },
  unmatchBankStatementLine: {
    status: 204,
    build: async (seed, c) => {
      const { id, payment } = await lineAndPayment(seed, c);
      await seed.ok("PUT", `/banks/statements/${id}/lines/1/match`, c.token, {
        kind: "payment",
        id: payment,
      });
      return { path: `/banks/statements/${id}/lines/1/match`, token: c.token };
    },
  },
};
