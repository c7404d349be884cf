import { type CommandMetadata, vatPeriodOf } from "@registre/core";
import { readModels } from "@registre/projections";
import { listFiscalYears } from "../accounting/queries.ts";
import { generateOpeningEntry } from "../accounting/year-end.ts";
import type { AppContext } from "../context.ts";
import { createDocument } from "../documents/commands.ts";
import type { ApiLine } from "../documents/context.ts";
import { validateDocument } from "../documents/validation.ts";
import { validateVatReturn } from "../vat/validate.ts";
import { payDemoReturn, vatPaymentDay } from "./vat.ts";

/**
 * Last year's business (issue 26 §4: the dashboard compares each month with the same month a year
 * before, and its twelve months reach back into last year): from February (January is the worked
 * example's) to December, a piece of furniture sold mid-month, a service invoice on the 20th and the
 * month's supplies bought on the 26th, each validated on its day through the documents' commands.
 * Their payments are `seedDemoPayments`' (all paid, but for one forgotten September service invoice:
 * an old unlettered 411 item on the control panel); their VAT returns and the next year's opening
 * entry are `seedDemoLastYearReturns`'.
 */

const sold: [reference: string, quantity: string][][] = [
  [
    ["TAB-FERME", "1"],
    ["CH-CHENE", "4"],
  ],
  [
    ["BUF-3P", "1"],
    ["LIVR-LYON", "1"],
  ],
  [
    ["TAB-BASSE", "1"],
    ["CH-HETRE", "2"],
  ],
  [
    ["LIT-140", "1"],
    ["COUSSIN", "2"],
  ],
  [
    ["ETG-MUR", "3"],
    ["POSE-H", "2"],
  ],
];
const served: [reference: string, quantity: string][][] = [
  [["RENOV-H", "5"]],
  [["ETUDE", "1"]],
  [
    ["POSE-H", "4"],
    ["LIVR-LYON", "1"],
  ],
];
const bought: [reference: string, quantity: string][][] = [
  [
    ["BOIS-CHENE", "1"],
    ["COLLE-PU", "4"],
  ],
  [
    ["BOIS-HETRE", "1"],
    ["VIS-4X40", "2"],
  ],
  [
    ["CP-18", "8"],
    ["VERNIS", "2"],
  ],
];
const customers = [
  "Librairie Passages",
  "Hôtel des Célestins",
  "Fromagerie Mons",
  "Studio Graphique Nord",
  "Alpha SARL",
  "Gamma SAS",
  "Boulangerie Éclair",
  "Café du Parc SAS",
];
const suppliers = ["Beta SARL", "Imprimerie des Canuts", "Bureau Vallée Lyon Sud"];

/** The month of last year whose service invoice the customer forgot to pay. */
export const FORGOTTEN_MONTH = 9;

/** Last year, as "2025", from today's clock. */
export const lastYearOf = (ctx: AppContext): string =>
  String(Number(ctx.clock().toISOString().slice(0, 4)) - 1);

export const seedDemoLastYear = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
  const db = readModels(ctx.database);
  const contacts = await db
    .selectFrom("contacts")
    .select(["contact_id", "name"])
    .where("org_id", "=", orgId)
    .execute();
  const contactId = (name: string | undefined) => contacts.find((c) => c.name === name)?.contact_id ?? null;
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
  const year = lastYearOf(ctx);
  const day = (month: number, d: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  for (let month = 2; month <= 12; month++) {
    const documents = [
      {
        kind: "invoice" as const,
        direction: "sales" as const,
        issueDate: day(month, 12),
        contactId: contactId(customers[month % customers.length]),
        label: "Mobilier sur commande",
        lines: lines(sold[month % sold.length] ?? []),
      },
      {
        kind: "invoice" as const,
        direction: "sales" as const,
        issueDate: day(month, 20),
        contactId: contactId(customers[(month + 3) % customers.length]),
        label: "Prestations d’atelier",
        lines: lines(served[month % served.length] ?? []),
      },
      {
        kind: "invoice" as const,
        direction: "purchases" as const,
        issueDate: day(month, 26),
        supplierNumber: `F${year}-${String(month * 41).padStart(4, "0")}`,
        supplierDate: day(month, 24),
        contactId: contactId(suppliers[month % suppliers.length]),
        lines: lines(bought[month % bought.length] ?? []),
      },
    ];
    for (const input of documents) {
      const id = await createDocument(ctx, orgId, input, metadata());
      await validateDocument(ctx, orgId, id, metadata(), input.issueDate);
    }
  }
};

/**
 * Last year's monthly VAT returns from February, validated in order and each paid by a BQ entry on the
 * 15th of the next month; then this year's provisional opening entry drawn again from last year's books.
 */
export const seedDemoLastYearReturns = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
) => {
  const year = lastYearOf(ctx);
  for (let month = 2; month <= 12; month++) {
    const period = vatPeriodOf(`${year}-${String(month).padStart(2, "0")}-01`, "monthly");
    await validateVatReturn(ctx, orgId, { period: period.key }, metadata());
    await payDemoReturn(ctx, orgId, metadata, period.key, vatPaymentDay(period.key));
  }
  // The year after last year takes its opening entry again, from last year's books as they now stand.
  const last = (await listFiscalYears(ctx, orgId)).find((y) => y.start === `${year}-01-01`);
  if (last) await generateOpeningEntry(ctx, orgId, last.id, metadata());
};
