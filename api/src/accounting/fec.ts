import {
  cleanFecText,
  DomainError,
  FEC_LINE_END,
  type FecSeparator,
  fecDescription,
  fecFileName,
  fecHeader,
  formatFecAmount,
  formatFecDate,
  isIsoDate,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { catchUpLedger } from "./books.ts";
import { type FiscalYearRow, findFiscalYear } from "./queries.ts";

/** How long the import waits, at the end, for the ledger to show its entries. */
const _LEDGER_TIMEOUT_MS = 600_000;

/** Rows read per query while exporting: memory stays flat whatever the size of the year. */
const EXPORT_BATCH = 5000;

export type FecExportOptions = {
  /** TAB (the default) or "|". */
  readonly separator?: FecSeparator | undefined;
  /** Only entries dated up to this day (YYYY-MM-DD), and the file named as if the year closed then. */
  readonly until?: string | undefined;
  readonly batchSize?: number | undefined;
  /**
   * How lines are written: by PostgreSQL in one statement streamed by COPY (the default on a
   * server), or in TypeScript from keyset pages (PGlite, and the reference the other must equal).
   */
  readonly writer?: "sql" | "pages" | undefined;
};

export type FecExport = {
  /** `<SIREN>FEC<AAAAMMJJ>.txt`. */
  readonly fileName: string;
  /** `<SIREN>FEC<AAAAMMJJ>.description.txt`. */
  readonly descriptionFileName: string;
  /** The description file's text (LPF art. A47 A-1): fields, forms, separator, encoding, line count. */
  readonly description: string;
  readonly year: FiscalYearRow;
  /** The year's end, or `until`. */
  readonly closingDate: string;
  readonly separator: FecSeparator;
  /** Lines of entries, the header not counted. */
  readonly lineCount: number;
  /**
   * The file's UTF-8 bytes in chunks (the header line, then the lines, every one ended by CR LF),
   * streamed from the ledger: iterate it once.
   */
  readonly chunks: AsyncIterable<Uint8Array>;
};

export type FecLedgerRow = {
  line: number;
  journal: string;
  number: string;
  position: number;
  date: string;
  piece_ref: string;
  piece_date: string;
  account: string;
  auxiliary: string | null;
  label: string;
  debit: number;
  credit: number;
  validated_on: string;
  letter_code: string | null;
  letter_date: string | null;
};

/** A text the deciders wrote is already a clean FEC field: no control character, no "|", single spaces, trimmed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a clean field lacks
const CLEAN_FIELD = /^(?:[^\u0000-\u0020\u007f|]+(?: [^\u0000-\u0020\u007f|]+)*)?$/;

/**
 * One ledger line as a FEC line: the same text as the core's `fecLine`, written faster (labels of
 * journals and accounts cleaned once, texts already clean passed through, dates re-cut), which a
 * year of a million lines needs.
 */
export const fecLineWriter = (
  separator: FecSeparator,
  journalLabels: ReadonlyMap<string, string>,
  accountLabels: ReadonlyMap<string, string>,
  until?: string | undefined,
) => {
  const text = (value: string): string => (CLEAN_FIELD.test(value) ? value : cleanFecText(value, separator));
  // Codes and labels of the chart and journals only: the cache stays the size of the chart.
  const cache = new Map<string, string>();
  const cached = (value: string): string => {
    let clean = cache.get(value);
    if (clean === undefined) {
      clean = text(value);
      cache.set(value, clean);
    }
    return clean;
  };
  const day = (date: string): string =>
    date.length === 10 && date[4] === "-" && date[7] === "-"
      ? `${date.slice(0, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`
      : formatFecDate(date);
  const s = separator;
  return (r: FecLedgerRow): string => {
    // Lettering done with a line after `until` did not exist at that closing date.
    const lettered = r.letter_code !== null && (until === undefined || (r.letter_date ?? "") <= until);
    const aux = r.auxiliary ?? "";
    return (
      `${cached(r.journal)}${s}${cached(journalLabels.get(r.journal) ?? r.journal)}${s}${text(r.number)}${s}` +
      `${day(r.date)}${s}${cached(r.account)}${s}${cached(accountLabels.get(r.account) ?? r.account)}${s}` +
      `${cached(aux)}${s}${aux ? cached(accountLabels.get(aux) ?? aux) : ""}${s}${text(r.piece_ref)}${s}` +
      `${day(r.piece_date)}${s}${text(r.label)}${s}${formatFecAmount(r.debit)}${s}${formatFecAmount(r.credit)}${s}` +
      `${lettered ? text(r.letter_code ?? "") : ""}${s}${lettered && r.letter_date ? day(r.letter_date) : ""}${s}` +
      `${day(r.validated_on)}${s}${s}`
    );
  };
};

const organisationOf = async (ctx: AppContext, orgId: string) => {
  const org = await readModels(ctx.database)
    .selectFrom("organisations")
    .select(["name", "siren"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!org) throw new DomainError("organisation.notFound", {}, 404);
  return { name: org.name, siren: org.siren };
};

/**
 * The FEC of a fiscal year (LPF art. A47 A-1): every validated line of the year, opening entries
 * included, in validation order, with the journals' and accounts' labels, the auxiliary account on
 * third-party lines, lettering, piece and validation dates. Streamed, never the whole year at once:
 * by COPY on a server, in keyset pages of 5 000 lines on PGlite. `yearIdOrYear` is a year's id or the year of
 * its end ("2025").
 */
/** A COPY chunk (whole UTF-8 bytes, LF line ends) with the FEC's CR LF: 0x0A never occurs inside a character. */
const lfToCrlf = (chunk: Buffer): Buffer => {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count++;
  if (count === 0) return chunk;
  const out = Buffer.allocUnsafe(chunk.length + count);
  let written = 0;
  let from = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
    written += chunk.copy(out, written, from, at);
    out[written++] = 13;
    out[written++] = 10;
    from = at + 1;
  }
  chunk.copy(out, written, from);
  return out;
};

export const exportFec = async (
  ctx: AppContext,
  orgId: string,
  yearIdOrYear: string,
  options: FecExportOptions = {},
): Promise<FecExport> => {
  const separator = options.separator ?? "\t";
  if (separator !== "\t" && separator !== "|")
    throw new DomainError("validation.invalid", { field: "separator", value: String(separator) });
  await catchUpLedger(ctx, orgId);
  const year = await findFiscalYear(ctx, orgId, yearIdOrYear);
  const until = options.until;
  if (until !== undefined) {
    if (!isIsoDate(until)) throw new DomainError("validation.invalidDate", { value: until });
    if (until < year.start || until > year.end)
      throw new DomainError("period.outsideYear", { until, start: year.start, end: year.end });
  }
  const closingDate = until ?? year.end;
  const org = await organisationOf(ctx, orgId);
  const fileName = fecFileName(org.siren, closingDate);
  const db = readModels(ctx.database);
  // The description's line count, from the balances' line counts (whole months, then the days of
  // the month `until` cuts) rather than counting the year's lines: the year's months hold its lines only.
  const last = closingDate;
  const { rows: counted } = await sql<{ lines: number }>`
    select (coalesce((select sum(lines) from account_balances where org_id = ${orgId}::uuid
        and period >= ${year.start.slice(0, 7)} and period < ${last.slice(0, 7)}), 0)
      + coalesce((select sum(lines) from account_day_balances where org_id = ${orgId}::uuid
        and date >= ${`${last.slice(0, 7)}-01`} and date <= ${last}), 0))::bigint as lines`.execute(db);
  const lineCount = Number(counted[0]?.lines ?? 0);
  const batchSize = Math.max(1, options.batchSize ?? EXPORT_BATCH);
  /** The TypeScript writer's lines, with the journals' and accounts' labels (COPY joins them itself). */
  const lineWriter = async () => {
    const journals = new Map(
      (await db.selectFrom("journals").select(["code", "label"]).where("org_id", "=", orgId).execute()).map(
        (r) => [r.code, r.label],
      ),
    );
    const accounts = new Map(
      (await db.selectFrom("accounts").select(["number", "label"]).where("org_id", "=", orgId).execute()).map(
        (r) => [r.number, r.label],
      ),
    );
    return fecLineWriter(separator, journals, accounts, until);
  };
  const page = (after: { position: number; line: number } | null) =>
    db
      .selectFrom("ledger_lines")
      .select([
        "line",
        "journal",
        "number",
        "position",
        "date",
        "piece_ref",
        "piece_date",
        "account",
        "auxiliary",
        "label",
        "debit",
        "credit",
        "validated_on",
        "letter_code",
        "letter_date",
      ])
      .where("org_id", "=", orgId)
      .where("fiscal_year_id", "=", year.id)
      .$if(until !== undefined, (q) => q.where("date", "<=", until ?? ""))
      .$if(after !== null, (q) =>
        q.where(
          sql`(position, line)`,
          ">",
          sql`(${after?.position ?? 0}::bigint, ${after?.line ?? 0}::integer)`,
        ),
      )
      .orderBy("position")
      .orderBy("line")
      .limit(batchSize)
      .execute() as Promise<FecLedgerRow[]>;
  // On a server, PostgreSQL writes the lines itself (the texts were cleaned when written, as the
  // writer's CLEAN_FIELD check would find them) and COPY streams them: the speed of COPY itself.
  // COPY takes no parameters: the values are literals, each checked above (uuids from the read
  // models, `until` an ISO date, the separator TAB or |). The CSV format with a delimiter and a quote
  // that never occur passes each line through unescaped; its LF is turned into the FEC's CR LF.
  async function* copyChunks(
    open: NonNullable<AppContext["database"]["dedicated"]>,
  ): AsyncGenerator<Uint8Array> {
    yield Buffer.from(fecHeader(separator) + FEC_LINE_END);
    const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
    const date = (column: string) => `replace(${column}, '-', '')`;
    const amount = (column: string) =>
      `(${column} / 100)::text || ',' || lpad((${column} % 100)::text, 2, '0')`;
    const lettered = `l.letter_code is not null${
      until === undefined ? "" : ` and coalesce(l.letter_date, '') <= ${literal(until)}`
    }`;
    const statement = `copy (
      select concat_ws(${literal(separator)}, l.journal, coalesce(j.label, l.journal), l.number, ${date("l.date")},
        l.account, coalesce(a.label, l.account), coalesce(l.auxiliary, ''),
        case when l.auxiliary is null then '' else coalesce(x.label, l.auxiliary) end,
        l.piece_ref, ${date("l.piece_date")}, l.label, ${amount("l.debit")}, ${amount("l.credit")},
        case when ${lettered} then l.letter_code else '' end,
        case when ${lettered} then ${date("coalesce(l.letter_date, '')")} else '' end,
        ${date("l.validated_on")}, '', '')
      from ledger_lines l
      left join journals j on j.org_id = l.org_id and j.code = l.journal
      left join accounts a on a.org_id = l.org_id and a.number = l.account
      left join accounts x on x.org_id = l.org_id and x.number = l.auxiliary
      where l.org_id = ${literal(orgId)}::uuid and l.fiscal_year_id = ${literal(year.id)}::uuid
        ${until === undefined ? "" : `and l.date <= ${literal(until)}`}
      order by l.position, l.line
    ) to stdout with (format csv, delimiter E'\\x01', quote E'\\x02')`;
    const client = open();
    const stream = await client.unsafe(statement).readable();
    try {
      for await (const buffer of stream as AsyncIterable<Buffer>) yield lfToCrlf(buffer);
    } finally {
      stream.destroy();
      await client.end({ timeout: 1 });
    }
  }
  // The next page is asked for while this one is written out: at most two pages in memory.
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const dedicated = ctx.database.dedicated;
    if (dedicated && options.writer !== "pages") {
      yield* copyChunks(dedicated);
      return;
    }
    const lineOf = await lineWriter();
    yield Buffer.from(fecHeader(separator) + FEC_LINE_END);
    let next: Promise<FecLedgerRow[]> | null = page(null);
    while (next) {
      const rows: FecLedgerRow[] = await next;
      const last = rows.at(-1);
      next = last && rows.length === batchSize ? page({ position: last.position, line: last.line }) : null;
      if (rows.length === 0) return;
      let text = "";
      for (const r of rows) text += lineOf(r) + FEC_LINE_END;
      yield Buffer.from(text);
    }
  }
  return {
    fileName,
    descriptionFileName: fileName.replace(/\.txt$/, ".description.txt"),
    description: fecDescription({
      siren: org.siren,
      orgName: org.name,
      fiscalYear: { start: year.start, end: closingDate },
      separator,
      encoding: "UTF-8",
      lineCount,
      software: "Registre",
    }),
    year,
    closingDate,
    separator,
    lineCount,
    chunks: chunks(),
  };
};

export { type FecImportOptions, type FecImportResult, importFec } from "./fec-import.ts";
