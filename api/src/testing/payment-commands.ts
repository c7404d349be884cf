import { type Caller, type CommandCase, companyOncePerCaller, json, type Seed } from "./command-cases.ts";

let n = 0;
/** Values that differ per caller, so that two callers' answers differ. */
const sizeOf = (c: Caller) => (c.name === "Alice" ? 2_000 : 3_000);

/** A customer of the caller's (its auxiliary account opened), once per caller. */
const customerOf = companyOncePerCaller((c) => `Client ${c.name}`, ["customer", "supplier"], {
  line1: "3 place Bellecour",
  postalCode: "69002",
  city: "Lyon",
});

const bank = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/banks", c.token, { name: `Banque ${c.name} ${++n}` })).id as string;
const mode = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/payments/modes", c.token, { kind: "other", label: `Mode ${c.name} ${++n}` }))
    .id as string;
/** An advance received by cheque (no allocation), waiting in 5112. */
const cheque = async (seed: Seed, c: Caller) =>
  (
    await seed.ok("POST", "/payments/sales", c.token, {
      date: seed.today,
      amount: sizeOf(c),
      modeId: "cheque",
      contactId: await customerOf(seed, c),
      reference: `CHQ ${c.name} ${++n}`,
    })
  ).id as string;
const advance = async (seed: Seed, c: Caller) => ({
  date: seed.today,
  amount: sizeOf(c),
  modeId: "transfer",
  contactId: await customerOf(seed, c),
  reference: `VIR ${c.name} ${++n}`,
});

/** A supplier's advance paid, and a validated purchase invoice of 30.00 € of that supplier to use it on. */
const advanceAndInvoice = async (seed: Seed, c: Caller) => {
  const contactId = await customerOf(seed, c);
  const paid = await seed.ok("POST", "/payments/purchases", c.token, await advance(seed, c));
  const draft = await seed.ok("POST", "/docs", c.token, {
    kind: "invoice",
    direction: "purchases",
    issueDate: seed.today,
    supplierNumber: `AV-${c.name}-${++n}`,
    supplierDate: seed.today,
    contactId,
    lines: [
      {
        kind: "free",
        label: `Achat ${c.name}`,
        quantity: "2",
        unitPrice: "12.5",
        vatRate: "20",
        account: "606100",
      },
    ],
  });
  await seed.ok("PUT", `/docs/${draft.id}/status/validated`, c.token);
  return { paymentId: paid.id as string, docId: draft.id as string };
};

/** What the idempotency walk needs for banks, payment modes, payments and deposits. */
export const paymentCommands: Readonly<Record<string, CommandCase>> = {
  createBank: {
    status: 201,
    build: async (_seed, c) => ({ path: "/banks", token: c.token, body: json({ name: `Banque ${c.name}` }) }),
  },
  updateBank: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/${await bank(seed, c)}`,
      token: c.token,
      body: json({ name: `Renommée ${c.name}` }),
    }),
  },
  closeBank: {
    status: 200,
    build: async (seed, c) => ({
      path: `/banks/${await bank(seed, c)}/closed`,
      token: c.token,
      body: json({ closed: true }),
    }),
  },
  createPaymentMode: {
    status: 201,
    build: async (_seed, c) => ({
      path: "/payments/modes",
      token: c.token,
      body: json({ kind: "transfer", label: `Virement ${c.name}` }),
    }),
  },
  updatePaymentMode: {
    status: 200,
    build: async (seed, c) => ({
      path: `/payments/modes/${await mode(seed, c)}`,
      token: c.token,
      body: json({ kind: "card", label: `Carte ${c.name}` }),
    }),
  },
  deletePaymentMode: {
    status: 204,
    build: async (seed, c) => ({ path: `/payments/modes/${await mode(seed, c)}`, token: c.token }),
  },
  createSalesPayment: {
    status: 201,
    build: async (seed, c) => ({
      path: "/payments/sales",
      token: c.token,
      body: json(await advance(seed, c)),
    }),
  },
  createPurchasePayment: {
    status: 201,
    build: async (seed, c) => ({
      path: "/payments/purchases",
      token: c.token,
      body: json(await advance(seed, c)),
    }),
  },
  createPayment: {
    status: 201,
    build: async (seed, c) => ({
      path: "/payments",
      token: c.token,
      body: json({ ...(await advance(seed, c)), direction: "sales" }),
    }),
  },
  cancelPayment: {
    status: 200,
    build: async (seed, c) => {
      const id = (await seed.ok("POST", "/payments/sales", c.token, await advance(seed, c))).id as string;
      return { path: `/payments/${id}/cancel`, token: c.token, body: json({ date: seed.today }) };
    },
  },
  allocatePaymentRemainder: {
    status: 200,
    build: async (seed, c) => {
      const { paymentId, docId } = await advanceAndInvoice(seed, c);
      return {
        path: `/payments/${paymentId}/allocations`,
        token: c.token,
        body: json({ date: seed.today, allocations: [{ docId, amount: sizeOf(c) / 2 }] }),
      };
    },
  },
  createDeposit: {
    status: 201,
    build: async (seed, c) => ({
      path: "/accounting/deposits",
      token: c.token,
      body: json({ date: seed.today, paymentIds: [await cheque(seed, c)] }),
    }),
  },
};
