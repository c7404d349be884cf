import type { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, type Kysely } from "kysely";

/**
 * A `COPY … FROM STDIN` with the text it reads: Kysely hands the compiled query to the connection of
 * the caller (its transaction, its savepoints), and the PostgreSQL driver streams `copyFrom` there
 * (see postgres-driver.ts). PGlite's dialect cannot: `copyRows` is for `database.kind === "postgres"`.
 */
export type CopyQuery = CompiledQuery & { readonly copyFrom: readonly string[] };

export const isCopyQuery = (query: CompiledQuery): query is CopyQuery => "copyFrom" in query;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

const special = /[\\\t\n\r]/;
const escapeText = (text: string): string =>
  special.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
      )
    : text;

/**
 * A `text[]` value (other objects and arrays go to jsonb columns): COPY writes it as an array literal,
 * an INSERT as an array parameter.
 */
export class TextArray {
  constructor(readonly values: readonly string[]) {}
}

/** `{"a","b"}`: every element quoted, its backslashes and double quotes escaped. */
const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/**
 * One value in COPY's text format: `\N` for null; backslash, tab, line feed and carriage return
 * escaped (COPY reads every other character as it is, so `\.` cannot end the data early); objects
 * and arrays as their JSON text (jsonb columns), a `TextArray` as an array literal; dates as ISO-8601; booleans as `t`/`f`. NUL, which
 * no PostgreSQL text can hold, is refused before any text reaches the log.
 */
export const copyValue = (value: unknown): string => {
  if (value === null || value === undefined) return "\\N";
  switch (typeof value) {
    case "string":
      return escapeText(value);
    case "number":
      if (!Number.isFinite(value)) throw new Error(`COPY cannot write the number ${value}`);
      return String(value);
    case "bigint":
      return String(value);
    case "boolean":
      return value ? "t" : "f";
    case "object":
      if (value instanceof TextArray) return escapeText(arrayLiteral(value.values));
      return value instanceof Date ? value.toISOString() : escapeText(JSON.stringify(value));
    default:
      throw new Error(`COPY cannot write a ${typeof value}`);
  }
};

/** Rows as COPY text, in chunks of about `chunkSize` characters, each ending with a whole row. */
export const copyText = (
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  chunkSize = 256 * 1024,
): string[] => {
  const chunks: string[] = [];
  let text = "";
  for (const row of rows) {
    let line = "";
    for (let c = 0; c < columns.length; c++) {
      if (c > 0) line += "\t";
      line += copyValue(row[columns[c] as string]);
    }
    text += `${line}\n`;
    if (text.length >= chunkSize) {
      chunks.push(text);
      text = "";
    }
  }
  if (text) chunks.push(text);
  return chunks;
};

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${identifier(table)} (${columns.map(identifier).join(", ")}) from ${source}`;

/**
 * Writes `rows` into `table` by `COPY … FROM '/dev/blob'` on PGlite. PGlite has one session: called while
 * a Kysely transaction of it is open (the caller's), the COPY runs inside that transaction.
 */
export const copyRowsToPglite = async (
  pglite: PGlite,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  await pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], {
    blob: new Blob(copyText(rows, columns)),
  });
};

/**
 * Writes `rows` into `table` by `COPY … FROM STDIN` on the connection `db` runs on (inside its
 * transaction); the columns are the first row's keys. PostgreSQL only.
 */
export const copyRows = async (
  // biome-ignore lint/suspicious/noExplicitAny: any table, named at run time
  db: Kysely<any>,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const query: CopyQuery = {
    ...CompiledQuery.raw(copyStatement(table, columns, "stdin")),
    copyFrom: copyText(rows, columns),
  };
  await db.executeQuery(query);
};
