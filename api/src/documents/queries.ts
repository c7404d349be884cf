import type { z } from "@hono/zod-openapi";
import {
  type DocumentDirection,
  type DocumentKind,
  type DocumentStats,
  DomainError,
  documentTotalsOf,
  hasOwnSiren,
  isPriced,
  type LiveDocument,
  lineNet,
  nextStatuses,
  parisDate,
  remainingQuantities,
  type StatsCell,
  transformTargets,
} from "@registre/core";
import { type DocumentRow, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { DOCUMENT_COUNT_CAP } from "../http/count-caps.ts";
import { type Locale, translate } from "../http/messages.ts";
import type { Document, DocumentList, DocumentListQuery, DocumentSummary } from "../schemas/docs.ts";

type Summary = z.infer<typeof DocumentSummary>;
type Row = Omit<DocumentRow, "state">;

const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

export const summaryOf = (r: Row): Summary => ({
  id: r.id,
  kind: r.kind as Summary["kind"],
  direction: r.direction as Summary["direction"],
  status: r.status as Summary["status"],
  number: r.number,
  series: r.series,
  contactId: r.contact_id,
  contactName: r.contact_name,
  issueDate: r.issue_date,
  dueDate: r.due_date,
  reference: r.reference,
  label: r.label,
  totalExclTax: r.total_excl_tax,
  totalVat: r.total_vat,
  totalInclTax: r.total_incl_tax,
  paid: r.paid,
  due: r.due,
  paymentStatus:
    r.validated_on === null || (r.kind !== "invoice" && r.kind !== "creditNote")
      ? null
      : r.paid > 0 && r.due <= 0
        ? ("paid" as const)
        : r.paid > 0
          ? ("partial" as const)
          : ("unpaid" as const),
  entryMvt: r.entry_mvt,
  validatedOn: r.validated_on,
  origin: parsed(r.origin),
  children: parsed(r.children).map((c) => ({ docId: c.docId, kind: c.kind, relation: c.relation })),
});

const summaryColumns = [
  "org_id",
  "id",
  "direction",
  "kind",
  "status",
  "number",
  "series",
  "contact_id",
  "contact_name",
  "issue_date",
  "due_date",
  "delivery_date",
  "expiry_date",
  "reference",
  "label",
  "total_excl_tax",
  "total_vat",
  "total_incl_tax",
  "deposits",
  "paid",
  "due",
  "entry_mvt",
  "validated_on",
  "origin",
  "children",
  "line_count",
  "search",
  "position",
  "version",
  "created_at",
  "updated_at",
] as const;

/** The documents made from one, as the read model has them (a deleted draft has no row). */
type ChildRow = Pick<DocumentRow, "id" | "number" | "issue_date" | "state">;

/**
 * The whole document: its summary, contact, header, lines with their nets, totals per rate, links (its
 * children with their numbers), what remains of its lines to carry into each kind it can be made into
 * (from `children`, the rows of its children), history.
 */
export const documentAnswer = (
  r: DocumentRow,
  children: readonly ChildRow[] = [],
): Omit<z.infer<typeof Document>, "warnings"> => {
  const doc = parsed<LiveDocument>(r.state);
  const totals = documentTotalsOf(doc, r.paid);
  const rows = new Map(children.map((c) => [c.id, c]));
  const states = children.map((c) => parsed<LiveDocument>(c.state));
  return {
    ...summaryOf(r),
    children: doc.children.flatMap((c) => {
      const row = rows.get(c.docId);
      return row ? [{ ...c, number: row.number, issueDate: row.issue_date }] : [];
    }),
    remaining: Object.fromEntries(
      transformTargets[doc.kind].map((target) => [target, { ...remainingQuantities(doc, states, target) }]),
    ),
    contact: doc.contact as z.infer<typeof Document>["contact"],
    header: { ...doc.header },
    lines: doc.lines.map((l) => (isPriced(l) ? { ...l, net: lineNet(l) } : l)),
    totals: {
      totalExclTax: totals.totalExclTax,
      totalVat: totals.totalVat,
      totalInclTax: totals.totalInclTax,
      deposits: totals.deposits,
      paid: totals.paid,
      due: totals.due,
      breakdown: totals.breakdown.map((b) => ({ ...b })),
    },
    deposits: doc.deposits.map((d) => ({ docId: d.docId, number: d.number, issueDate: d.issueDate })),
    history: [...doc.history],
    nextStatuses: [...nextStatuses(doc.kind, doc.status)],
    internal: doc.internal === true,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
};

/**
 * What a purchase's page (or a supplier invoice's import) should say before anything is done with it:
 * a supplier with the organisation's own SIREN (`hasOwnSiren`) — most often one's own invoice imported
 * as a purchase, or the wrong contact chosen. The organisation is read only when the supplier has a
 * SIREN or a VAT number.
 */
export const supplierWarnings = async (
  ctx: AppContext,
  orgId: string,
  supplier: { readonly siren?: string | null; readonly vatNumber?: string | null } | null | undefined,
  locale: Locale,
): Promise<{ code: string; message: string }[]> => {
  if (!(supplier?.siren || supplier?.vatNumber)) return [];
  const org = await readModels(ctx.database)
    .selectFrom("organisations")
    .select("siren")
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!org || !hasOwnSiren(org.siren, supplier)) return [];
  // « 123 456 782 », as the documents print it.
  const params = { siren: org.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1\u00a0$2\u00a0$3") };
  return [{ code: "doc.supplierOwnSiren", message: translate("doc.supplierOwnSiren", locale, params) }];
};

/** A document's answer with its children's rows, read in one statement (none when it has no children). */
export const documentDetail = async (ctx: AppContext, orgId: string, row: DocumentRow, locale: Locale) => {
  const ids = parsed(row.children).map((c) => c.docId);
  const [children, warnings] = await Promise.all([
    ids.length
      ? readModels(ctx.database)
          .selectFrom("documents")
          .select(["id", "number", "issue_date", "state"])
          .where("org_id", "=", orgId)
          .where("id", "in", ids)
          .execute()
      : [],
    row.direction === "purchases"
      ? supplierWarnings(ctx, orgId, parsed<LiveDocument>(row.state).contact, locale)
      : [],
  ]);
  return { ...documentAnswer(row, children), warnings };
};

/** A document of the read model (the command waited for it), else 404. */
export const findDocument = async (ctx: AppContext, orgId: string, id: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new DomainError("doc.notFound", {}, 404);
  return row;
};

type ListQuery = z.infer<typeof DocumentListQuery>;

/** The list's orders; `nullable` columns sort their nulls last (the others match their index either way). */
const orderings: Record<ListQuery["sort"], [string, "asc" | "desc"][]> = {
  "-date": [
    ["issue_date", "desc"],
    ["position", "desc"],
  ],
  date: [
    ["issue_date", "asc"],
    ["position", "asc"],
  ],
  "-number": [
    ["number", "desc"],
    ["position", "desc"],
  ],
  number: [
    ["number", "asc"],
    ["position", "asc"],
  ],
  contact: [
    ["contact_name", "asc"],
    ["issue_date", "desc"],
    ["position", "desc"],
  ],
  "-totalInclTax": [
    ["total_incl_tax", "desc"],
    ["position", "desc"],
  ],
};
const nullable = new Set(["number", "contact_name"]);
const orderSql = (sort: ListQuery["sort"]) =>
  sql.raw(
    orderings[sort]
      .map(([column, direction]) => `${column} ${direction}${nullable.has(column) ? " nulls last" : ""}`)
      .join(", "),
  );

/**
 * The filtered documents of an organisation: a page, the count and the selection's totals. The count
 * and totals read the selection in the list's order up to `cap` + 1 documents (an index walk that stops
 * there, not a scan of every document): past the cap the answer says `capped`, `total` is the cap and
 * the totals add up the first `cap` documents of the list.
 */
export const listDocuments = async (
  ctx: AppContext,
  orgId: string,
  query: ListQuery,
  cap = DOCUMENT_COUNT_CAP,
): Promise<z.infer<typeof DocumentList>> => {
  const today = parisDate(ctx.clock());
  let base = readModels(ctx.database).selectFrom("documents").where("org_id", "=", orgId);
  if (query.direction) base = base.where("direction", "=", query.direction);
  if (query.kind) base = base.where("kind", "=", query.kind);
  if (query.status) base = base.where("status", "=", query.status);
  if (query.contactId) base = base.where("contact_id", "=", query.contactId);
  if (query.from) base = base.where("issue_date", ">=", query.from);
  if (query.to) base = base.where("issue_date", "<=", query.to);
  if (query.minTotal !== undefined) base = base.where("total_incl_tax", ">=", query.minTotal);
  if (query.maxTotal !== undefined) base = base.where("total_incl_tax", "<=", query.maxTotal);
  if (query.late === "true")
    base = base.where("validated_on", "is not", null).where("due", ">", 0).where("due_date", "<", today);
  if (query.q) {
    const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
    for (const word of words) base = base.where("search", "like", `%${word.replace(/[\\%_]/g, "\\$&")}%`);
  }
  const order = orderSql(query.sort);
  const selection = base
    .select([
      "total_excl_tax",
      "total_incl_tax",
      "due",
      sql<number>`row_number() over (order by ${order})`.as("rank"),
    ])
    .orderBy(order)
    .limit(cap + 1)
    .as("selection");
  const [totals, rows] = await Promise.all([
    readModels(ctx.database)
      .selectFrom(selection)
      .select([
        sql<number>`count(*)::integer`.as("n"),
        sql<string>`coalesce(sum(total_excl_tax) filter (where rank <= ${cap}), 0)::text`.as("excl"),
        sql<string>`coalesce(sum(total_incl_tax) filter (where rank <= ${cap}), 0)::text`.as("incl"),
        sql<string>`coalesce(sum(due) filter (where rank <= ${cap}), 0)::text`.as("due"),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select([...summaryColumns])
      .orderBy(order)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ]);
  return {
    items: rows.map(summaryOf),
    total: Math.min(totals.n, cap),
    ...(totals.n > cap && { capped: true as const }),
    totals: { totalExclTax: Number(totals.excl), totalInclTax: Number(totals.incl), due: Number(totals.due) },
  };
};

/**
 * Counts and amounts per status and month of one side and kind (`/docs/stats/{type}`): a GROUP BY month and
 * status in SQL over the cells the documents projector keeps by issue day and status (`document_days`: its
 * cost grows with the days of the range, not with the documents), the statuses and the whole summed here.
 */
export const documentStatistics = async (
  ctx: AppContext,
  orgId: string,
  direction: DocumentDirection,
  kind: DocumentKind,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<DocumentStats> => {
  // The counts the documents projector keeps by side, kind, issue day and status (a few rows a day).
  let q = readModels(ctx.database)
    .selectFrom("document_days")
    .select([
      sql<string>`substr(issue_date, 1, 7)`.as("month"),
      "status",
      sql<string>`sum(documents)::text`.as("count"),
      sql<string>`coalesce(sum(total_excl_tax), 0)::text`.as("excl"),
      sql<string>`coalesce(sum(total_incl_tax), 0)::text`.as("incl"),
    ])
    .where("org_id", "=", orgId)
    .where("direction", "=", direction)
    .where("kind", "=", kind);
  if (range.from) q = q.where("issue_date", ">=", range.from);
  if (range.to) q = q.where("issue_date", "<=", range.to);
  const cells = await q.groupBy([sql`substr(issue_date, 1, 7)`, "status"]).execute();
  type Status = LiveDocument["status"];
  const empty: StatsCell = { count: 0, totalExclTax: 0, totalInclTax: 0 };
  const plus = (a: StatsCell | undefined, b: StatsCell): StatsCell => ({
    count: (a ?? empty).count + b.count,
    totalExclTax: (a ?? empty).totalExclTax + b.totalExclTax,
    totalInclTax: (a ?? empty).totalInclTax + b.totalInclTax,
  });
  const byStatus: Partial<Record<Status, StatsCell>> = {};
  const months = new Map<string, { total: StatsCell; byStatus: Partial<Record<Status, StatsCell>> }>();
  let total = empty;
  for (const row of cells) {
    const status = row.status as Status;
    const cell = { count: Number(row.count), totalExclTax: Number(row.excl), totalInclTax: Number(row.incl) };
    byStatus[status] = plus(byStatus[status], cell);
    const month = months.get(row.month) ?? { total: empty, byStatus: {} };
    month.byStatus[status] = plus(month.byStatus[status], cell);
    months.set(row.month, { total: plus(month.total, cell), byStatus: month.byStatus });
    total = plus(total, cell);
  }
  return {
    byStatus,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({ month, ...m })),
    total,
  };
};

/** The documents of a contact on one side; with `due`, the validated ones left to pay, oldest due first. */
export const contactDocuments = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
  direction: "sales" | "purchases",
  due: boolean,
  /** With `due`: the open credit notes too (what a refund settles), after the invoices. */
  creditNotes = false,
): Promise<DocumentRow[]> => {
  let q = readModels(ctx.database)
    .selectFrom("documents")
    .select([...summaryColumns, "state"])
    .where("org_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .where("direction", "=", direction);
  if (due)
    q = q
      .where("validated_on", "is not", null)
      .where("kind", "in", creditNotes ? ["invoice", "creditNote"] : ["invoice"])
      .where("due", ">", 0)
      // The invoices first ("invoice" after "creditNote"), then the credit notes.
      .$if(creditNotes, (r) => r.orderBy("kind", "desc"))
      .orderBy("due_date", "asc");
  else q = q.orderBy("issue_date", "desc").orderBy("position", "desc");
  return q.limit(500).execute();
};

/** The document holding a history note (its id is unique in the organisation: derived from a command id). */
export const historyNoteDocument = async (ctx: AppContext, orgId: string, noteId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("documents")
      .select("id")
      .where("org_id", "=", orgId)
      .where(sql<boolean>`state->'history' @> (${JSON.stringify([{ id: noteId }])}::text)::jsonb`)
      .executeTakeFirst()
  )?.id;
