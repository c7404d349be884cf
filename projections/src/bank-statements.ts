import type {
  BalanceWarning,
  BankStatementEvent,
  MatchTarget,
  StatementLineRecord,
  StatementNotice,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type GeneratedAlways, type Selectable, sql } from "kysely";
import { json, liveSink, type Projector } from "./projector.ts";

/** `bank_statements`: one row per live (not deleted) bank statement, with its counts and balances. */
export type BankStatementsTable = {
  org_id: string;
  id: string;
  bank_id: string;
  /** The bank's 512 account and journal when imported. */
  account: string;
  journal: string;
  source: string;
  file_name: string | null;
  format: string | null;
  encoding: string | null;
  file_size: number | null;
  file_sha256: string | null;
  reference: string | null;
  label: string;
  date_from: string | null;
  date_to: string | null;
  opening: number | null;
  opening_date: string | null;
  closing: number | null;
  closing_date: string | null;
  line_count: number;
  matched_count: number;
  /** Σ of the lines (+ money in), and the credits and debits apart. */
  total: number;
  credits: number;
  debits: number;
  warnings: BalanceWarning[];
  notices: StatementNotice[];
  already_imported: number;
  position: number;
  created_at: Date | string;
  created_by: string | null;
  updated_at: Date | string;
};
export type BankStatementRow = Selectable<BankStatementsTable>;

/** `bank_statement_lines`: each line of a live statement, its identity in the bank, and what it is matched to. */
export type BankStatementLinesTable = {
  org_id: string;
  statement_id: string;
  no: number;
  bank_id: string;
  identity: string;
  booking_date: string;
  value_date: string | null;
  amount: number;
  label: string;
  details: string[];
  bank_ref: string | null;
  reference: string | null;
  creditor_reference: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  code: string | null;
  match_kind: MatchTarget["kind"] | null;
  match_id: string | null;
  match_mvt: string | null;
  match_line: number | null;
  matched_by: string | null;
  matched_at: Date | string | null;
  /** Label, details and references lowercased by PostgreSQL: what the text filter reads (a generated column). */
  search: GeneratedAlways<string>;
};
export type BankStatementLineRow = Selectable<BankStatementLinesTable>;

const statementId = (streamId: string) => streamId.slice("bankstatement-".length);

type LineInsert = Omit<BankStatementLinesTable, "search">;

const lineRow = (orgId: string, statement: string, bankId: string, l: StatementLineRecord): LineInsert => ({
  org_id: orgId,
  statement_id: statement,
  no: l.no,
  bank_id: bankId,
  identity: l.identity,
  booking_date: l.bookingDate,
  value_date: l.valueDate ?? null,
  amount: l.amount,
  label: l.label,
  details: [...l.details],
  bank_ref: l.bankId ?? null,
  reference: l.reference ?? null,
  creditor_reference: l.creditorReference ?? null,
  counterparty_name: l.counterparty?.name ?? null,
  counterparty_iban: l.counterparty?.iban ?? null,
  code: l.code ?? null,
  match_kind: null,
  match_id: null,
  match_mvt: null,
  match_line: null,
  matched_by: null,
  matched_at: null,
});

const matchColumns = (target: MatchTarget | null, by: string | null, at: string | null) => ({
  match_kind: target?.kind ?? null,
  match_id: target?.id ?? null,
  match_mvt: target?.mvt ?? null,
  match_line: target?.line ?? null,
  matched_by: by,
  matched_at: at,
});

/**
 * The bank statements and their lines. A statement imported in the batch and its lines go through the
 * sink (COPY in a rebuild), changed in memory by the batch's later events; the others are updated in
 * place. A deleted statement's rows are removed: its lines no longer count for duplicates.
 */
