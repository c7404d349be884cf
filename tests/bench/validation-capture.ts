/**
 * What one invoice validation writes, read back from the rows it produced (issue 24, point 4): the
 * organisation's rows of every table with an `org_id` column, taken before and after a validation (its
 * read models caught up, every projector drained), differ by the rows the validation inserted, changed
 * and deleted — the log's (events, streams, commands, the head row) and the read models' (documents,
 * entries, ledger lines, balances, totals, history, versions). Two validations in a row are captured:
 * they must have the same shape (same tables, same counts), and the ids that differ between them are
 * the validation's own (the document, its entry, its command and its parts' ids), which the hand-written
 * anchor (`validation-hand.ts`) replaces by fresh ones; the others (the organisation, its customer, its
 * fiscal year) are the organisation's. Every value is kept as PostgreSQL's text of it, with its type.
 */
import type postgres from "postgres";

export type Column = { readonly name: string; readonly type: string };

export type TableChange = {
  /** The table's name in the captured database (a read model's generation suffix included). */
  readonly table: string;
  /** The columns a writer gives (identity and generated columns left out), in table order. */
  readonly columns: readonly Column[];
  /** The primary key's columns (empty: the table has none). */
  readonly key: readonly string[];
  /** The rows as they were before, for the keys the validation changed or deleted (text values). */
  readonly before: readonly (string | null)[][];
  /** The rows the validation inserted or changed, as they are after it (text values). */
  readonly after: readonly (string | null)[][];
  /** The keys of the rows it deleted. */
  readonly deleted: readonly (string | null)[][];
};

export type Capture = {
  readonly orgId: string;
  readonly tables: readonly TableChange[];
  /** The ids that are the validation's own: the anchor gives each replay fresh ones. */
  readonly ownIds: readonly string[];
  /** Tables the validation wrote that have no `org_id` column (the runner's checkpoints): not replayed. */
  readonly global: readonly string[];
  /** Bytes of text the validation wrote (every value of its inserted and changed rows). */
  readonly bytes: number;
};

