import { addDays, type DocumentDirection, parisDate } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { accountMovements, listFiscalYears } from "../accounting/queries.ts";
import type { AppContext } from "../context.ts";

/**
 * Aged receivables and payables (issue 26), from the documents read model: the validated invoices with
 * something left to pay (`due > 0`) less the open credit notes (what is owed back), per contact, in the
 * buckets of their days past due at a day — not due yet, 1–30, 31–60, 61–90, over 90 days — with the
 * totals, and the late invoices oldest due first. A document without a due date is due on its issue date.
 * What is left due is today's (payments recorded after `at` are not undone); documents issued after `at`
 * are left out.
 */

export const agedBuckets = ["notDue", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgedBucket = (typeof agedBuckets)[number];

/** The bucket of a document `daysLate` days past its due date (0 or less: not due yet). */
export const agedBucketOf = (daysLate: number): AgedBucket =>
  daysLate <= 0
    ? "notDue"
    : daysLate <= 30
      ? "days1to30"
      : daysLate <= 60
        ? "days31to60"
        : daysLate <= 90
          ? "days61to90"
          : "over90";

/** Days from `from` to `to` (ISO days), negative when `to` is before. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type AgedAmounts = Record<AgedBucket, number> & { total: number };

export type AgedContact = AgedAmounts & {
  contactId: string | null;
  name: string | null;
  /** How many open invoices and credit notes make it up. */
  documents: number;
};

export type LateInvoice = {
  id: string;
  number: string | null;
  contactId: string | null;
  contactName: string | null;
  issueDate: string;
  dueDate: string;
  daysLate: number;
  totalInclTax: number;
  due: number;
};

export type AgedBalance = {
  direction: DocumentDirection;
  at: string;
  /** The contacts owing, the most first (the first `contactLimit` when told). */
  contacts: AgedContact[];
  /** How many contacts owe, whatever `contactLimit`. */
  contactCount: number;
  totals: AgedAmounts;
  /** The invoices past due at `at`, oldest due first (the first `lateLimit`). */
  late: LateInvoice[];
  lateCount: number;
  lateAmount: number;
  /**
   * The side's third-party accounts in the books at `at` (customers 411, 413, 416, 418 as owed to us;
   * suppliers 401, 403, 408 as owed by us), from the first open fiscal year; null without one. It differs
   * from `totals.total` by what the books hold outside the documents: invoices entered as entries by hand,
   * opening balances, payments not allocated to an invoice. Null too unless asked (`ledger`: a member who
   * may read the books).
   */
  ledger: number | null;
};

/** The third-party accounts of each side, and the sign that makes their balance what is owed. */
export const ledgerAccounts = {
  sales: { prefixes: ["411", "413", "416", "418"], sign: 1 },
  purchases: { prefixes: ["401", "403", "408"], sign: -1 },
} as const;

/** The side's third-party accounts' balance at `at`, from the first open fiscal year (null: none holds it). */
const ledgerOwed = async (
  ctx: AppContext,
  orgId: string,
  direction: DocumentDirection,
  at: string,
): Promise<number | null> => {
  const years = await listFiscalYears(ctx, orgId);
  const first = years.find((y) => y.status === "open") ?? years[0];
  if (!first || first.start > at) return null;
  const { prefixes, sign } = ledgerAccounts[direction];
  const movements = await accountMovements(ctx, orgId, { start: first.start, end: at });
  return movements
    .filter((m) => prefixes.some((p) => m.account.startsWith(p)))
    .reduce((s, m) => s + sign * (m.debit - m.credit), 0);
};

const n = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** French order of names, one collator for all (`localeCompare` with a locale makes one per call). */
const byName = new Intl.Collator("fr").compare;

const zero = (): AgedAmounts => ({
  notDue: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  over90: 0,
  total: 0,
});

/** What the grouping per contact answers, as text (exact cents: PostgreSQL sums bigints as numeric). */
type ContactRow = {
  contact_id: string | null;
  name: string | null;
  documents: number;
} & Record<AgedBucket | "total", string>;

const contactOf = (g: ContactRow): AgedContact => ({
  contactId: g.contact_id,
  name: g.name,
  documents: n(g.documents),
  notDue: n(g.notDue),
  days1to30: n(g.days1to30),
  days31to60: n(g.days31to60),
  days61to90: n(g.days61to90),
  over90: n(g.over90),
  total: n(g.total),
});

/** The contacts owing the most first, then by name (French order), then by id. */
const byOwing = (a: AgedContact, b: AgedContact) =>
  b.total - a.total ||
  byName(a.name ?? "", b.name ?? "") ||
  (a.contactId ?? "").localeCompare(b.contactId ?? "");

