import type { DocumentDirection, DocumentKind, DocumentStatus } from "@registre/core";
import { type Selectable, sql } from "kysely";
import type { Int8, ProjectionExecutor, TableNames } from "./projector.ts";
import { chunk } from "./projector.ts";

/**
 * The summaries the documents projector keeps beside `documents`, so that the dashboard's figures cost
 * what the calendar holds, not what the books hold. Each is a GROUP BY of `documents` (named by its
 * table): kept by the batch that writes the documents — each stored document's old cells less, each
 * written one's new cells more, a cell left with no document deleted — and filled from `documents` in one
 * statement each after a rebuild's bulk pass. Live equals rebuilt (the projector's specification).
 */

/** `document_days`: the documents by side, kind, issue day and status (the statistics by month and status). */
export type DocumentDaysTable = {
  org_id: string;
  direction: DocumentDirection;
  kind: DocumentKind;
  issue_date: string;
  status: DocumentStatus;
  documents: number;
  total_excl_tax: Int8;
  total_incl_tax: Int8;
};
export type DocumentDayRow = Selectable<DocumentDaysTable>;

/**
 * `document_open_days`: the open validated invoices and credit notes (`due > 0`) by side, kind and the day
 * they fall due (`due_day`: the due date, else the issue date), with what is left due (unsigned, as the
 * rows): the aged balance's buckets and late figures and the forecast's weeks are ranges of that day.
 */
export type DocumentOpenDaysTable = {
  org_id: string;
  direction: DocumentDirection;
  kind: "invoice" | "creditNote";
  due_day: string;
  documents: number;
  due: Int8;
};

/**
 * `document_open_contacts`: the same open documents by side and contact (`contact_key` its id, '' for
 * none), with what the contact owes (`due`: the invoices' less the credit notes'): how many owe.
 */
export type DocumentOpenContactsTable = {
  org_id: string;
  direction: DocumentDirection;
  contact_key: string;
  documents: number;
  due: Int8;
};

/** The documents' columns a document's cells are made of. */
export const summaryColumns = [
  "direction",
  "kind",
  "issue_date",
  "status",
  "total_excl_tax",
  "total_incl_tax",
  "due",
  "due_date",
  "validated_on",
  "contact_id",
] as const;

export type SummaryRow = {
  org_id: string;
  direction: string;
  kind: string;
  issue_date: string;
  status: string;
  total_excl_tax: number | string;
  total_incl_tax: number | string;
  due: number | string;
  due_date: string | null;
  validated_on: string | null;
  contact_id: string | null;
};

type Column = readonly [name: string, type: "text" | "uuid" | "integer" | "bigint"];

/** Each summary: its key (after `org_id`) and its sums (`documents` first: a cell with none is deleted). */
const summaries = {
  document_days: {
    keys: [
      ["direction", "text"],
      ["kind", "text"],
      ["issue_date", "text"],
      ["status", "text"],
    ],
    sums: [
      ["documents", "integer"],
      ["total_excl_tax", "bigint"],
      ["total_incl_tax", "bigint"],
    ],
    /** The refill's select list over `documents` (the keys, then the sums) and its filter. */
    refill: {
      keys: "direction, kind, issue_date, status",
      sums: "count(*), sum(total_excl_tax), sum(total_incl_tax)",
      where: "true",
    },
  },
  document_open_days: {
    keys: [
      ["direction", "text"],
      ["kind", "text"],
      ["due_day", "text"],
    ],
    sums: [
      ["documents", "integer"],
      ["due", "bigint"],
    ],
    refill: {
      keys: "direction, kind, coalesce(due_date, issue_date)",
      sums: "count(*), sum(due)",
      where: "due > 0 and validated_on is not null and kind in ('invoice', 'creditNote')",
    },
  },
  document_open_contacts: {
    keys: [
      ["direction", "text"],
      ["contact_key", "text"],
    ],
    sums: [
      ["documents", "integer"],
      ["due", "bigint"],
    ],
    refill: {
      keys: "direction, coalesce(contact_id::text, '')",
      sums: "count(*), sum(case when kind = 'creditNote' then -due else due end)",
      where: "due > 0 and validated_on is not null and kind in ('invoice', 'creditNote')",
    },
  },
} as const satisfies Record<
  string,
  {
    keys: readonly Column[];
    sums: readonly Column[];
    refill: { keys: string; sums: string; where: string };
  }
>;

export type SummaryTable = keyof typeof summaries;
export const summaryTables = Object.keys(summaries) as SummaryTable[];

