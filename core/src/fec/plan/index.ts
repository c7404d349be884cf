import type { ChartCommand } from "../../accounting/chart.ts";
import type { EntryContent, PostingContext } from "../../accounting/entry.ts";
import { type FiscalCommand, fiscalYearOf } from "../../accounting/fiscal.ts";
import type { JournalsCommand } from "../../accounting/journals.ts";
import { DomainError } from "../../decider.ts";
import { checkLineCount, type ReadLimits } from "../../read-limits.ts";
import { groupFecEntries } from "../group.ts";
import { decodeFec, parseFec } from "../parse.ts";
import type { FecEntry, FecFinding, FecSeparator } from "../types.ts";
import { planChart } from "./chart.ts";
import { fecFileNameParts } from "./codes.ts";
import { buildEntry, type EntryBuild, refusal } from "./entries.ts";
import { fecIssue, lineList, linesLabel, type Sink, sortOut } from "./findings.ts";
import { planJournals } from "./journals.ts";
import { planLettering } from "./lettering.ts";
import { planYears } from "./years.ts";

export { fecFileNameParts, journalKindOf, normaliseAuxiliary, normaliseJournalCode } from "./codes.ts";
export { fecIssue, lineList } from "./findings.ts";

/**
 * The pure half of the FEC import: from a file's bytes and the organisation's chart, journals and
 * fiscal calendar, every command the import will run, each decided here first on simulated states
 * with the core deciders. A plan without errors cannot be refused later (unless someone changes the
 * books between the plan and its run); a plan with errors is never run, so a file goes in whole or
 * not at all.
 */

/** One entry to draft and validate, and the file line each of its lines comes from. */
export type PlannedEntry = {
  readonly content: EntryContent;
  /** The file's EcritureNum, kept in the entry's origin. */
  readonly number: string;
  /** The file's ValidDate: the entry is validated on that day (null: the day of the import). */
  readonly validatedOn: string | null;
  readonly fileLines: readonly number[];
};

/** A lettering set from the file's EcritureLet: lines as (entry index, 0-based line index). */
export type PlannedLettering = {
  readonly account: string;
  readonly auxiliary: string | null;
  readonly code: string;
  readonly lines: readonly { readonly entry: number; readonly line: number }[];
};

export type FecImportPlan = {
  readonly fileName: string;
  readonly encoding: "UTF-8" | "ISO-8859-15" | "Windows-1252";
  readonly separator: FecSeparator;
  /** Lines of entries read from the file. */
  readonly records: number;
  readonly chart: readonly ChartCommand[];
  readonly journals: readonly JournalsCommand[];
  readonly fiscal: readonly FiscalCommand[];
  readonly entries: readonly PlannedEntry[];
  readonly lettering: readonly PlannedLettering[];
  readonly warnings: readonly FecFinding[];
  readonly errors: readonly FecFinding[];
};

export type FecPlanInput = {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  /** The organisation's books as they are now. */
  readonly context: PostingContext;
  /** The organisation's SIREN, compared with the file name's. */
  readonly siren?: string | null | undefined;
  /** The month (1-12) the organisation's fiscal years start in: a file without a closing date follows it. */
  readonly fiscalYearStartMonth?: number | undefined;
  /** The organisation's years nothing was posted in yet: a file's year may move them out of its way. */
  readonly emptyYears?: readonly string[] | undefined;
  /** Ids for the fiscal years to open. */
  readonly newId: () => string;
  /** The day the entries will be validated on. */
  readonly validatedOn: string;
  /** A refusal of the core as a sentence, for the findings (the API gives its English messages). */
  readonly explain: (error: DomainError) => string;
  /** Lines the file may hold (the API's upload limit), counted before it is parsed. */
  readonly limits?: ReadLimits | undefined;
};

/** The month (1-12) years starting in `startMonth` end in. */
const closingMonthOf = (startMonth = 1) => ((startMonth + 10) % 12) + 1;

/** Entries refused for one reason that are told one by one; the others are counted. */
const MAX_SAME_REFUSALS = 20;

/**
 * Reads a FEC and plans its import into books in the state `context` gives: the chart's and the
 * journals' initialisation when missing, the journals, accounts and auxiliary accounts to create,
 * the fiscal years to open, every entry (decided on the simulated books) and the lettering sets.
 * Errors and warnings name their file lines.
 */
