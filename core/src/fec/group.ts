import { formatFecAmount } from "../money.ts";
import { finding, formatLines, linesLabel, sortFindings } from "./findings.ts";
import type { FecEntry, FecFinding, FecRecord } from "./types.ts";

/** "0", "000" or empty: a number that does not tell entries apart. */
export const isUnnumbered = (record: FecRecord): boolean => /^0*$/.test(record.ecritureNum);

/** Σ debit - Σ credit. */
export const balanceOf = (lines: readonly FecRecord[]): number =>
  lines.reduce((sum, line) => sum + line.debit - line.credit, 0);

const lineNumbers = (lines: readonly FecRecord[]): string => formatLines(lines.map((line) => line.line));

const hasAmount = (line: FecRecord): boolean => line.debit !== 0 || line.credit !== 0;

/**
 * The smallest consecutive runs that each balance, cutting wherever the running balance is back to
 * zero after an amount (a zero-amount line is never an entry of its own). `rest`: the lines after
 * the last cut when they do not balance.
 */
export const splitBalancedRuns = (
  lines: readonly FecRecord[],
): { runs: FecRecord[][]; rest: FecRecord[] } => {
  const runs: FecRecord[][] = [];
  let current: FecRecord[] = [];
  let sum = 0;
  for (const line of lines) {
    current.push(line);
    sum += line.debit - line.credit;
    if (sum === 0 && current.some(hasAmount)) {
      runs.push(current);
      current = [];
    }
  }
  if (sum !== 0) return { runs, rest: current };
  const last = runs.at(-1);
  if (last) last.push(...current);
  else if (current.length > 0) runs.push(current);
  return { runs, rest: [] };
};

const toEntry = (lines: FecRecord[]): FecEntry => {
  const first = lines[0];
  if (!first) throw new RangeError("An entry has at least one line");
  return {
    journalCode: first.journalCode,
    journalLib: first.journalLib,
    ecritureNum: first.ecritureNum,
    date: first.ecritureDate,
    pieceRef: first.pieceRef,
    pieceDate: first.pieceDate,
    label: first.ecritureLib,
    validDate: first.validDate,
    lines,
  };
};

const entryName = (lines: readonly FecRecord[]): string =>
  `journal "${lines[0]?.journalCode}", EcritureNum "${lines[0]?.ecritureNum}"`;

/** The error for lines that do not balance, naming them and the difference. */
export const unbalanced = (lines: readonly FecRecord[]): FecFinding => {
  const difference = balanceOf(lines);
  return finding(
    lines[0]?.line ?? 0,
    "fec.unbalanced",
    "error",
    `${entryName(lines)}: ${linesLabel(lines.map((line) => line.line))} ${lines.length === 1 ? "does" : "do"} not balance (debit - credit = ${formatFecAmount(difference)})`,
    {
      params: {
        journalCode: lines[0]?.journalCode ?? "",
        ecritureNum: lines[0]?.ecritureNum ?? "",
        lines: lineNumbers(lines),
        difference,
        differenceText: formatFecAmount(difference),
      },
    },
  );
};

/** Why lines were split: `reason` names it for a reader's own words, `why` says it in the message. */
type SplitReason = { reason: "dates" | "unbalanced" | "unnumbered"; why: string };

const splitWarning = (lines: FecRecord[], parts: FecRecord[][], { reason, why }: SplitReason): FecFinding =>
  finding(
    lines[0]?.line ?? 0,
    "fec.entrySplit",
    "warning",
    `${entryName(lines)}: ${why}; lines ${lineNumbers(lines)} are read as ${parts.length} entries: ${parts
      .map(lineNumbers)
      .join(" / ")}`,
    {
      params: {
        journalCode: lines[0]?.journalCode ?? "",
        ecritureNum: lines[0]?.ecritureNum ?? "",
        reason,
        lines: lineNumbers(lines),
        entries: parts.length,
        parts: parts.map(lineNumbers).join(" / "),
      },
    },
  );

export type FecGroupResult = { entries: FecEntry[]; findings: FecFinding[] };

