import {
  copyRows,
  copyRowsToPglite,
  type Database,
  pacer,
  type StoredEvent,
  TextArray,
  writeBehind,
} from "@registre/store";
import { type ColumnType, type Kysely, type RawBuilder, sql } from "kysely";

/** A read-model table as its projector declares it; `{table}` in the DDL stands for the physical name. */
export type ReadModelTable = {
  /** The name queries use: a view onto the live generation's table. */
  readonly name: string;
  /** Column and constraint definitions, e.g. "org_id uuid not null, ..., primary key (org_id, id)". */
  readonly columns: string;
  readonly indexes?: readonly string[];
  /**
   * Groups of statements that speed queries up but may be refused (an extension the server does not
   * offer or lets this user create): each group runs whole or not at all, and a refusal is not an error.
   */
  readonly optionalIndexes?: readonly (readonly string[])[];
};

/** A step of `finishRebuild`: fills `fills` (read-model table names) from the projector's other tables. */
export type RebuildStep = {
  readonly fills: readonly string[];
  readonly run: (db: ProjectionExecutor, table: TableNames) => Promise<void>;
};

/** Maps a read-model table name to the physical table of the generation being written. */
export type TableNames = (name: string) => string;

// biome-ignore lint/suspicious/noExplicitAny: read-model rows are typed by each projector's module
export type ProjectionExecutor = Kysely<any>;

/**
 * Writes rows a projector knows are new (no row with their key can exist yet) into a physical table.
 * Rows of one call have the same keys; objects and arrays go to jsonb columns, a `TextArray` (from
 * `@registre/store`) to a `text[]` column.
 */
export type RowWriter = (table: string, rows: readonly Record<string, unknown>[]) => Promise<void>;

/**
 * How `apply` writes. Live: `insert` is INSERTs of the rows as one JSON parameter, `bulk` false. A rebuild's pass over the log
 * into a new generation no reader sees: `insert` is `COPY` (`rebuildSink`), and `bulk` is true: the tables the projector's `finishRebuild` derives from others may be
 * left alone, to be filled in one statement each once the log is in.
 */
export type Sink = { readonly insert: RowWriter; readonly bulk: boolean };

/**
 * A value as `json_populate_recordset` reads it into its column: objects and arrays as they are (a jsonb
 * column takes them as JSON, a `text[]` column a `TextArray`'s values), a Date as its instant.
 */
const jsonValue = (value: unknown): unknown => {
  if (value instanceof TextArray) return [...value.values];
  if (value instanceof Date) {
    // Refused before anything is sent, as the driver refuses it: a write behind must not lose a row.
    if (Number.isNaN(value.getTime())) throw new RangeError("Invalid Date in a read model's row");
    return value.toISOString();
  }
  if (typeof value === "bigint") return value.toString();
  return value;
};

/**
 * Rows of one shape as one JSON parameter read into the table's own row type: `select <columns> from
 * json_populate_recordset(null::<table>, $1)`, each value converted by its column's type. A statement of
 * one parameter, not of one per value: the multi-row VALUES of a projection's slice (hundreds of rows,
 * ten thousand parameters) cost more to compile, send, parse and plan than to insert.
 */
export const rowsAsSelect = (table: string, rows: readonly Record<string, unknown>[]) => {
  const columns = Object.keys(rows[0] ?? {});
  const payload = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const column of columns) out[column] = jsonValue(row[column]);
    return out;
  });
  return {
    columns,
    select: sql`select ${sql.join(columns.map((c) => sql.ref(c)))}
      from json_populate_recordset(null::${sql.table(table)}, (${JSON.stringify(payload)}::text)::json)`,
  };
};

/**
 * INSERTs of at most 500 rows: building one statement of a 10,000-line statement's rows held the event
 * loop ~150 ms; each part is a turn of its own.
 */
export const insertRows =
  (db: ProjectionExecutor): RowWriter =>
  async (table, rows) => {
    // Written behind (not awaited on PostgreSQL): the loop's turn is given here, when due.
    const pace = pacer();
    for (const part of chunk(rows, 500)) {
      await pace();
      const { columns, select } = rowsAsSelect(table, part);
      await writeBehind(db, db.insertInto(table).columns(columns).expression(select));
    }
  };