export const planFecImport = (input: FecPlanInput): FecImportPlan => {
  const sink: Sink = { warnings: [], errors: [], explain: input.explain };
  checkLineCount(input.bytes, input.limits ?? {}, 1, 1);
  const { text, encoding } = decodeFec(input.bytes);
  const parsed = parseFec(text);
  const fileName = input.fileName.split(/[\\/]/).at(-1) ?? input.fileName;
  const empty = (): FecImportPlan => ({
    fileName,
    encoding,
    separator: parsed.separator,
    records: parsed.records.length,
    chart: [],
    journals: [],
    fiscal: [],
    entries: [],
    lettering: [],
    warnings: sink.warnings,
    errors: sink.errors,
  });
  sortOut(sink, parsed.findings);
  if (parsed.records.length === 0 && sink.errors.length === 0)
    sink.errors.push(fecIssue(0, "fec.noLines", "error", "the file has no line of entries"));
  if (sink.errors.length > 0) return empty();
  const grouped = groupFecEntries(parsed.records);
  sortOut(sink, grouped.findings);
  if (sink.errors.length > 0) return empty();

  const named = fecFileNameParts(fileName);
  if (!named)
    sink.warnings.push(
      fecIssue(
        0,
        "fec.fileName",
        "warning",
        `file name "${fileName}" is not <SIREN>FEC<AAAAMMJJ>: fiscal years to open end in month ${closingMonthOf(input.fiscalYearStartMonth)}, as the organisation's fiscal years`,
        { month: closingMonthOf(input.fiscalYearStartMonth) },
      ),
    );
  else if (input.siren && named.siren !== input.siren)
    sink.warnings.push(
      fecIssue(
        0,
        "fec.siren",
        "warning",
        `the file name's SIREN ${named.siren} is not the organisation's (${input.siren})`,
        {
          siren: named.siren,
        },
      ),
    );

  const journals = planJournals(parsed.records, input.context.journals, sink);
  const chart = planChart(parsed.records, input.context.chart, sink);
  const kindOf = (code: string) => journals.state.journals[code]?.kind;
  const journalOf = (entry: FecEntry) => journals.codes.get(entry.journalCode) ?? entry.journalCode;
  const isOpening = (entry: FecEntry) => kindOf(journalOf(entry)) === "opening";
  const ordinary = grouped.entries.filter((e) => !isOpening(e)).map((e) => e.date);
  const allDates = grouped.entries.map((e) => e.date);
  const mainDates = ordinary.length > 0 ? ordinary : allDates;
  const closingMonth = named
    ? Number(named.closingDate.slice(5, 7))
    : closingMonthOf(input.fiscalYearStartMonth);
  const fiscal = planYears(
    mainDates,
    input.context.fiscal,
    {
      closingMonth,
      closingDate: named?.closingDate,
      openingDate: grouped.entries
        .filter(isOpening)
        .reduce<string | null>((d, e) => (d && d < e.date ? d : e.date), null),
      emptyYears: input.emptyYears,
    },
    input.newId,
    sink,
  );
  if (named && !fiscal.state.years.some((y) => y.end === named.closingDate))
    sink.warnings.push(
      fecIssue(
        0,
        "fec.closingDate",
        "warning",
        `no fiscal year ends on ${named.closingDate}, the closing date of the file name; the entries (${[...allDates].sort()[0]} to ${[...allDates].sort().at(-1)}) go to the fiscal years ${fiscal.state.years
          .filter((y) => allDates.some((d) => y.start <= d && d <= y.end))
          .map((y) => `${y.start} to ${y.end}`)
          .join(", ")}`,
        { closingDate: named.closingDate },
      ),
    );
  // Opening entries dated before the year of the file's first ordinary entry belong to its opening.
  const earliest = [...mainDates].sort()[0] ?? "";
  const openingDay = fiscalYearOf(fiscal.state, earliest)?.start ?? earliest;
  const redated = new Map<string, number[]>();
  const dateOf = (entry: FecEntry): string => {
    if (!isOpening(entry) || entry.date >= openingDay) return entry.date;
    const code = journalOf(entry);
    // Pushed, not spread: a journal's thousands of opening entries would copy the list each time.
    const lines = redated.get(code) ?? [];
    if (lines.length === 0) redated.set(code, lines);
    for (const l of entry.lines) lines.push(l.line);
    return openingDay;
  };

  const context: PostingContext = { chart: chart.state, journals: journals.state, fiscal: fiscal.state };
  const built: EntryBuild[] = [];
  /** Dates no fiscal year holds: one error for them all rather than one an entry. */
  const yearless: number[] = [];
  const yearlessDates: string[] = [];
  const refused = new Map<string, { lines: number[]; entries: number }>();
  for (const entry of grouped.entries) {
    const b = buildEntry(entry, journalOf(entry), dateOf(entry), chart.accountOf, chart.auxiliaryOf, sink);
    built.push(b);
    const lines = entry.lines.map((l) => l.line);
    const known =
      !journals.broken.has(b.content.journal) &&
      b.content.lines.every((l) => !chart.broken.has(l.account) && !chart.broken.has(l.auxiliary ?? ""));
    if (!known) continue;
    if (!fiscalYearOf(fiscal.state, b.content.date)) {
      yearless.push(...lines);
      yearlessDates.push(b.content.date);
      continue;
    }
    const decided = refusal(b.content, context, input.validatedOn);
    if (!decided) continue;
    // The decider counts an entry's lines from 1: say the file's line instead.
    const at = decided.params.line;
    const error =
      typeof at === "number"
        ? new DomainError(
            decided.code,
            { ...decided.params, line: b.fileLines[at - 1] ?? at },
            decided.status,
          )
        : decided;
    const same = refused.get(error.code) ?? { lines: [], entries: 0 };
    same.entries += 1;
    same.lines.push(...lines);
    refused.set(error.code, same);
    if (same.entries <= MAX_SAME_REFUSALS)
      sink.errors.push(
        fecIssue(
          lines[0] ?? 0,
          error.code,
          "error",
          `journal "${entry.journalCode}", EcritureNum "${entry.ecritureNum}" (${linesLabel(lines)}): ${sink.explain(error)}`,
          { ...error.params, lines: lineList(lines, 1000) },
        ),
      );
  }
  for (const [code, same] of refused)
    if (same.entries > MAX_SAME_REFUSALS)
      sink.errors.push(
        fecIssue(
          0,
          code,
          "error",
          `${same.entries - MAX_SAME_REFUSALS} more entries are refused for the same reason (${code}); all of them are on ${linesLabel(same.lines)}`,
          { count: same.entries, lines: lineList(same.lines, 1000) },
        ),
      );
  if (yearless.length > 0) {
    const sorted = [...yearlessDates].sort();
    const years = fiscal.state.years.map((y) => `${y.start} to ${y.end}`).join(", ");
    sink.errors.push(
      fecIssue(
        yearless[0] ?? 0,
        "fiscalYear.none",
        "error",
        `${yearless.length} lines dated ${sorted[0]} to ${sorted.at(-1)} (${linesLabel(yearless)}) fall in no fiscal year (${years || "none"})`,
        { count: yearless.length, date: sorted[0] ?? "", lines: lineList(yearless, 1000) },
      ),
    );
  }
  for (const [code, lines] of redated)
    sink.warnings.push(
      fecIssue(
        lines[0] ?? 0,
        "fec.openingRedated",
        "warning",
        `${lines.length} lines of opening journal ${code} (${linesLabel(lines)}) are dated before ${openingDay}, the first day of the fiscal year: they are posted on ${openingDay}, their PieceDate unchanged`,
        { journal: code, date: openingDay, count: lines.length, lines: lineList(lines, 1000) },
      ),
    );
  const lettering = planLettering(built, chart.state, sink);
  if (sink.errors.length > 0) return empty();
  return {
    ...empty(),
    chart: chart.commands,
    journals: journals.commands,
    fiscal: fiscal.commands,
    entries: built.map((b, i) => ({
      content: b.content,
      number: grouped.entries[i]?.ecritureNum ?? "",
      validatedOn: grouped.entries[i]?.validDate || null,
      fileLines: b.fileLines,
    })),
    lettering,
  };
};
