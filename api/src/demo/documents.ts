import { addDays, type CommandMetadata } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { changeStatus, createDocument } from "../documents/commands.ts";
import type { ApiLine } from "../documents/context.ts";
import { createDerivedDocument } from "../documents/derive.ts";
import { validateDocument } from "../documents/validation.ts";

const customers = [
  "Alpha SARL",
  "Gamma SAS",
  "Boulangerie Éclair",
  "Café du Parc SAS",
  "Librairie Passages",
  "Hôtel des Célestins",
  "Fromagerie Mons",
  "Studio Graphique Nord",
];
const suppliers = [
  "Beta SARL",
  "Imprimerie des Canuts",
  "Transports Rhône Express",
  "Bureau Vallée Lyon Sud",
];
/** What each month sells (a quote that may become an order and an invoice), serves and buys. */
const quoted: [reference: string, quantity: string][][] = [
  [
    ["TAB-FERME", "1"],
    ["CH-CHENE", "6"],
    ["LIVR-LYON", "1"],
  ],
  [
    ["BUF-3P", "1"],
    ["POSE-H", "3"],
  ],
  [
    ["LIT-140", "2"],
    ["COUSSIN", "4"],
  ],
  [
    ["TAB-BASSE", "1"],
    ["CH-HETRE", "4"],
  ],
];
/** Each quote's title, by what it sells (`quoted`), followed by its month. */
const quoteTitles = [
  "Table de ferme et six chaises en chêne",
  "Buffet trois portes, posé",
  "Deux lits 140 et leurs coussins",
  "Table basse et quatre chaises en hêtre",
];
const monthNames = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];
/** Quotes sent in the last weeks, still waiting for the customer's answer. */
const pending: { title: string; lines: [reference: string, quantity: string][] }[] = [
  {
    title: "Bibliothèque murale en chêne",
    lines: [
      ["BUF-3P", "1"],
      ["POSE-H", "4"],
    ],
  },
  {
    title: "Salle à manger complète",
    lines: [
      ["TAB-FERME", "1"],
      ["CH-CHENE", "8"],
      ["LIVR-LYON", "1"],
    ],
  },
];
const served: [reference: string, quantity: string][][] = [
  [["RENOV-H", "6"]],
  [
    ["ETUDE", "1"],
    ["POSE-H", "2"],
  ],
  [["ATELIER-J", "2"]],
];
const bought: [reference: string, quantity: string][][] = [
  [
    ["BOIS-CHENE", "2"],
    ["COLLE-PU", "6"],
  ],
  [
    ["BOIS-HETRE", "1.5"],
    ["VIS-4X40", "4"],
  ],
  [
    ["CP-18", "12"],
    ["VERNIS", "3"],
  ],
  [
    ["TRANSP-FOUR", "1"],
    ["ABRASIF", "2"],
  ],
];

/**
 * A year of the demo workshop's business, through the documents' own commands, month by month up to
 * today in the current year: quotes (accepted, refused, or still out), orders and delivery slips made
 * from them, sales invoices validated (numbered and posted in VT; none paid yet, so the older ones are
 * late), a service invoice a month, a credit note, and the suppliers' invoices posted in HA.
 */
