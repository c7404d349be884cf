import {
  addDays,
  checkFec,
  endOfMonth,
  type FecFinding,
  isPendingVatAccount,
  monthOf,
  parisDate,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { exportFec } from "./fec.ts";
import { listFiscalYears } from "./queries.ts";

/** What an item of a check points at: the web links each kind to its page. */
export type ControlItemKind = "account" | "entry" | "statement" | "document" | "series" | "fec";

export type ControlItem = {
  kind: ControlItemKind;
  /** The account number, the entry's mvt, the statement's id, the document's id, the series, the FEC code. */
  id: string;
  /** The statement line's number (kind `statement`), else null. */
  no: number | null;
  date: string | null;
  label: string;
  /** Integer cents (debit less credit, a line's amount, a document's total), null when none. */
  amount: number | null;
};

export type ControlSeverity = "ok" | "warning" | "error" | "info";

export type ControlCheck = {
  key: ControlKey;
  count: number;
  severity: ControlSeverity;
  items: ControlItem[];
  /** Why the check says nothing (the FEC check of a year too large to read here), else null. */
  note: string | null;
  /** What was verified, when the check counts it: the series' counters, the FEC file's lines. */
  checked: number | null;
};

export const controlKeys = [
  "suspense",
  "unletteredThirdParties",
  "unreconciledBankLines",
  "draftDocuments",
  "vatNotSettled",
  "entriesOutsideYears",
  "numberingGaps",
  "fec",
] as const;
export type ControlKey = (typeof controlKeys)[number];

/** How many items a check lists: the first ones; its count says how many there are. */
export const CONTROL_ITEMS = 20;
/** An item of a customer or supplier account unlettered after this many days is old. */
export const OLD_ITEM_DAYS = 90;
/** The FEC check reads the whole year's file: above this many lines it is left to the FEC page. */
const FEC_CHECK_MAX_LINES = 50_000;

const check = (
  key: ControlKey,
  count: number,
  items: ControlItem[],
  whenFound: ControlSeverity = "warning",
  note: string | null = null,
  checked: number | null = null,
): ControlCheck => ({
  key,
  count,
  severity: count === 0 ? (note === null ? "ok" : "info") : whenFound,
  items: items.slice(0, CONTROL_ITEMS),
  note,
  checked,
});

type Span = { start: string; end: string };

/** Balances per account of the accounts starting with one of the prefixes, from the monthly balances. */
const balancesOf = async (
  ctx: AppContext,
  orgId: string,
  prefixes: readonly string[],
  span: Span,
): Promise<{ account: string; balance: number }[]> => {
  const { rows } = await sql<{ account: string; balance: string | number }>`
    select account, sum(debit - credit)::bigint as balance from account_balances
    where org_id = ${orgId}::uuid and period between ${monthOf(span.start)} and ${monthOf(span.end)}
      and (${sql.join(
        prefixes.map((p) => sql`account like ${`${p}%`}`),
        sql` or `,
      )})
    group by account having sum(debit - credit) <> 0 order by account`.execute(readModels(ctx.database));
  return rows.map((r) => ({ account: r.account, balance: Number(r.balance) }));
};

/**
 * The VAT accounts' balances that are findings: not the VAT waiting for a payment (445640 deductible on
 * services bought unpaid, 445740 collected on services sold unpaid — in no return until paid, so rightly
 * left at a period's end).
 */
export const vatLeftOver = <R extends { account: string }>(rows: readonly R[]): R[] =>
  rows.filter((r) => !isPendingVatAccount(r.account));

const accountItems = (rows: { account: string; balance: number }[]): ControlItem[] =>
  rows.map((r) => ({
    kind: "account",
    id: r.account,
    no: null,
    date: null,
    label: r.account,
    amount: r.balance,
  }));

const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/**
 * The sequences of a series' validated documents are 1..n: per series, or per series and year when
 * its counter restarts each year (the same value seen twice in a series). The gaps found, by counter.
 */
export const numberingGaps = (
  rows: readonly { series: string; sequence: number; year: string }[],
): { counter: string; missing: number[] }[] => {
  const bySeries = groupBy(rows, (r) => r.series);
  const gaps: { counter: string; missing: number[] }[] = [];
  for (const [series, docs] of bySeries) {
    const yearly = new Set(docs.map((d) => d.sequence)).size !== docs.length;
    const counters = yearly ? groupBy(docs, (d) => `${series} ${d.year}`) : new Map([[series, docs]]);
    for (const [counter, list] of counters) {
      const seen = new Set(list.map((d) => d.sequence));
      const top = Math.max(...seen);
      const missing: number[] = [];
      for (let n = 1; n <= top && missing.length < CONTROL_ITEMS; n++) if (!seen.has(n)) missing.push(n);
      if (missing.length > 0 || seen.size !== list.length) gaps.push({ counter, missing });
    }
  }
  return gaps;
};

const fecCheck = async (ctx: AppContext, orgId: string, yearId: string | null): Promise<ControlCheck> => {
  if (yearId === null) return check("fec", 0, [], "error", "fec.noYear");
  const exported = await exportFec(ctx, orgId, yearId, { writer: "pages" });
  // Its lines are read only when iterated: a year too large is left unread.
  if (exported.lineCount > FEC_CHECK_MAX_LINES) return check("fec", 0, [], "error", "fec.tooLarge");
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of exported.chunks) text += decoder.decode(chunk, { stream: true });
  text += decoder.decode();
  const findings: FecFinding[] = checkFec(exported.fileName, text);
  return check(
    "fec",
    findings.length,
    findings.map((f) => ({
      kind: "fec",
      id: f.code,
      no: f.line,
      date: null,
      label: f.message,
      amount: null,
    })),
    findings.some((f) => f.severity === "error") ? "error" : "warning",
    null,
    exported.lineCount,
  );
};

