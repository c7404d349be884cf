import {
  type EntryContent,
  type EntryLine,
  entryDecider,
  type PostingContext,
} from "../../accounting/entry.ts";
import { DomainError } from "../../decider.ts";
import type { FecEntry, FecRecord } from "../types.ts";
import { clean } from "./codes.ts";
import { fecIssue, type Sink } from "./findings.ts";
import { apply } from "./simulator.ts";

/**
 * The entries part of the FEC import plan: each FEC entry as entry content, and the refusal
 * validation would give it on the simulated books.
 */

/** Cuts a text to `max` characters, with a warning naming the lines. */
const fit = (text: string, max: number, field: string, lines: readonly number[], sink: Sink): string => {
  if (text.length <= max) return text;
  sink.warnings.push(
    fecIssue(
      lines[0] ?? 0,
      "fec.tooLong",
      "warning",
      `${field} has ${text.length} characters; Registre keeps the first ${max}`,
      {
        field,
        length: text.length,
        max,
      },
    ),
  );
  return text.slice(0, max);
};

export type EntryBuild = { content: EntryContent; fileLines: number[]; sources: FecRecord[] };

/** One FEC entry as entry content: amounts on one side each, texts within the entry's limits. */
export const buildEntry = (
  entry: FecEntry,
  journal: string,
  date: string,
  accountOf: (r: FecRecord) => string,
  auxiliaryOf: (r: FecRecord) => string | null,
  sink: Sink,
): EntryBuild => {
  const lineNumbers = entry.lines.map((l) => l.line);
  const first = entry.lines[0]?.line ?? 0;
  let label = clean(entry.label);
  if (!label) {
    label =
      entry.lines.map((l) => clean(l.ecritureLib)).find(Boolean) ??
      `${clean(entry.pieceRef) || entry.ecritureNum} ${clean(entry.lines[0]?.compteLib ?? "")}`.trim();
    sink.warnings.push(
      fecIssue(first, "fec.entryLabel", "warning", `EcritureLib is empty; the entry is labelled "${label}"`, {
        label,
      }),
    );
  }
  label = fit(label, 200, "EcritureLib", lineNumbers, sink);
  let pieceRef = clean(entry.pieceRef);
  if (!pieceRef) {
    pieceRef = entry.ecritureNum && !/^0*$/.test(entry.ecritureNum) ? entry.ecritureNum : `L${first}`;
    sink.warnings.push(
      fecIssue(first, "fec.pieceRef", "warning", `PieceRef is empty; the entry takes "${pieceRef}"`, {
        pieceRef,
      }),
    );
  }
  pieceRef = fit(pieceRef, 60, "PieceRef", lineNumbers, sink);
  let pieceDate = entry.pieceDate;
  if (!pieceDate) {
    pieceDate = entry.date;
    sink.warnings.push(
      fecIssue(
        first,
        "fec.pieceDate",
        "warning",
        `PieceDate is empty; the entry takes its date ${entry.date}`,
        { date: entry.date },
      ),
    );
  }
  const lines: EntryLine[] = [];
  const fileLines: number[] = [];
  const sources: FecRecord[] = [];
  for (const r of entry.lines) {
    const own = clean(r.ecritureLib);
    const lineLabel = own && own !== label ? fit(own, 200, "EcritureLib", [r.line], sink) : null;
    const base = { account: accountOf(r), auxiliary: auxiliaryOf(r), label: lineLabel };
    // A negative amount is the other side's: Registre keeps amounts positive.
    const debit = (r.debit > 0 ? r.debit : 0) + (r.credit < 0 ? -r.credit : 0);
    const credit = (r.credit > 0 ? r.credit : 0) + (r.debit < 0 ? -r.debit : 0);
    if (r.debit < 0 || r.credit < 0)
      sink.warnings.push(
        fecIssue(
          r.line,
          "fec.negativeAmount",
          "warning",
          "a negative amount is posted on the other side (a negative debit is a credit)",
        ),
      );
    if (debit > 0 && credit > 0) {
      sink.warnings.push(
        fecIssue(
          r.line,
          "fec.bothSides",
          "warning",
          "Debit and Credit are both filled: the line becomes two lines",
        ),
      );
      lines.push({ ...base, debit, credit: 0 }, { ...base, debit: 0, credit });
      fileLines.push(r.line, r.line);
      sources.push(r, r);
    } else {
      lines.push({ ...base, debit, credit });
      fileLines.push(r.line);
      sources.push(r);
    }
  }
  return { content: { journal, date, pieceRef, pieceDate, label, lines }, fileLines, sources };
};

/** Decides the entry on the simulated books, as draftEntry with `validate` will: its refusal, if any. */
export const refusal = (
  content: EntryContent,
  context: PostingContext,
  validatedOn: string,
): DomainError | null => {
  try {
    const mvt = "00000000-0000-0000-0000-000000000000";
    const drafted = apply(entryDecider, entryDecider.initialState(), {
      type: "DraftEntry",
      data: { ...content, mvt, origin: { kind: "import", file: "", number: "" } },
      context,
    });
    apply(entryDecider, drafted, { type: "ValidateEntry", data: { sequence: 1, validatedOn }, context });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};
