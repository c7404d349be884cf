import {
  type BalanceSheet,
  formatFecAmount,
  type IncomeStatement,
  type StatementSection,
  type TrialBalance,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { stringify } from "csv-stringify/sync";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { type DateRange, generalLedgerPage, type LedgerCursor } from "./queries.ts";

/**
 * Spreadsheet exports the French way: `;` between fields, comma decimals, dates DD/MM/YYYY, CR LF
 * line ends and a UTF-8 byte order mark, so that Excel opens them right with a double click.
 */

export const CSV_BOM = "\ufeff";
export const CSV_MEDIA_TYPE = "text/csv; charset=utf-8";

/** Rows of cells as CSV text (no BOM): `;`, CR LF, quotes where a cell needs them. */
export const csvRows = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.length === 0
    ? ""
    : stringify(rows as (string | number)[][], { delimiter: ";", record_delimiter: "windows" });

/** Amounts as a French spreadsheet reads them: "1234,56", "-0,05". */
export const csvAmount = (cents: number): string => formatFecAmount(cents);

/** "2025-01-31" -> "31/01/2025"; "" stays "". */
export const csvDate = (date: string | null | undefined): string =>
  date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : "";

/** A text cell: one that a spreadsheet would take for a formula (=, +, -, @) starts with an apostrophe. */
export const csvText = (text: string | null | undefined): string => {
  const value = text ?? "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
};

/** The trial balance (balance générale): one row per account, then the totals. */
export const trialBalanceCsv = (balance: TrialBalance): string =>
  CSV_BOM +
  csvRows([
    ["Compte", "Libellé", "Mouvements débit", "Mouvements crédit", "Solde"],
    ...balance.rows.map((r) => [
      r.account,
      csvText(r.label),
      csvAmount(r.debit),
      csvAmount(r.credit),
      csvAmount(r.debit - r.credit),
    ]),
    [
      "Total",
      "",
      csvAmount(balance.totals.debit),
      csvAmount(balance.totals.credit),
      csvAmount(balance.totals.debit - balance.totals.credit),
    ],
  ]);

const sectionRows = (side: string, sections: readonly StatementSection[]) =>
  sections.flatMap((s) => [
    ...s.lines.map((l) => [side, csvText(s.label), l.key, csvText(l.label), csvAmount(l.amount)]),
    [side, csvText(s.label), s.key, `Total ${csvText(s.label)}`, csvAmount(s.total)],
  ]);

const STATEMENT_HEADER = ["Partie", "Section", "Rubrique", "Libellé", "Montant"];

/** The income statement (compte de résultat): one row per rubric, section totals, the result. */
export const incomeStatementCsv = (statement: IncomeStatement): string =>
  CSV_BOM +
  csvRows([
    STATEMENT_HEADER,
    ...sectionRows("Compte de résultat", statement.sections),
    ["Compte de résultat", "", "netTurnover", "Chiffre d'affaires net", csvAmount(statement.netTurnover)],
    ["Compte de résultat", "", "result", "Résultat de l'exercice", csvAmount(statement.result)],
  ]);

/** The balance sheet (bilan): assets then liabilities, one row per rubric, with totals. */
export const balanceSheetCsv = (sheet: BalanceSheet): string =>
  CSV_BOM +
  csvRows([
    STATEMENT_HEADER,
    ...sectionRows("Actif", sheet.assets),
    ["Actif", "", "totalAssets", "Total actif", csvAmount(sheet.totalAssets)],
    ...sectionRows("Passif", sheet.liabilities),
    ["Passif", "", "totalLiabilities", "Total passif", csvAmount(sheet.totalLiabilities)],
  ]);

type LineRow = {
  journal: string;
  number: string;
  position: number;
  line: number;
  date: string;
  piece_ref: string;
  piece_date: string;
  account: string;
  auxiliary: string | null;
  label: string;
  debit: number;
  credit: number;
  letter_code: string | null;
  letter_date: string | null;
  validated_on: string;
};

export type EntriesCsvOptions = {
  /** "validation" (the FEC's order, the default) or "journal": journal by journal, then validation order. */
  readonly order?: "validation" | "journal" | undefined;
  readonly batchSize?: number | undefined;
};

export const ENTRIES_CSV_HEADER = [
  "Journal",
  "Libellé journal",
  "N° écriture",
  "Date",
  "Pièce",
  "Date pièce",
  "Compte",
  "Libellé compte",
  "Compte auxiliaire",
  "Libellé auxiliaire",
  "Libellé",
  "Débit",
  "Crédit",
  "Lettrage",
  "Date lettrage",
  "Validée le",
] as const;

const labelsOf = async (ctx: AppContext, orgId: string) => {
  const db = readModels(ctx.database);
  const [journals, accounts] = await Promise.all([
    db.selectFrom("journals").select(["code", "label"]).where("org_id", "=", orgId).execute(),
    db.selectFrom("accounts").select(["number", "label"]).where("org_id", "=", orgId).execute(),
  ]);
  return {
    journals: new Map(journals.map((r) => [r.code, r.label])),
    accounts: new Map(accounts.map((r) => [r.number, r.label])),
  };
};

/**
 * The validated entries of a date range, one row per line (a BOM first, then the header), read
 * from the ledger by keyset pages: a chunk of CSV text per page, never the whole range at once.
 */
export async function* entriesCsv(
  ctx: AppContext,
  orgId: string,
  range: DateRange,
  options: EntriesCsvOptions = {},
): AsyncGenerator<string> {
  const byJournal = options.order === "journal";
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const { journals, accounts } = await labelsOf(ctx, orgId);
  yield CSV_BOM + csvRows([[...ENTRIES_CSV_HEADER]]);
  let after: LineRow | null = null;
  for (;;) {
    const cursor: LineRow | null = after;
    let query = readModels(ctx.database)
      .selectFrom("ledger_lines")
      .select([
        "journal",
        "number",
        "position",
        "line",
        "date",
        "piece_ref",
        "piece_date",
        "account",
        "auxiliary",
        "label",
        "debit",
        "credit",
        "letter_code",
        "letter_date",
        "validated_on",
      ])
      .where("org_id", "=", orgId)
      .where("date", ">=", range.start)
      .where("date", "<=", range.end);
    if (cursor)
      query = byJournal
        ? query.where(
            sql`(journal, position, line)`,
            ">",
            sql`(${cursor.journal}, ${cursor.position}::bigint, ${cursor.line}::integer)`,
          )
        : query.where(sql`(position, line)`, ">", sql`(${cursor.position}::bigint, ${cursor.line}::integer)`);
    const rows = (await (byJournal
      ? query.orderBy("journal").orderBy("position").orderBy("line")
      : query.orderBy("position").orderBy("line")
    )
      .limit(batchSize)
      .execute()) as LineRow[];
    if (rows.length > 0)
      yield csvRows(
        rows.map((r) => [
          r.journal,
          csvText(journals.get(r.journal)),
          r.number,
          csvDate(r.date),
          csvText(r.piece_ref),
          csvDate(r.piece_date),
          r.account,
          csvText(accounts.get(r.account)),
          r.auxiliary ?? "",
          csvText(r.auxiliary ? accounts.get(r.auxiliary) : ""),
          csvText(r.label),
          csvAmount(r.debit),
          csvAmount(r.credit),
          r.letter_code ?? "",
          csvDate(r.letter_date),
          csvDate(r.validated_on),
        ]),
      );
    if (rows.length < batchSize) return;
    after = rows.at(-1) ?? null;
  }
}

/** The general ledger (grand livre) of a date range: account by account, with the running balance. */
export async function* generalLedgerCsv(
  ctx: AppContext,
  orgId: string,
  range: DateRange,
): AsyncGenerator<string> {
  const { accounts } = await labelsOf(ctx, orgId);
  yield CSV_BOM +
    csvRows([
      [
        "Compte",
        "Libellé compte",
        "Date",
        "Journal",
        "N° écriture",
        "Pièce",
        "Compte auxiliaire",
        "Libellé",
        "Débit",
        "Crédit",
        "Solde",
        "Lettrage",
      ],
    ]);
  let after: LedgerCursor | undefined;
  for (;;) {
    const page = await generalLedgerPage(ctx, orgId, { ...range, after, limit: 1000 });
    yield csvRows(
      page.rows.map((r) => [
        r.account,
        csvText(accounts.get(r.account)),
        csvDate(r.date),
        r.journal,
        r.number,
        csvText(r.pieceRef),
        r.auxiliary ?? "",
        csvText(r.label),
        csvAmount(r.debit),
        csvAmount(r.credit),
        csvAmount(r.balance),
        r.letterCode ?? "",
      ]),
    );
    if (!page.next) return;
    after = page.next;
  }
}

export type JournalTotal = {
  readonly journal: string;
  readonly label: string;
  readonly entries: number;
  readonly lines: number;
  readonly debit: number;
  readonly credit: number;
};

/** Per journal, over a date range: how many validated entries and lines, and their debit and credit totals. */
export const journalTotals = async (
  ctx: AppContext,
  orgId: string,
  range: DateRange,
): Promise<JournalTotal[]> => {
  const { journals } = await labelsOf(ctx, orgId);
  const rows = await readModels(ctx.database)
    .selectFrom("ledger_lines")
    .select([
      "journal",
      sql<number>`count(distinct mvt)::integer`.as("entries"),
      sql<number>`count(*)::integer`.as("lines"),
      sql<number>`coalesce(sum(debit), 0)::bigint`.as("debit"),
      sql<number>`coalesce(sum(credit), 0)::bigint`.as("credit"),
    ])
    .where("org_id", "=", orgId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end)
    .groupBy("journal")
    .orderBy("journal")
    .execute();
  return rows.map((r) => ({
    journal: r.journal,
    label: journals.get(r.journal) ?? "",
    entries: Number(r.entries),
    lines: Number(r.lines),
    debit: Number(r.debit),
    credit: Number(r.credit),
  }));
};

/** The journal totals as CSV: one row per journal, then the grand total. */
export const journalTotalsCsv = (totals: readonly JournalTotal[]): string =>
  CSV_BOM +
  csvRows([
    ["Journal", "Libellé", "Écritures", "Lignes", "Débit", "Crédit"],
    ...totals.map((t) => [
      t.journal,
      csvText(t.label),
      t.entries,
      t.lines,
      csvAmount(t.debit),
      csvAmount(t.credit),
    ]),
    [
      "Total",
      "",
      totals.reduce((s, t) => s + t.entries, 0),
      totals.reduce((s, t) => s + t.lines, 0),
      csvAmount(totals.reduce((s, t) => s + t.debit, 0)),
      csvAmount(totals.reduce((s, t) => s + t.credit, 0)),
    ],
  ]);

/** Collects a streamed export, text or UTF-8 bytes, into one string (small exports, tests). */
export const collect = async (chunks: AsyncIterable<string | Uint8Array>): Promise<string> => {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of chunks)
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
};