/** Lines without a usable number: the smallest runs that balance are the entries. */
const splitIntoRuns = (lines: FecRecord[], why: SplitReason): FecGroupResult => {
  const { runs, rest } = splitBalancedRuns(lines);
  const parts = rest.length > 0 ? [...runs, rest] : runs;
  const findings: FecFinding[] = [];
  if (parts.length > 1) findings.push(splitWarning(lines, parts, why));
  if (rest.length > 0) findings.push(unbalanced(rest));
  return { entries: parts.map(toEntry), findings };
};

const groupBy = <T>(items: readonly T[], key: (item: T) => string): T[][] => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
};

/** Lines sharing a journal and an EcritureNum. Some software restarts numbers, so dates may part them. */
const groupNumbered = (lines: FecRecord[]): FecGroupResult => {
  const byDate = groupBy(lines, (line) => line.ecritureDate);
  if (byDate.length > 1 && byDate.every((part) => balanceOf(part) === 0))
    return {
      entries: byDate.map(toEntry),
      findings: [
        splitWarning(lines, byDate, { reason: "dates", why: `the number is used on ${byDate.length} dates` }),
      ],
    };
  if (balanceOf(lines) === 0) return { entries: [toEntry(lines)], findings: [] };
  return splitIntoRuns(lines, { reason: "unbalanced", why: "the entry does not balance" });
};

/** Consecutive lines of one journal without a usable EcritureNum. */
export const unnumberedBlocks = (records: readonly FecRecord[]): FecRecord[][] => {
  const blocks: FecRecord[][] = [];
  let previous: FecRecord | undefined;
  for (const record of records) {
    if (!isUnnumbered(record)) {
      previous = undefined;
      continue;
    }
    const block = blocks.at(-1);
    if (block && previous && previous.journalCode === record.journalCode) block.push(record);
    else blocks.push([record]);
    previous = record;
  }
  return blocks;
};

/** Lines of one entry whose `value` differs from the first line's: kept on each line, reported. */
const mixed = (entry: FecEntry, field: "PieceRef" | "EcritureDate", value: (line: FecRecord) => string) => {
  const first = entry.lines[0];
  const others = entry.lines.filter((line) => first && value(line) !== value(first));
  if (!first || others.length === 0) return [];
  const code = field === "PieceRef" ? "fec.entryPieceRef" : "fec.entryDates";
  return [
    finding(
      first.line,
      code,
      "warning",
      `${entryName(entry.lines)}: ${field} differs inside the entry (${linesLabel(others.map((line) => line.line))}); the entry takes "${value(first)}" of line ${first.line}, each line keeps its own`,
      {
        field,
        params: {
          journalCode: first.journalCode,
          ecritureNum: first.ecritureNum,
          lines: lineNumbers(others),
          value: value(first),
          line: first.line,
        },
      },
    ),
  ];
};

/**
 * The entries an importer creates from a FEC's records, in file order. Lines sharing a journal and an
 * EcritureNum form an entry; lines numbered "0" or not at all, or an entry that does not balance,
 * are split into the smallest consecutive runs that balance. Nothing is dropped: every record is in
 * exactly one entry, and whatever cannot balance is an error naming its lines.
 */
export const groupFecEntries = (records: readonly FecRecord[]): FecGroupResult => {
  const numbered = groupBy(
    records.filter((record) => !isUnnumbered(record)),
    (record) => JSON.stringify([record.journalCode, record.ecritureNum]),
  );
  const results = [
    ...numbered.map(groupNumbered),
    ...unnumberedBlocks(records).map((block) =>
      splitIntoRuns(block, { reason: "unnumbered", why: "EcritureNum does not tell entries apart" }),
    ),
  ];
  const entries = results
    .flatMap((result) => result.entries)
    .sort((a, b) => (a.lines[0]?.line ?? 0) - (b.lines[0]?.line ?? 0));
  const findings = results.flatMap((result) => result.findings);
  for (const entry of entries)
    findings.push(
      ...mixed(entry, "EcritureDate", (line) => line.ecritureDate),
      ...mixed(entry, "PieceRef", (line) => line.pieceRef),
    );
  return { entries, findings: sortFindings(findings) };
};
