import type { TFunction } from "i18next";
import type { Formatters } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/money.ts";

/**
 * A FEC import's findings in the reader's language (issue 23, point 2). The server words each finding in
 * English (`message`); its `code` and `params` say the same, and the sentence here is written from them,
 * dates and amounts as the reader writes them. A code this screen does not know, or a finding without a
 * param its sentence needs, shows the server's sentence; a refusal of the books (the core's own code)
 * shows the server's `detail`, already in the reader's language.
 */

export type FecFinding = Schemas["FecFinding"];
/** Whether the finding refuses the file (the answer's `errors`) or not (its `warnings`). */
export type FecSeverity = "error" | "warning";

type Wording = {
  /** Params the sentence needs: without one of them, the server's English sentence is shown. */
  readonly needs?: readonly string[];
  /** Params in cents, shown as money. */
  readonly amounts?: readonly string[];
  /** Params that are days: any other ISO day is one too, but `value`, the file's text as written. */
  readonly days?: readonly string[];
  /** The variant of the sentence (an i18next context) the finding takes. */
  readonly context?: (finding: FecFinding, severity: FecSeverity) => string | undefined;
};

/** One line (« 7 ») or several (« 2-4, 7 »): the plural of a sentence about `lines`. */
const linesCount = (lines: unknown): number => (typeof lines === "string" && /^\d+$/.test(lines) ? 1 : 2);

/** The codes of the FEC's reading (core/src/fec/parse.ts, group.ts) and of its plan (core/src/fec/plan). */
const wordings: Readonly<Record<string, Wording>> = {
  "fec.empty": {},
  "fec.emptyLine": {},
  "fec.separator": { needs: ["separator", "count"] },
  "fec.header": { needs: ["count"] },
  "fec.duplicateColumn": { needs: ["column", "name"] },
  "fec.extraColumn": { needs: ["columns", "count"] },
  "fec.missingColumn": { needs: ["field"], context: (_, severity) => severity },
  "fec.invalidDate": { needs: ["field", "value"] },
  "fec.dateFormat": { needs: ["field", "value", "date"] },
  "fec.amountDot": { needs: ["field", "value"], amounts: ["amount"], context: (_, severity) => severity },
  "fec.invalidAmount": { needs: ["field", "value"] },
  "fec.amountFormat": {
    needs: ["field", "value", "amount"],
    amounts: ["amount"],
    context: (f) => (f.params?.value === "" ? "empty" : undefined),
  },
  "fec.invalidSens": { needs: ["value"] },
  "fec.controlCharacter": {},
  "fec.fieldCount": { needs: ["count", "expected"] },
  "fec.trailingSeparator": { needs: ["count"] },
  "fec.unbalanced": { needs: ["journalCode", "ecritureNum", "lines", "difference"], amounts: ["difference"] },
  "fec.entrySplit": {
    needs: ["journalCode", "ecritureNum", "reason", "lines", "entries", "parts"],
    context: (f) => String(f.params?.reason ?? ""),
  },
  "fec.entryDates": { needs: ["journalCode", "ecritureNum", "lines", "value", "line"], days: ["value"] },
  "fec.entryPieceRef": { needs: ["journalCode", "ecritureNum", "lines", "value", "line"] },
  "fec.noLines": {},
  "fec.fileName": { needs: ["month"] },
  "fec.siren": { needs: ["siren"] },
  "fec.closingDate": { needs: ["closingDate"] },
  "fec.openingRedated": { needs: ["journal", "date", "count", "lines"] },
  "fec.tooLong": { needs: ["field", "length", "max"] },
  "fec.entryLabel": { needs: ["label"] },
  "fec.pieceRef": { needs: ["pieceRef"] },
  "fec.pieceDate": { needs: ["date"] },
  "fec.negativeAmount": {},
  "fec.bothSides": {},
  "fec.journalCode": { needs: ["value", "code"] },
  "fec.journalExists": { needs: ["code", "label", "fileLabel"] },
  "fec.accountIsAuxiliary": { needs: ["account", "lines"] },
  "fec.madeCollective": { needs: ["account", "lines"] },
  "fec.notCollective": { needs: ["account", "lines"] },
  "fec.auxiliaryMissing": { needs: ["account", "auxiliary", "lines"] },
  "fec.accountLabel": { needs: ["account"] },
  "fec.auxiliaryCode": { needs: ["value", "account", "auxiliary", "lines"] },
  "fec.auxiliaryLabel": { needs: ["auxiliary"] },
  "fec.notLettrable": { needs: ["account", "code", "lines"] },
  "fec.letteringUnbalanced": {
    needs: ["account", "code", "lines", "debit", "credit"],
    amounts: ["debit", "credit"],
    context: (f) => (linesCount(f.params?.lines) === 1 ? "single" : undefined),
  },
  "fec.alreadyImported": { needs: ["fileName"] },
  // The plan's own wording of two refusals (the books' catalogue words them with other params).
  "fiscalYear.none": { needs: ["count", "date", "lines"] },
  "entry.closedAccount": { needs: ["account", "lines"] },
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The server's English sentence without its « line N: » (the table shows the line). */
const serverSentence = (finding: FecFinding): string => finding.message.replace(/^line \d+: /, "");

/** The finding's params as its sentence shows them: days and amounts in the reader's way, months named. */
const shown = (finding: FecFinding, wording: Wording, format: Formatters) => {
  const values: Record<string, string | number> = { ...(finding.field && { field: finding.field }) };
  for (const [key, value] of Object.entries(finding.params ?? {})) {
    if (wording.amounts?.includes(key) && typeof value === "number")
      values[key] = formatCents(value, format.locale, { currency: true });
    else if (key === "month" && typeof value === "number") values[key] = format.monthInline(value);
    else if (
      typeof value === "string" &&
      ISO_DAY.test(value) &&
      (key !== "value" || wording.days?.includes(key))
    )
      values[key] = format.date(value);
    else values[key] = value;
  }
  return values;
};

/** The finding's sentence in the reader's language. */
export const fecFindingText = (
  finding: FecFinding,
  severity: FecSeverity,
  t: TFunction<"accounting">,
  format: Formatters,
): string => {
  const wording = wordings[finding.code];
  const params = finding.params ?? {};
  if (wording) {
    const values = shown(finding, wording, format);
    if ((wording.needs ?? []).some((key) => values[key] === undefined)) return serverSentence(finding);
    const context = wording.context?.(finding, severity);
    const key = `fecImport.findings.${finding.code}` as "fecImport.findings.fec.empty";
    return t(key, { ...values, ...(context && { context }) });
  }
  // A refusal of the books counted past the first twenty of its reason.
  if (finding.line === 0 && typeof params.count === "number" && typeof params.lines === "string")
    return t("fecImport.findings.sameRefusal", { count: params.count, lines: params.lines });
  if (finding.detail)
    return typeof params.lines === "string"
      ? t("fecImport.findings.refused", {
          count: linesCount(params.lines),
          lines: params.lines,
          detail: finding.detail,
        })
      : finding.detail;
  return serverSentence(finding);
};