type TableInfo = { table: string; columns: Column[]; key: string[]; orgScoped: boolean };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's base tables, their writable columns with their types, and their primary keys. */
export const describeTables = async (sql: postgres.Sql): Promise<TableInfo[]> => {
  const rows = await sql<{ table: string; column: string; type: string; key: boolean }[]>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
      coalesce(a.attnum = any(i.indkey::int2[]), false) as key
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      and a.attidentity <> 'a' and a.attgenerated = ''
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where c.relkind in ('r', 'p')
    order by c.relname, a.attnum`;
  const tables = new Map<string, TableInfo>();
  for (const r of rows) {
    const t = tables.get(r.table) ?? { table: r.table, columns: [], key: [], orgScoped: false };
    t.columns.push({ name: r.column, type: r.type });
    if (r.key) t.key.push(r.column);
    if (r.column === "org_id") t.orgScoped = true;
    tables.set(r.table, t);
  }
  return [...tables.values()];
};

type Snapshot = Map<string, Map<string, (string | null)[]>>;

const keyOf = (t: TableInfo, row: readonly (string | null)[]): string => {
  const at =
    t.key.length > 0
      ? t.key.map((k) => t.columns.findIndex((c) => c.name === k))
      : t.columns.map((_, i) => i);
  return JSON.stringify(at.map((i) => row[i] ?? null));
};

/** Every row of the organisation, each value as text, by table and primary key. */
const snapshot = async (
  sql: postgres.Sql,
  tables: readonly TableInfo[],
  orgId: string,
): Promise<Snapshot> => {
  const out: Snapshot = new Map();
  for (const t of tables) {
    if (!t.orgScoped) continue;
    const list = t.columns.map((c) => `${quote(c.name)}::text`).join(", ");
    const rows = await sql
      .unsafe(`select ${list} from ${quote(t.table)} where org_id = $1`, [orgId])
      .values();
    out.set(t.table, new Map(rows.map((r) => [keyOf(t, r as (string | null)[]), r as (string | null)[]])));
  }
  return out;
};

/** The `public` tables' rows without `org_id`, whole (few: the runner's states, platform lists). */
const globalSnapshot = async (
  sql: postgres.Sql,
  tables: readonly TableInfo[],
): Promise<Map<string, string>> => {
  const out = new Map<string, string>();
  for (const t of tables) {
    if (t.orgScoped) continue;
    const [row] = await sql.unsafe(
      `select coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as sum from ${quote(t.table)} x`,
    );
    out.set(t.table, String(row?.sum ?? ""));
  }
  return out;
};

type Diff = { tables: TableChange[]; global: string[] };

const diff = (
  tables: readonly TableInfo[],
  before: Snapshot,
  after: Snapshot,
  globalBefore: Map<string, string>,
  globalAfter: Map<string, string>,
): Diff => {
  const changes: TableChange[] = [];
  for (const t of tables) {
    const b = before.get(t.table);
    const a = after.get(t.table);
    if (!a || !b) continue;
    const changed: (string | null)[][] = [];
    const old: (string | null)[][] = [];
    for (const [k, row] of a) {
      const was = b.get(k);
      if (was && JSON.stringify(was) === JSON.stringify(row)) continue;
      changed.push(row);
      if (was) old.push(was);
    }
    const deleted: (string | null)[][] = [];
    for (const [k, row] of b) {
      if (a.has(k)) continue;
      old.push(row);
      deleted.push(JSON.parse(k) as (string | null)[]);
    }
    if (changed.length > 0 || deleted.length > 0)
      changes.push({ table: t.table, columns: t.columns, key: t.key, before: old, after: changed, deleted });
  }
  const global = [...globalAfter.keys()].filter((t) => globalAfter.get(t) !== globalBefore.get(t));
  return { tables: changes, global };
};

const idsIn = (d: Diff): Set<string> => {
  const ids = new Set<string>();
  for (const t of d.tables)
    for (const row of [...t.before, ...t.after, ...t.deleted])
      for (const v of row) for (const m of (v ?? "").matchAll(UUID)) ids.add(m[0]);
  return ids;
};

const shape = (d: Diff) =>
  d.tables.map((t) => `${t.table}: ${t.after.length} written, ${t.deleted.length} deleted`).join("; ");

/**
 * Captures what a validation writes: `validate(i)` validates the organisation's next draft (i = 0, 1)
 * and `settle()` waits until every projector has applied it. The organisation should have validated
 * one invoice before (its balances, totals and sequence then exist, as in the measured rounds).
 */
export const captureValidation = async (
  sql: postgres.Sql,
  orgId: string,
  validate: (i: number) => Promise<void>,
  settle: () => Promise<void>,
): Promise<Capture> => {
  const tables = await describeTables(sql);
  const once = async (i: number): Promise<Diff> => {
    await settle();
    const before = await snapshot(sql, tables, orgId);
    const globalBefore = await globalSnapshot(sql, tables);
    await validate(i);
    await settle();
    return diff(
      tables,
      before,
      await snapshot(sql, tables, orgId),
      globalBefore,
      await globalSnapshot(sql, tables),
    );
  };
  const first = await once(0);
  const second = await once(1);
  if (shape(first) !== shape(second))
    throw new Error(`two validations wrote different shapes: ${shape(first)} / ${shape(second)}`);
  const later = idsIn(second);
  const ownIds = [...idsIn(first)].filter((id) => !later.has(id) && id !== orgId);
  let bytes = 0;
  for (const t of first.tables)
    for (const row of t.after) for (const v of row) bytes += Buffer.byteLength(v ?? "");
  return { orgId, tables: first.tables, ownIds, global: first.global, bytes };
};

/** One line per table: what the capture holds (for the log and the report). */
export const describeCapture = (c: Capture): string =>
  c.tables
    .map((t) => {
      const inserted = t.after.length - (t.before.length - t.deleted.length);
      const changed = t.after.length - inserted;
      const parts = [
        inserted && `${inserted} inserted`,
        changed && `${changed} changed`,
        t.deleted.length && `${t.deleted.length} deleted`,
      ];
      return `${t.table.replace(/_g\d+$/, "")} ${parts.filter(Boolean).join(", ")}`;
    })
    .join("; ");