/**
 * The aged balance of one side (`sales`: receivables, `purchases`: payables) at `at` (today in Paris when
 * absent). `lateLimit` caps the late invoices listed (50 unless told; their count and amount are whole);
 * `contactLimit` the contacts listed, those owing the most (all unless told; the totals, `contactCount`,
 * `lateCount` and `lateAmount` are whole either way); `ledger`: the books' figure beside it too.
 */
export const agedBalance = async (
  ctx: AppContext,
  orgId: string,
  options: {
    direction: DocumentDirection;
    at?: string | undefined;
    lateLimit?: number | undefined;
    contactLimit?: number | undefined;
    ledger?: boolean;
  },
): Promise<AgedBalance> => {
  const at = options.at ?? parisDate(ctx.clock());
  const lateLimit = options.lateLimit ?? 50;
  const contactLimit =
    options.contactLimit === undefined ? undefined : Math.max(0, Math.floor(options.contactLimit));
  const db = readModels(ctx.database);
  const open = db
    .selectFrom("documents")
    .where("org_id", "=", orgId)
    .where("direction", "=", options.direction)
    .where("validated_on", "is not", null)
    .where("due", ">", 0)
    .where("issue_date", "<=", at);
  // The day it falls due, as the open documents' index has it: the buckets are ranges of it (ISO days
  // compare as text), so the walk is index-only and computes no date per document.
  const dueOn = sql<string>`coalesce(due_date, issue_date)`;
  const before = (d: number) => addDays(at, -d);
  const signed = sql<number>`(case when kind = 'creditNote' then -due else due end)`;
  const bucket = (where: ReturnType<typeof sql<boolean>>) =>
    sql<string>`coalesce(sum(${signed}) filter (where ${where}), 0)`;
  const isLate = sql<boolean>`kind = 'invoice' and ${dueOn} < ${at}`;
  // One walk of the open documents gives the buckets per contact and the late invoices' count and amount
  // (summed over the contacts); the list of the first late ones is a second, short walk of the index.
  const grouped = open
    .where("kind", "in", ["invoice", "creditNote"])
    .select([
      "contact_id",
      sql<string | null>`max(contact_name)`.as("name"),
      sql<number>`count(*)::integer`.as("documents"),
      bucket(sql<boolean>`${dueOn} >= ${at}`).as("notDue"),
      bucket(sql<boolean>`${dueOn} between ${before(30)} and ${before(1)}`).as("days1to30"),
      bucket(sql<boolean>`${dueOn} between ${before(60)} and ${before(31)}`).as("days31to60"),
      bucket(sql<boolean>`${dueOn} between ${before(90)} and ${before(61)}`).as("days61to90"),
      bucket(sql<boolean>`${dueOn} < ${before(90)}`).as("over90"),
      sql<string>`coalesce(sum(${signed}), 0)`.as("total"),
      sql<number>`(count(*) filter (where ${isLate}))::integer`.as("lateCount"),
      sql<string>`coalesce(sum(due) filter (where ${isLate}), 0)`.as("lateAmount"),
    ])
    .groupBy("contact_id")
    .as("g");
  const keys = [...agedBuckets, "total"] as const;
  const text = (key: (typeof keys)[number]) => sql<string>`${sql.ref(`g.${key}`)}::text`.as(key);
  const all = (key: string) => sql<string>`(sum(${sql.ref(`g.${key}`)}) over ())::text`;
  /**
   * Every contact owing, sorted here (French order of names); the totals, counts and amounts summed over
   * them.
   */
  const everyContact = async () => {
    const groups = await db
      .selectFrom(grouped)
      .select(["g.contact_id", "g.name", "g.documents", "g.lateCount", ...keys.map(text)])
      .select(sql<string>`${sql.ref("g.lateAmount")}::text`.as("lateAmount"))
      .execute();
    const contacts = groups.map(contactOf).sort(byOwing);
    const totals = zero();
    for (const c of contacts) for (const key of keys) totals[key] += c[key];
    return {
      contacts,
      totals,
      contactCount: contacts.length,
      lateCount: groups.reduce((count, g) => count + n(g.lateCount), 0),
      lateAmount: groups.reduce((amount, g) => amount + n(g.lateAmount), 0),
    };
  };
  /**
   * The `limit` contacts owing the most, in one statement: the totals over every contact as window sums
   * beside them, ordered and cut in PostgreSQL. The cut keeps the contacts tied with the last one on what
   * they owe (`with ties`), sorted here as the whole list is and then cut, so that they are the whole
   * list's first ones whatever the database's collation.
   */
  const firstContacts = async (limit: number) => {
    const query = db
      .selectFrom(grouped)
      .select(["g.contact_id", "g.name", "g.documents", ...keys.map(text)])
      .select([
        ...keys.map((key) => all(key).as(`all_${key}`)),
        all("lateCount").as("all_lateCount"),
        all("lateAmount").as("all_lateAmount"),
        sql<number>`(count(*) over ())::integer`.as("contactCount"),
      ])
      .orderBy("g.total", "desc");
    const rows = await query.fetch(limit, "with ties").execute();
    const first = rows[0];
    const totals = zero();
    if (first) for (const key of keys) totals[key] = n(first[`all_${key}`]);
    return {
      contacts: rows.map(contactOf).sort(byOwing).slice(0, limit),
      totals,
      contactCount: n(first?.contactCount),
      lateCount: n(first?.all_lateCount),
      lateAmount: n(first?.all_lateAmount),
    };
  };
  /**
   * No contact listed (the dashboard): the figures from the summaries the documents projector keeps of the
   * open documents (by the day they fall due; by contact, to count those owing), a few rows a day and one
   * a contact whatever the documents, less the open documents issued after `at` (none when `at` is
   * today: a short walk of their index).
   */
  const fromSummaries = async () => {
    const direction = options.direction;
    const sum = (where: ReturnType<typeof sql<boolean>>) =>
      sql<string>`coalesce(sum(${signed}) filter (where ${where}), 0)::text`;
    const isLateDay = sql<boolean>`kind = 'invoice' and due_day < ${at}`;
    const { rows } = await sql<
      Record<AgedBucket | "total" | "lateAmount", string> & {
        contactCount: number;
        lateCount: number;
      }
    >`with later as (
        select kind, coalesce(due_date, issue_date) as due_day, contact_id, due from documents
        where org_id = ${orgId} and direction = ${direction} and due > 0 and validated_on is not null
          and issue_date > ${at} and kind in ('invoice', 'creditNote')),
      cells as (
        select kind, due_day, documents, due from document_open_days where org_id = ${orgId} and direction = ${direction}
        union all select kind, due_day, -1, -due from later),
      owing as (
        select contact_key from (
          select contact_key, documents from document_open_contacts where org_id = ${orgId} and direction = ${direction}
          union all select coalesce(contact_id::text, ''), -1 from later) c
        group by contact_key having sum(documents) > 0)
      select ${sum(sql`due_day >= ${at}`)} as "notDue",
        ${sum(sql`due_day between ${before(30)} and ${before(1)}`)} as "days1to30",
        ${sum(sql`due_day between ${before(60)} and ${before(31)}`)} as "days31to60",
        ${sum(sql`due_day between ${before(90)} and ${before(61)}`)} as "days61to90",
        ${sum(sql`due_day < ${before(90)}`)} as "over90",
        coalesce(sum(${signed}), 0)::text as "total",
        (select count(*) from owing)::integer as "contactCount",
        coalesce(sum(documents) filter (where ${isLateDay}), 0)::integer as "lateCount",
        coalesce(sum(due) filter (where ${isLateDay}), 0)::text as "lateAmount"
      from cells`.execute(db);
    const row = rows[0];
    const totals = zero();
    if (row) for (const key of keys) totals[key] = n(row[key]);
    return {
      contacts: [],
      totals,
      contactCount: n(row?.contactCount),
      lateCount: n(row?.lateCount),
      lateAmount: n(row?.lateAmount),
    };
  };
  const [owing, late, ledger] = await Promise.all([
    contactLimit === undefined
      ? everyContact()
      : contactLimit === 0
        ? fromSummaries()
        : firstContacts(contactLimit),
    lateLimit <= 0
      ? []
      : open
          .where("kind", "=", "invoice")
          .where(sql<boolean>`${dueOn} < ${at}`)
          .select([
            "id",
            "number",
            "contact_id",
            "contact_name",
            "issue_date",
            "due_date",
            "total_incl_tax",
            "due",
          ])
          .orderBy(dueOn)
          .orderBy("position")
          .limit(lateLimit)
          .execute(),
    options.ledger === true ? ledgerOwed(ctx, orgId, options.direction, at) : null,
  ]);
  return {
    direction: options.direction,
    at,
    contacts: owing.contacts,
    contactCount: owing.contactCount,
    totals: owing.totals,
    late: late.map((r) => {
      const dueDate = r.due_date ?? r.issue_date;
      return {
        id: r.id,
        number: r.number,
        contactId: r.contact_id,
        contactName: r.contact_name,
        issueDate: r.issue_date,
        dueDate,
        daysLate: daysBetween(dueDate, at),
        totalInclTax: n(r.total_incl_tax),
        due: n(r.due),
      };
    }),
    lateCount: owing.lateCount,
    lateAmount: owing.lateAmount,
    ledger,
  };
};