/**
 * The accountant's control panel: each check with its count and its first items, from the read
 * models (balances, ledger lines, statement lines, documents, VAT returns, fiscal years).
 */
export const controlPanel = async (ctx: AppContext, orgId: string): Promise<ControlCheck[]> => {
  const db = readModels(ctx.database);
  const today = parisDate(ctx.clock());
  const years = await listFiscalYears(ctx, orgId);
  const openYears = years.filter((y) => y.status === "open");
  // The books still open: from the first open year (its opening balances) to the last year's end.
  const span: Span | null =
    openYears.length === 0 ? null : { start: openYears[0]?.start ?? today, end: years.at(-1)?.end ?? today };
  const current = years.find((y) => y.start <= today && today <= y.end) ?? openYears.at(-1) ?? null;

  const suspense = span ? await balancesOf(ctx, orgId, ["471", "472"], span) : [];

  const oldDay = addDays(today, -OLD_ITEM_DAYS);
  const oldItems = openYears.length
    ? db
        .selectFrom("ledger_lines")
        .where("org_id", "=", orgId)
        .where(
          "fiscal_year_id",
          "in",
          openYears.map((y) => y.id),
        )
        .where((eb) => eb.or([eb("account", "like", "411%"), eb("account", "like", "401%")]))
        .where("letter_code", "is", null)
        .where("date", "<", oldDay)
    : null;
  const [oldCount, oldRows] = oldItems
    ? await Promise.all([
        oldItems.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
        oldItems
          .select(["mvt", "date", "account", "auxiliary", "label", "debit", "credit"])
          .orderBy("date")
          .orderBy("position")
          .orderBy("line")
          .limit(CONTROL_ITEMS)
          .execute(),
      ])
    : [undefined, []];

  const unmatched = db
    .selectFrom("bank_statement_lines")
    .where("org_id", "=", orgId)
    .where("match_kind", "is", null);
  const [unmatchedCount, unmatchedRows] = await Promise.all([
    unmatched.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
    unmatched
      .select(["statement_id", "no", "booking_date", "label", "amount"])
      .orderBy("booking_date")
      .orderBy("statement_id")
      .orderBy("no")
      .limit(CONTROL_ITEMS)
      .execute(),
  ]);

  const drafts = db
    .selectFrom("documents")
    .where("org_id", "=", orgId)
    .where("status", "=", "draft")
    .where("kind", "in", ["invoice", "creditNote"]);
  const [draftCount, draftRows] = await Promise.all([
    drafts.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
    drafts
      .select(["id", "direction", "kind", "issue_date", "contact_name", "label", "total_incl_tax"])
      .orderBy("issue_date")
      .orderBy("id")
      .limit(CONTROL_ITEMS)
      .execute(),
  ]);

  // VAT: deductible and collected VAT left after the last declared period (its settlement clears
  // them); without any return, 44566 and 44571 at the end of the last month ended.
  const lastReturn = await db
    .selectFrom("vat_returns")
    .select(["period", "end"])
    .where("org_id", "=", orgId)
    .orderBy("end", "desc")
    .limit(1)
    .executeTakeFirst();
  const vatEnd = lastReturn?.end ?? addDays(`${monthOf(today)}-01`, -1);
  const vatSpan = span && vatEnd >= span.start ? { start: span.start, end: endOfMonth(vatEnd) } : null;
  const vat = vatSpan
    ? vatLeftOver(await balancesOf(ctx, orgId, lastReturn ? ["4456", "4457"] : ["44566", "44571"], vatSpan))
    : [];

  // Entries of any status dated in no fiscal year.
  const outside = db
    .selectFrom("entries as e")
    .where("e.org_id", "=", orgId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("fiscal_years as y")
            .select(sql`1`.as("one"))
            .whereRef("y.org_id", "=", "e.org_id")
            .whereRef("y.start_date", "<=", "e.date")
            .whereRef("y.end_date", ">=", "e.date"),
        ),
      ),
    );
  const [outsideCount, outsideRows] = await Promise.all([
    outside.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
    outside
      .select(["e.mvt", "e.date", "e.journal", "e.piece_ref", "e.label", "e.debit"])
      .orderBy("e.date")
      .orderBy("e.mvt")
      .limit(CONTROL_ITEMS)
      .execute(),
  ]);

  const { rows: sequences } = await sql<{ series: string; sequence: string | number; year: string }>`
    select series, state->'validation'->>'sequence' as sequence, substr(issue_date, 1, 4) as year
    from documents where org_id = ${orgId}::uuid and series is not null
      and state->'validation'->>'sequence' is not null`.execute(db);
  const gaps = numberingGaps(sequences.map((r) => ({ ...r, sequence: Number(r.sequence) })));
  const counters = new Set(sequences.map((r) => r.series)).size;

  const fec = await fecCheck(ctx, orgId, current?.id ?? null);

  return [
    check("suspense", suspense.length, accountItems(suspense)),
    check(
      "unletteredThirdParties",
      Number(oldCount?.n ?? 0),
      oldRows.map((r) => ({
        kind: "entry",
        id: r.mvt,
        no: null,
        date: r.date,
        label: `${r.auxiliary ?? r.account} ${r.label}`,
        amount: r.debit - r.credit,
      })),
    ),
    check(
      "unreconciledBankLines",
      Number(unmatchedCount?.n ?? 0),
      unmatchedRows.map((r) => ({
        kind: "statement",
        id: r.statement_id,
        no: r.no,
        date: r.booking_date,
        label: r.label,
        amount: r.amount,
      })),
    ),
    check(
      "draftDocuments",
      Number(draftCount?.n ?? 0),
      draftRows.map((r) => ({
        kind: "document",
        id: r.id,
        no: null,
        date: r.issue_date,
        label: [r.contact_name, r.label].filter(Boolean).join(" · ") || `${r.direction} ${r.kind}`,
        amount: r.total_incl_tax,
      })),
    ),
    check("vatNotSettled", vat.length, accountItems(vat)),
    check(
      "entriesOutsideYears",
      Number(outsideCount?.n ?? 0),
      outsideRows.map((r) => ({
        kind: "entry",
        id: r.mvt,
        no: null,
        date: r.date,
        label: `${r.journal} ${r.piece_ref} ${r.label}`,
        amount: r.debit,
      })),
      "error",
    ),
    check(
      "numberingGaps",
      gaps.length,
      gaps.map((g) => ({
        kind: "series",
        id: g.counter,
        no: g.missing[0] ?? null,
        date: null,
        label: g.missing.join(", "),
        amount: null,
      })),
      "error",
      null,
      counters,
    ),
    fec,
  ];
};