export const bankStatementsProjector: Projector = {
  name: "bank_statements",
  version: 1,
  handles: [
    "BankStatementImported",
    "BankStatementLinesAdded",
    "BankStatementEdited",
    "BankStatementDeleted",
    "StatementLineMatched",
    "StatementLineUnmatched",
  ],
  tables: [
    {
      name: "bank_statements",
      columns: `org_id uuid not null, id uuid not null, bank_id uuid not null, account text not null,
        journal text not null, source text not null, file_name text, format text, encoding text, file_size integer,
        file_sha256 text, reference text, label text not null, date_from text, date_to text, opening bigint,
        opening_date text, closing bigint, closing_date text, line_count integer not null,
        matched_count integer not null, total bigint not null, credits bigint not null, debits bigint not null,
        warnings jsonb not null, notices jsonb not null, already_imported integer not null, position bigint not null,
        created_at timestamptz not null, created_by text, updated_at timestamptz not null, primary key (org_id, id)`,
      indexes: [
        "create index on {table} (org_id, bank_id, date_to)",
        "create index on {table} (org_id, date_to)",
      ],
    },
    {
      name: "bank_statement_lines",
      columns: `org_id uuid not null, statement_id uuid not null, no integer not null, bank_id uuid not null,
        identity text not null, booking_date text not null, value_date text, amount bigint not null, label text not null,
        details jsonb not null, bank_ref text, reference text, creditor_reference text, counterparty_name text,
        counterparty_iban text, code text, match_kind text, match_id text, match_mvt uuid, match_line integer,
        matched_by text, matched_at timestamptz,
        search text not null generated always as (lower(label || chr(31) || coalesce(reference, '') || chr(31)
          || coalesce(counterparty_name, '') || chr(31) || coalesce(bank_ref, ''))) stored,
        primary key (org_id, statement_id, no)`,
      indexes: [
        // The bank's lines by day: identities of an import's period, the lines list.
        "create index on {table} (org_id, bank_id, booking_date)",
        // What an entry line is matched to.
        "create index on {table} (org_id, match_mvt, match_line) where match_mvt is not null",
      ],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const statements = table("bank_statements");
    const lines = table("bank_statement_lines");
    const fresh = new Map<string, BankStatementsTable>();
    const freshLines = new Map<string, LineInsert[]>();
    const stored = new Map<string, string>();
    const bankOf = async (orgId: string, id: string): Promise<string> => {
      const key = `${orgId}|${id}`;
      const known = fresh.get(key)?.bank_id ?? stored.get(key);
      if (known) return known;
      const row = await db
        .selectFrom(statements)
        .select("bank_id")
        .where("org_id", "=", orgId)
        .where("id", "=", id)
        .executeTakeFirst();
      stored.set(key, row?.bank_id ?? "");
      return row?.bank_id ?? "";
    };
    for (const event of events) {
      const e = event as StoredEvent & BankStatementEvent;
      const id = statementId(e.streamId);
      const key = `${e.orgId}|${id}`;
      const at = e.metadata.at;
      const row = fresh.get(key);
      const setStatement = async (values: Partial<BankStatementsTable>, counts?: { matched: number }) => {
        if (row) {
          Object.assign(row, values);
          if (counts) row.matched_count += counts.matched;
          return;
        }
        await db
          .updateTable(statements)
          .set({
            ...values,
            ...(values.warnings ? { warnings: json(values.warnings) } : {}),
            ...(counts ? { matched_count: sql`matched_count + ${counts.matched}` } : {}),
          } as never)
          .where("org_id", "=", e.orgId)
          .where("id", "=", id)
          .execute();
      };
      const setLine = async (no: number, values: Partial<LineInsert>) => {
        const own = freshLines.get(key)?.[no - 1];
        if (own) Object.assign(own, values);
        else
          await db
            .updateTable(lines)
            .set(values)
            .where("org_id", "=", e.orgId)
            .where("statement_id", "=", id)
            .where("no", "=", no)
            .execute();
      };
      switch (e.type) {
        case "BankStatementImported": {
          const s = e.data;
          fresh.set(key, {
            org_id: e.orgId,
            id: s.id,
            bank_id: s.bankId,
            account: s.account,
            journal: s.journal,
            source: s.source,
            file_name: s.file?.name ?? null,
            format: s.file?.format ?? null,
            encoding: s.file?.encoding ?? null,
            file_size: s.file?.size ?? null,
            file_sha256: s.file?.sha256 ?? null,
            reference: s.reference,
            label: s.label,
            date_from: s.from,
            date_to: s.to,
            opening: s.opening?.amount ?? null,
            opening_date: s.opening?.date ?? null,
            closing: s.closing?.amount ?? null,
            closing_date: s.closing?.date ?? null,
            line_count: 0,
            matched_count: 0,
            total: 0,
            credits: 0,
            debits: 0,
            warnings: [...s.warnings],
            notices: [...s.notices],
            already_imported: s.alreadyImported,
            position: e.position,
            created_at: at,
            created_by: e.metadata.userId ?? null,
            updated_at: at,
          });
          freshLines.set(key, []);
          break;
        }
        case "BankStatementLinesAdded": {
          // Written in the commit of their header: the header is in this batch or already stored.
          const bankId = await bankOf(e.orgId, id);
          const added = e.data.lines.map((l) => lineRow(e.orgId, id, bankId, l));
          const credits = added.reduce((s, l) => s + (l.amount > 0 ? l.amount : 0), 0);
          const debits = added.reduce((s, l) => s + (l.amount < 0 ? -l.amount : 0), 0);
          if (row) {
            freshLines.get(key)?.push(...added);
            row.line_count += added.length;
            row.total += credits - debits;
            row.credits += credits;
            row.debits += debits;
          } else {
            await sink.insert(lines, added);
            await db
              .updateTable(statements)
              .set({
                line_count: sql`line_count + ${added.length}`,
                total: sql`total + ${credits - debits}`,
                credits: sql`credits + ${credits}`,
                debits: sql`debits + ${debits}`,
              } as never)
              .where("org_id", "=", e.orgId)
              .where("id", "=", id)
              .execute();
          }
          break;
        }
        case "BankStatementEdited": {
          const d = e.data;
          await setStatement({
            label: d.label,
            reference: d.reference,
            date_from: d.from,
            date_to: d.to,
            opening: d.opening?.amount ?? null,
            opening_date: d.opening?.date ?? null,
            closing: d.closing?.amount ?? null,
            closing_date: d.closing?.date ?? null,
            warnings: [...d.warnings],
            updated_at: at,
          });
          break;
        }
        case "BankStatementDeleted":
          if (row) {
            fresh.delete(key);
            freshLines.delete(key);
          } else {
            await db.deleteFrom(lines).where("org_id", "=", e.orgId).where("statement_id", "=", id).execute();
            await db.deleteFrom(statements).where("org_id", "=", e.orgId).where("id", "=", id).execute();
          }
          break;
        case "StatementLineMatched":
          await setLine(e.data.no, matchColumns(e.data.target, e.data.by, at));
          await setStatement({ updated_at: at }, { matched: 1 });
          break;
        case "StatementLineUnmatched":
          await setLine(e.data.no, matchColumns(null, null, null));
          await setStatement({ updated_at: at }, { matched: -1 });
          break;
        default:
          e satisfies never;
      }
    }
    await sink.insert(statements, [...fresh.values()]);
    await sink.insert(lines, [...freshLines.values()].flat());
  },
};
