import { formatFecAmount } from "../money.ts";
import { isoDate } from "./dates.ts";
import { finding, formatLines, linesLabel, sortFindings } from "./findings.ts";
import { balanceOf, isUnnumbered, splitBalancedRuns, unbalanced, unnumberedBlocks } from "./group.ts";
import { isBlank, parseFec, splitLines } from "./parse.ts";
import { FEC_FIELDS, type FecField, type FecFinding, type FecRecord } from "./types.ts";

export type FecCheckOptions = {
  /** Every warning becomes an error: for Registre's own exports, which must have no finding at all. */
  strict?: boolean;
};

/** What the reader tolerates but the DGFiP refuses. */
const REFUSED_BY_DGFIP = new Set([
  "fec.missingColumn",
  "fec.dateFormat",
  "fec.amountDot",
  "fec.amountFormat",
]);

const FILE_NAME = /^(\d{9})FEC(\d{4})(\d{2})(\d{2})(\.(txt|csv|xml))?$/i;

/** The closing date the file name gives (YYYY-MM-DD), or null with a finding. */
const checkFileName = (fileName: string): { closingDate: string | null; findings: FecFinding[] } => {
  const name = fileName.split(/[\\/]/).at(-1) ?? "";
  const m = FILE_NAME.exec(name);
  const closingDate = m ? isoDate(m[2] ?? "", m[3] ?? "", m[4] ?? "") : null;
  if (closingDate === null)
    return {
      closingDate,
      findings: [
        finding(
          0,
          "fec.fileName",
          "error",
          `file name "${name}" is not <SIREN>FEC<AAAAMMJJ>.txt (9 digits, "FEC", the fiscal year's closing date)`,
          { params: { fileName: name } },
        ),
      ],
    };
  const findings = m?.[5]
    ? []
    : [
        finding(0, "fec.fileName", "warning", `file name "${name}" has no extension (.txt)`, {
          params: { fileName: name },
        }),
      ];
  return { closingDate, findings };
};

const afterClosing = (records: readonly FecRecord[], closingDate: string): FecFinding[] => {
  const late = records.filter((record) => record.ecritureDate > closingDate);
  if (late.length === 0) return [];
  return [
    finding(
      0,
      "fec.fileNameDate",
      "warning",
      `${late.length} lines (first line ${late[0]?.line}) are dated after ${closingDate}, the closing date in the file name`,
      { params: { count: late.length, closingDate } },
    ),
  ];
};

const canonicalName = (name: string): string | undefined =>
  [...FEC_FIELDS, "Montant", "Sens"].find((field) => field.toLowerCase() === name.toLowerCase());

const checkColumnOrder = (header: readonly string[], line: number): FecFinding[] => {
  const names = header.map(canonicalName).filter((name) => name !== undefined);
  const order = FEC_FIELDS.flatMap((field) =>
    field === "Debit" ? ["Debit", "Montant"] : field === "Credit" ? ["Credit", "Sens"] : [field],
  );
  const expected = order.filter((name) => names.includes(name));
  if (names.join() === expected.join()) return [];
  return [
    finding(
      line,
      "fec.columnOrder",
      "warning",
      `the columns are not in the FEC's order (${FEC_FIELDS.join(", ")})`,
      {
        params: { header: header.join(", ") },
      },
    ),
  ];
};

const REQUIRED: readonly (readonly [FecField, keyof FecRecord])[] = [
  ["JournalCode", "journalCode"],
  ["JournalLib", "journalLib"],
  ["EcritureNum", "ecritureNum"],
  ["EcritureDate", "ecritureDate"],
  ["CompteNum", "compteNum"],
  ["CompteLib", "compteLib"],
  ["PieceRef", "pieceRef"],
  ["PieceDate", "pieceDate"],
  ["EcritureLib", "ecritureLib"],
  ["ValidDate", "validDate"],
];

/** Two fields that are filled together or not at all. */
const PAIRS: readonly (readonly [FecField, keyof FecRecord, FecField, keyof FecRecord, string])[] = [
  ["CompAuxNum", "compAuxNum", "CompAuxLib", "compAuxLib", "fec.compAux"],
  ["EcritureLet", "ecritureLet", "DateLet", "dateLet", "fec.lettering"],
];

const isFilled = (value: FecRecord[keyof FecRecord]): boolean => value !== "" && value !== null;

const checkPairs = (record: FecRecord): FecFinding[] =>
  PAIRS.flatMap(([aField, aKey, bField, bKey, code]) => {
    const [a, b] = [isFilled(record[aKey]), isFilled(record[bKey])];
    if (a === b) return [];
    const [filled, empty] = a ? [aField, bField] : [bField, aField];
    return [
      finding(record.line, code, "error", `${filled} is filled but ${empty} is empty`, { field: empty }),
    ];
  });

const checkAmounts = (record: FecRecord): FecFinding[] => {
  const findings: FecFinding[] = [];
  if (record.debit !== 0 && record.credit !== 0)
    findings.push(finding(record.line, "fec.debitCredit", "warning", "Debit and Credit are both non-zero"));
  // The norm accepts zero-amount lines; the DGFiP's tool only points them out.
  if (record.debit === 0 && record.credit === 0)
    findings.push(finding(record.line, "fec.zeroAmount", "warning", "Debit and Credit are both zero"));
  if ((record.montantDevise === null) !== (record.idevise === ""))
    findings.push(
      finding(
        record.line,
        "fec.currency",
        "warning",
        "Montantdevise and Idevise are filled together or not at all",
        {
          field: record.idevise === "" ? "Idevise" : "Montantdevise",
        },
      ),
    );
  return findings;
};

