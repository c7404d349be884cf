import { readFileSync } from "node:fs";
import { type Caller, type CommandCase, companyOncePerCaller, json, type Seed } from "./command-cases.ts";

let n = 0;
/** A supplier of the caller's (its auxiliary account opened), once per caller. */
const supplierOf = companyOncePerCaller((c) => `Fournisseur ${c.name}`, ["supplier"], {
  line1: "8 rue du Port",
  postalCode: "13002",
  city: "Marseille",
});

/** A draft purchase invoice of the caller's, ready to validate (it needs no seller's mentions). */
const purchase = async (seed: Seed, c: Caller) => ({
  kind: "invoice",
  direction: "purchases",
  issueDate: seed.today,
  supplierNumber: `F-${c.name}-${++n}`,
  supplierDate: seed.today,
  contactId: await supplierOf(seed, c),
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
const draftPurchase = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/docs", c.token, await purchase(seed, c))).id as string;
const quote = async (seed: Seed, c: Caller) =>
  (
    await seed.ok("POST", "/docs", c.token, {
      kind: "quote",
      direction: "sales",
      issueDate: seed.today,
      label: `Devis ${c.name}`,
    })
  ).id as string;
const noted = async (seed: Seed, c: Caller) => {
  const docId = await quote(seed, c);
  return (await seed.ok("POST", "/docs/histories", c.token, { docId, text: `Note ${c.name}` })).id as string;
};

/**
 * A draft final invoice of an accepted purchase order, deducting the order's deposit invoice (validated,
 * with the supplier's number): its id and the deposit's.
 */
const finalInvoice = async (seed: Seed, c: Caller) => {
  const { lines, contactId } = await purchase(seed, c);
  const order = await seed.ok("POST", "/docs", c.token, {
    kind: "order",
    direction: "purchases",
    issueDate: seed.today,
    contactId,
    lines,
  });
  await seed.ok("PUT", `/docs/${order.id}/status/accepted`, c.token);
  const deposit = await seed.ok("POST", "/docs", c.token, {
    kind: "invoice",
    direction: "purchases",
    issueDate: seed.today,
    from: { relation: "deposit", docId: order.id, percent: "30" },
  });
  await seed.ok("PUT", `/docs/${deposit.id}`, c.token, {
    supplierNumber: `AC-${c.name}-${++n}`,
    supplierDate: seed.today,
  });
  await seed.ok("PUT", `/docs/${deposit.id}/status/validated`, c.token);
  const invoice = await seed.ok("POST", "/docs", c.token, {
    kind: "invoice",
    direction: "purchases",
    issueDate: seed.today,
    from: { relation: "transform", docId: order.id, kind: "invoice" },
  });
  return { id: invoice.id as string, depositId: deposit.id as string };
};

/** Values that differ per caller, so that two callers' answers differ. */
const sizeOf = (c: Caller) => (c.name === "Alice" ? 20 : 30);

/** What the idempotency walk needs for the documents' commands (`/docs…`). */
export const documentCommands: Readonly<Record<string, CommandCase>> = {
  createDocument: {
    status: 201,
    build: async (seed, c) => ({ path: "/docs", token: c.token, body: json(await purchase(seed, c)) }),
  },
  updateDocument: {
    status: 200,
    build: async (seed, c) => ({
      path: `/docs/${await draftPurchase(seed, c)}`,
      token: c.token,
      body: json({ label: `Changé ${c.name}` }),
    }),
  },
  deleteDocument: {
    status: 204,
    build: async (seed, c) => ({ path: `/docs/${await draftPurchase(seed, c)}`, token: c.token }),
  },
  changeDocumentStatus: {
    status: 200,
    build: async (seed, c) => ({
      path: `/docs/${await draftPurchase(seed, c)}/status/validated`,
      token: c.token,
    }),
  },
  validateDocuments: {
    status: 200,
    build: async (seed, c) => ({
      path: "/docs/validate",
      token: c.token,
      body: json({ ids: [await draftPurchase(seed, c), await draftPurchase(seed, c)] }),
    }),
  },
  createDocumentHistory: {
    status: 201,
    build: async (seed, c) => ({
      path: "/docs/histories",
      token: c.token,
      body: json({ docId: await quote(seed, c), text: `Relance ${c.name}` }),
    }),
  },
  deductDocumentDeposit: {
    status: 200,
    build: async (seed, c) => {
      const { id, depositId } = await finalInvoice(seed, c);
      await seed.ok("DELETE", `/docs/${id}/deposits/${depositId}`, c.token);
      return { path: `/docs/${id}/deposits`, token: c.token, body: json({ docId: depositId }) };
    },
  },
  removeDocumentDeposit: {
    status: 200,
    build: async (seed, c) => {
      const { id, depositId } = await finalInvoice(seed, c);
      return { path: `/docs/${id}/deposits/${depositId}`, token: c.token };
    },
  },
  updateDocumentHistory: {
    status: 200,
    build: async (seed, c) => ({
      path: `/docs/histories/${await noted(seed, c)}`,
      token: c.token,
      body: json({ text: `Changée ${c.name}` }),
    }),
  },
  deleteDocumentHistory: {
    status: 204,
    build: async (seed, c) => ({ path: `/docs/histories/${await noted(seed, c)}`, token: c.token }),
  },
  updateDocumentSettings: {
    status: 200,
    build: async (_, c) => ({
      path: "/docs/settings",
      token: c.token,
      body: json({ legalMentions: `SARL ${c.name}`, notes: `Merci ${c.name}` }),
    }),
  },
  createDocumentPreferences: {
    status: 201,
    build: async (_, c) => ({
      path: "/docs/pref",
      token: c.token,
      body: json({ scope: "me", pageSize: sizeOf(c), status: "draft" }),
    }),
  },
  updateDocumentPreferences: {
    status: 200,
    build: async (_, c) => ({
      path: "/docs/pref/org",
      token: c.token,
      body: json({ pageSize: sizeOf(c), sort: "number" }),
    }),
  },
  deleteDocumentPreferences: {
    status: 204,
    build: async (seed, c) => {
      await seed.ok("PUT", "/docs/pref/me", c.token, { pageSize: sizeOf(c) });
      return { path: "/docs/pref/me", token: c.token };
    },
  },
  importSupplierInvoice: {
    status: 201,
    build: async (_, c) => ({
      // The fixtures' EN 16931 invoice, numbered per caller (and per run) so that answers differ.
      path: "/docs/import?createSupplier=true",
      token: c.token,
      body: {
        octets: new TextEncoder().encode(
          readFileSync(
            new URL("../../../../shared/fixtures/facturx/xml/factur-x-en16931.xml", import.meta.url),
            "utf8",
          ).replace("<ram:ID>F20260023</ram:ID>", `<ram:ID>F-${c.name}-${++n}</ram:ID>`),
        ) as Uint8Array<ArrayBuffer>,
      },
    }),
  },
};