/** The live sink. */
export const liveSink = (db: ProjectionExecutor): Sink => ({ insert: insertRows(db), bulk: false });

/**
 * A rebuild's sink: `COPY` inside the transaction `db` runs — FROM STDIN on PostgreSQL, from a blob on
 * PGlite (its one session is that transaction's).
 */
export const rebuildSink = (
  db: ProjectionExecutor,
  database: Pick<Database, "pglite">,
  bulk: boolean,
): Sink => {
  const { pglite } = database;
  return {
    insert: pglite
      ? (table, rows) => copyRowsToPglite(pglite, table, rows)
      : (table, rows) => copyRows(db, table, rows),
    bulk,
  };
};

/** A jsonb value from its JSON text, so that arrays stay JSON arrays. */
export const json = <T>(value: T): RawBuilder<T> => sql<T>`(${JSON.stringify(value)}::text)::jsonb`;

/**
 * In a `rebuildFromLog` statement, an event's `metadata.at` as a projector's `apply` writes it:
 * `new Date(at)` (a text given for a `timestamptz` goes through a Date too, in both drivers). The
 * store's metadata is canonical JSON (keys sorted: `at` first), and its writers give `at` as
 * `toISOString()` does: that form is sliced from the text (no JSON parsed) and read by PostgreSQL,
 * and taken only when it is the `toISOString()` of the instant read — which a Date then reads alike.
 * Any other text (more digits, another zone or none, which a Date reads in Node's zone, a second 60, a
 * letter PostgreSQL would take) is cast whole, which fails: the rebuild then applies the events in
 * batches, through `apply`. `join` goes after the events' row source named `alias`; `at` is the time.
 */
export const eventTimeFromLog = (alias: string) => ({
  join: sql.raw(`cross join lateral (select case when ${alias}.metadata like '{"at":"____-__-__T__:__:__.___Z"%'
      then substr(${alias}.metadata, 8, 24)::timestamptz end as read offset 0) event_time`),
  at: sql.raw(`case when to_char(event_time.read at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      = substr(${alias}.metadata, 8, 24) then event_time.read else ${alias}.metadata::timestamptz end`),
});

/** A `timestamptz` column: read back as a Date, written as a Date or ISO-8601 text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * A `bigint` column: read back as a number (the store parses int8 and refuses an unsafe one), written
 * as a number or as decimal text (sums added up in bigint).
 */
export type Int8 = ColumnType<number, number | string, number | string>;

/**
 * A projector folds events into read-model rows. `apply` receives a batch (only the types it
 * handles, in log order) and writes inside the runner's transaction, which also moves its checkpoint.
 * Bump `version` whenever `apply` or `tables` change: the runner then rebuilds it from the log.
 */
export type Projector = {
  readonly name: string;
  readonly version: number;
  /** The event types it reads; every type when absent. */
  readonly handles?: readonly string[];
  readonly tables: readonly ReadModelTable[];
  readonly apply: (
    db: ProjectionExecutor,
    events: readonly StoredEvent[],
    table: TableNames,
    /** How it writes; `liveSink(db)` when absent. */
    sink?: Sink,
  ) => Promise<void>;
  /**
   * After a rebuild's bulk pass: the steps that fill the tables `apply` left alone under `bulk` (their
   * rows derived from the other tables, in a statement each). The steps are independent of each other:
   * the rebuild runs them side by side, each in its own transaction, beside the index builds of the
   * tables no step fills; a step's tables get their indexes after it.
   */
  readonly finishRebuild?: readonly RebuildStep[];
  /**
   * A rebuild's bulk pass in SQL, for a projector whose rows are a pure function of the events'
   * columns: fills its tables from `log` (the events table's rows of its types committed before the
   * pass, as `select * from events`) in a statement each, the rows `apply` would have left. The
   * rebuild applies the events in batches instead when the store upcasts one of its types, and when
   * this throws (the batches then confine a failing event to its organisation).
   */
  readonly rebuildFromLog?: (
    db: ProjectionExecutor,
    table: TableNames,
    log: RawBuilder<unknown>,
  ) => Promise<void>;
};

/** Rows to insert in as few statements as the parameter limit allows. */
export const chunk = <T>(rows: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};