const checkRecord = (record: FecRecord, columns: ReadonlySet<string>): FecFinding[] => {
  const findings = REQUIRED.filter(
    ([field, key]) => columns.has(field.toLowerCase()) && record[key] === "",
  ).map(([field]) =>
    finding(record.line, "fec.missingValue", "error", `${field} is empty; it is required`, { field }),
  );
  if (record.compteNum !== "" && !/^\d{3}/.test(record.compteNum))
    findings.push(
      finding(
        record.line,
        "fec.compteNum",
        "error",
        `CompteNum "${record.compteNum}" does not start with three digits`,
        {
          field: "CompteNum",
          params: { value: record.compteNum },
        },
      ),
    );
  return [...findings, ...checkPairs(record), ...checkAmounts(record)];
};

const AGREE: readonly (readonly [FecField, keyof FecRecord])[] = [
  ["JournalLib", "journalLib"],
  ["EcritureDate", "ecritureDate"],
  ["PieceRef", "pieceRef"],
  ["PieceDate", "pieceDate"],
];

/** One entry (lines sharing JournalCode and EcritureNum): one journal, date and piece, and balanced. */
const checkEntry = (lines: readonly FecRecord[]): FecFinding[] => {
  const first = lines[0];
  if (!first) return [];
  const findings = AGREE.flatMap(([field, key]) => {
    const others = lines.filter((line) => line[key] !== first[key]).map((line) => line.line);
    if (others.length === 0) return [];
    const message = `journal "${first.journalCode}", EcritureNum "${first.ecritureNum}": ${field} differs from "${first[key]}" (line ${first.line}) on ${linesLabel(others)}`;
    return [
      finding(first.line, "fec.entryMismatch", "warning", message, {
        field,
        params: { lines: formatLines(others) },
      }),
    ];
  });
  if (balanceOf(lines) !== 0) findings.push(unbalanced(lines));
  return findings;
};

const byEntry = (records: readonly FecRecord[]): FecRecord[][] => {
  const entries = new Map<string, FecRecord[]>();
  for (const record of records) {
    if (isUnnumbered(record)) continue;
    const key = JSON.stringify([record.journalCode, record.ecritureNum]);
    const entry = entries.get(key);
    if (entry) entry.push(record);
    else entries.set(key, [record]);
  }
  return [...entries.values()];
};

/** Lines numbered "0" or not at all: told apart by balance only, which is all there is to check. */
const checkUnnumbered = (records: readonly FecRecord[]): FecFinding[] => {
  const lines = records.filter(isUnnumbered);
  if (lines.length === 0) return [];
  const warning = finding(
    0,
    "fec.ecritureNum",
    "warning",
    `EcritureNum is "0" or empty on ${lines.length} lines (first line ${lines[0]?.line}): it does not tell entries apart`,
    { field: "EcritureNum", params: { count: lines.length } },
  );
  const rests = unnumberedBlocks(records).map((block) => splitBalancedRuns(block).rest);
  return [warning, ...rests.filter((rest) => rest.length > 0).map(unbalanced)];
};

const checkFileBalance = (records: readonly FecRecord[]): FecFinding[] => {
  const debit = records.reduce((sum, record) => sum + record.debit, 0);
  const credit = records.reduce((sum, record) => sum + record.credit, 0);
  if (debit === credit) return [];
  return [
    finding(
      0,
      "fec.fileUnbalanced",
      "error",
      `the file does not balance: debits ${formatFecAmount(debit)}, credits ${formatFecAmount(credit)}`,
      { params: { debit, credit } },
    ),
  ];
};

/**
 * The DGFiP's checks of a FEC file ("Test Compta Demat"), plus what the reader found. Real files of
 * other software break some rules accountants live with: those are warnings, unless `strict`.
 */
export const checkFec = (
  fileName: string | null,
  text: string,
  options: FecCheckOptions = {},
): FecFinding[] => {
  const parsed = parseFec(text);
  const findings = parsed.findings.map((f) =>
    REFUSED_BY_DGFIP.has(f.code) ? { ...f, severity: "error" as const } : f,
  );
  const name = fileName === null ? null : checkFileName(fileName);
  if (name) findings.push(...name.findings);
  if (parsed.header.length > 0) {
    const headerLine = splitLines(text).findIndex((line) => !isBlank(line)) + 1;
    const columns = new Set(parsed.header.map((column) => column.toLowerCase()));
    findings.push(
      ...checkColumnOrder(parsed.header, headerLine),
      ...parsed.records.flatMap((record) => checkRecord(record, columns)),
      ...byEntry(parsed.records).flatMap(checkEntry),
      ...checkUnnumbered(parsed.records),
      ...checkFileBalance(parsed.records),
      ...(name?.closingDate ? afterClosing(parsed.records, name.closingDate) : []),
    );
  }
  // Strict (Registre's own exports): every finding is an error, except a zero-amount line, which the
  // norm accepts (an imported file may bring some).
  const result = options.strict
    ? findings.map((f) => (f.code === "fec.zeroAmount" ? f : { ...f, severity: "error" as const }))
    : findings;
  return sortFindings(result);
};