/** The tables' definitions for the projector (primary key: the organisation, then the summary's key). */
export const summaryTableDefinitions = summaryTables.map((name) => {
  const { keys, sums } = summaries[name];
  const columns = [["org_id", "uuid"] as const, ...keys, ...sums].map(([c, t]) => `${c} ${t} not null`);
  return {
    name,
    columns: `${columns.join(", ")}, primary key (org_id, ${keys.map(([c]) => c).join(", ")})`,
  };
});

/** A change to one cell: its table, organisation, key values and what it adds to each sum. */
export type Cell = { table: SummaryTable; org: string; key: readonly string[]; sums: readonly number[] };

const isOpen = (r: SummaryRow) =>
  r.validated_on !== null && Number(r.due) > 0 && (r.kind === "invoice" || r.kind === "creditNote");

/** A document's cells, counted `sign` times (-1: taken back before it is written again or deleted). */
export const cellsOf = (r: SummaryRow, sign: 1 | -1): Cell[] => {
  const cells: Cell[] = [
    {
      table: "document_days",
      org: r.org_id,
      key: [r.direction, r.kind, r.issue_date, r.status],
      sums: [sign, sign * Number(r.total_excl_tax), sign * Number(r.total_incl_tax)],
    },
  ];
  if (!isOpen(r)) return cells;
  const due = Number(r.due);
  cells.push(
    {
      table: "document_open_days",
      org: r.org_id,
      key: [r.direction, r.kind, r.due_date ?? r.issue_date],
      sums: [sign, sign * due],
    },
    {
      table: "document_open_contacts",
      org: r.org_id,
      key: [r.direction, r.contact_id ?? ""],
      sums: [sign, sign * (r.kind === "creditNote" ? -due : due)],
    },
  );
  return cells;
};

/** The cells' changes summed per cell, those that change nothing left out. */
export const netChanges = (cells: readonly Cell[]): Cell[] => {
  const byCell = new Map<
    string,
    { table: SummaryTable; org: string; key: readonly string[]; sums: number[] }
  >();
  for (const c of cells) {
    const k = JSON.stringify([c.table, c.org, ...c.key]);
    const found = byCell.get(k);
    if (!found) byCell.set(k, { ...c, sums: [...c.sums] });
    else for (const [i, v] of c.sums.entries()) found.sums[i] = (found.sums[i] ?? 0) + v;
  }
  return [...byCell.values()].filter((c) => c.sums.some((v) => v !== 0));
};

/** Adds the changes to their cells (upserted), then deletes the cells left with no document. */
export const writeSummaryChanges = async (
  db: ProjectionExecutor,
  table: TableNames,
  changes: readonly Cell[],
): Promise<void> => {
  for (const name of summaryTables) {
    const { keys, sums } = summaries[name];
    const target = sql.table(table(name));
    const columns = [["org_id", "uuid"] as const, ...keys];
    for (const part of chunk(
      changes.filter((c) => c.table === name),
      500,
    )) {
      const keyArrays = columns.map(
        ([, type], i) => sql`${part.map((c) => (i === 0 ? c.org : c.key[i - 1]))}::${sql.raw(type)}[]`,
      );
      const sumArrays = sums.map(
        ([, type], i) => sql`${part.map((c) => String(c.sums[i] ?? 0))}::${sql.raw(type)}[]`,
      );
      const names = sql.raw([...columns, ...sums].map(([c]) => c).join(", "));
      const keyNames = sql.raw(columns.map(([c]) => c).join(", "));
      const added = sql.raw(sums.map(([c]) => `${c} = t.${c} + excluded.${c}`).join(", "));
      await sql`insert into ${target} as t (${names})
        select * from unnest(${sql.join([...keyArrays, ...sumArrays])})
        on conflict (${keyNames}) do update set ${added}`.execute(db);
      await sql`delete from ${target} where documents = 0
        and (${keyNames}) in (select * from unnest(${sql.join(keyArrays)}))`.execute(db);
    }
  }
};

/** The summaries made again from every document (a rebuild's last step; a benchmark's after changing rows by hand). */
export const refillDocumentSummaries = async (db: ProjectionExecutor, table: TableNames): Promise<void> => {
  const documents = sql.table(table("documents"));
  for (const name of summaryTables) {
    const { keys, sums, refill } = summaries[name];
    const target = sql.table(table(name));
    const names = sql.raw(["org_id", ...keys.map(([c]) => c), ...sums.map(([c]) => c)].join(", "));
    const groups = sql.raw(["org_id", ...keys.map((_, i) => String(i + 2))].join(", "));
    await sql`delete from ${target}`.execute(db);
    await sql`insert into ${target} (${names})
      select org_id, ${sql.raw(refill.keys)}, ${sql.raw(refill.sums)} from ${documents}
      where ${sql.raw(refill.where)} group by ${groups}`.execute(db);
  }
};