export const seedDemoDocuments = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
  const db = readModels(ctx.database);
  const contacts = await db
    .selectFrom("contacts")
    .select(["contact_id", "name"])
    .where("org_id", "=", orgId)
    .execute();
  const contactId = (name: string) => contacts.find((c) => c.name === name)?.contact_id;
  const items = await db
    .selectFrom("items")
    .select(["id", "reference"])
    .where("org_id", "=", orgId)
    .execute();
  const lines = (list: [string, string][]): ApiLine[] =>
    list.flatMap(([reference, quantity]) => {
      const item = items.find((i) => i.reference === reference);
      return item ? [{ kind: "item" as const, itemId: item.id, quantity }] : [];
    });
  const today = ctx.clock().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const day = (month: number, d: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const validate = (id: string, on: string) => validateDocument(ctx, orgId, id, metadata(), on);
  const seedSmallJobs = async (month: number, other: string | undefined) => {
    const jobs: [string | undefined, number, string, [string, string][]][] = [
      [
        contactId(customers[(month + 5) % customers.length] ?? ""),
        3,
        "Livraison et montage",
        [
          ["LIVR-LYON", "1"],
          ["POSE-H", String(2 + (month % 2))],
        ],
      ],
      [
        contactId(customers[(month + 1) % customers.length] ?? ""),
        6,
        "Rénovation d’un meuble ancien",
        [
          ["RENOV-H", String(3 + (month % 4))],
          ["CIRE-500", "2"],
        ],
      ],
      [
        other,
        9,
        "Pose et réglages",
        [
          ["POSE-H", String(2 + (month % 3))],
          ["PATINS", "8"],
        ],
      ],
    ];
    for (const [contact, d, label, list] of jobs) {
      const job = await createDocument(
        ctx,
        orgId,
        {
          kind: "invoice",
          direction: "sales",
          issueDate: day(month, d),
          contactId: contact ?? null,
          label,
          lines: lines(list),
        },
        metadata(),
      );
      await validate(job, day(month, d));
    }
    const hardware = await createDocument(
      ctx,
      orgId,
      {
        kind: "invoice",
        direction: "purchases",
        issueDate: day(month, 12),
        supplierNumber: `MR${year}${String(month).padStart(2, "0")}-${String(410 + month * 3)}`,
        supplierDate: day(month, 11),
        contactId: contactId("Maison Roux Quincaillerie") ?? null,
        lines: lines([
          ["QUINC-CHAR", String(10 + month)],
          ["POIGNEE", "12"],
          ["VIS-4X40", "3"],
        ]),
      },
      metadata(),
    );
    await validate(hardware, day(month, 12));
  };
  for (let month = 1; month <= 12 && day(month, 25) <= today; month++) {
    const customer = contactId(customers[(month - 1) % customers.length] ?? "");
    const other = contactId(customers[(month + 3) % customers.length] ?? "");
    const supplier = contactId(suppliers[(month - 1) % suppliers.length] ?? "");
    // The months the bank's statements show are busier: small jobs early in the month for three more
    // customers (one of them the service invoice's, who pays both at once), and hardware bought.
    if (month >= Number(today.slice(5, 7)) - 3) await seedSmallJobs(month, other);
    // A quote; its fate by month: still out, refused, or accepted and carried to an order and an invoice.
    const quote = await createDocument(
      ctx,
      orgId,
      {
        kind: "quote",
        direction: "sales",
        issueDate: day(month, 3),
        expiryDate: day(month, 28),
        contactId: customer ?? null,
        label: `${quoteTitles[(month - 1) % quoteTitles.length]} — ${monthNames[month - 1]}`,
        lines: lines(quoted[(month - 1) % quoted.length] ?? []),
      },
      metadata(),
    );
    await changeStatus(ctx, orgId, quote, "sent", metadata());
    if (month % 4 === 0) await changeStatus(ctx, orgId, quote, "refused", metadata());
    else if (month % 4 !== 1 || day(month + 1, 1) <= today) {
      const order = await createDerivedDocument(
        ctx,
        orgId,
        { relation: "transform", docId: quote, kind: "order" },
        day(month, 8),
        metadata(),
      );
      await changeStatus(ctx, orgId, order, "accepted", metadata());
      let from = order;
      if (month % 2 === 1) {
        const delivery = await createDerivedDocument(
          ctx,
          orgId,
          { relation: "transform", docId: order, kind: "delivery" },
          day(month, 14),
          metadata(),
        );
        await changeStatus(ctx, orgId, delivery, "delivered", metadata());
        from = delivery;
      }
      const invoice = await createDerivedDocument(
        ctx,
        orgId,
        { relation: "transform", docId: from, kind: "invoice" },
        day(month, 15),
        metadata(),
      );
      await validate(invoice, day(month, 15));
    }
    // A service invoice, and in March its credit note (a 10 % rebate).
    const service = await createDocument(
      ctx,
      orgId,
      {
        kind: "invoice",
        direction: "sales",
        issueDate: day(month, 20),
        contactId: other ?? null,
        label: "Prestations d’atelier",
        lines: lines(served[(month - 1) % served.length] ?? []),
      },
      metadata(),
    );
    await validate(service, day(month, 20));
    if (month === 3) {
      const credit = await createDerivedDocument(
        ctx,
        orgId,
        {
          relation: "creditNote",
          docId: service,
          selection: {
            kind: "amounts",
            amounts: [{ net: "30", vatRate: "20", label: "Remise commerciale 10 %" }],
          },
        },
        day(month, 22),
        metadata(),
      );
      await validate(credit, day(month, 22));
    }
    // In the last two months, a quote more, sent and still waiting for its answer (valid two months).
    const waiting = pending[Number(today.slice(5, 7)) - month];
    if (waiting) {
      const sent = await createDocument(
        ctx,
        orgId,
        {
          kind: "quote",
          direction: "sales",
          issueDate: day(month, 21),
          expiryDate: addDays(day(month, 21), 60),
          contactId: other ?? null,
          label: `${waiting.title} — ${monthNames[month - 1]}`,
          lines: lines(waiting.lines),
        },
        metadata(),
      );
      await changeStatus(ctx, orgId, sent, "sent", metadata());
    }
    // The month's supplies, posted in HA with the supplier's number.
    const purchase = await createDocument(
      ctx,
      orgId,
      {
        kind: "invoice",
        direction: "purchases",
        issueDate: day(month, 25),
        supplierNumber: `F${year}-${String(month * 37).padStart(4, "0")}`,
        supplierDate: day(month, 23),
        contactId: supplier ?? null,
        lines: lines(bought[(month - 1) % bought.length] ?? []),
      },
      metadata(),
    );
    await validate(purchase, day(month, 25));
  }
};
