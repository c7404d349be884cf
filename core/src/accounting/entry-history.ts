import type { Cents } from "../money.ts";
import type { IsoDate } from "./dates.ts";
import { type EntryContent, type EntryState, entryDecider, totals } from "./entry.ts";
import type { LedgerHistoryEvent } from "./history.ts";

/**
 * An entry's history down to the event (issue 26 §3): each of its events — and the letterings of its
 * lines, and the entries reversing it — as one step saying what happened, when and by whom, and the
 * entry as it stood at a place in the log.
 */
export type EntryStepKind =
  | "drafted"
  | "changed"
  | "deleted"
  | "validated"
  | "lettered"
  | "unlettered"
  | "reversedBy";

/** What a change of a draft changed. */
export type EntryField = "journal" | "date" | "pieceRef" | "pieceDate" | "label" | "lines";

export type EntryStep = {
  readonly kind: EntryStepKind;
  readonly position: number;
  readonly at: string;
  readonly userId: string | null;
  /** Recorded after the place asked for: not yet there then. */
  readonly after: boolean;
  /** Validated: its number. */
  readonly number: string | null;
  /** Drafted: what it came from (`manual`, `reversal`, `document`…); for a reversal, the entry reversed. */
  readonly origin: string | null;
  readonly reverses: string | null;
  /** Changed: which fields; drafted, changed, validated: its totals then. */
  readonly fields: readonly EntryField[];
  readonly debit: Cents | null;
  readonly credit: Cents | null;
  /** Lettered, unlettered: the account and code; reversedBy: the reversing entry. */
  readonly account: string | null;
  readonly code: string | null;
  readonly by: string | null;
};

export type EntryAsOf = {
  readonly status: "none" | "deleted" | "draft" | "validated";
  readonly number: string | null;
  readonly content: EntryContent | null;
  readonly validatedOn: IsoDate | null;
  readonly origin: string | null;
  readonly reverses: string | null;
};

const FIELDS: readonly EntryField[] = ["journal", "date", "pieceRef", "pieceDate", "label", "lines"];

const changedFields = (before: EntryContent, after: EntryContent): EntryField[] =>
  FIELDS.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));

const asOf = (state: EntryState): EntryAsOf =>
  state.status === "draft" || state.status === "validated"
    ? {
        status: state.status,
        number: state.number,
        content: state.content,
        validatedOn: state.validatedOn,
        origin: state.origin.kind,
        reverses: state.origin.kind === "reversal" ? state.origin.of : null,
      }
    : { status: state.status, number: null, content: null, validatedOn: null, origin: null, reverses: null };

/** The line references (`<mvt>/<n>`) a lettering event names that are this entry's. */
const touches = (e: LedgerHistoryEvent, mvt: string) =>
  (e.type === "LinesLettered" || e.type === "LinesUnlettered") &&
  e.data.lines.some((l) => l.startsWith(`${mvt}/`));

/**
 * The entry `mvt`'s steps and its state at `bound` (a position; everything when absent), from its own
 * stream's events and the others given (letterings naming its lines, entries drafted as its reversal —
 * the others are ignored), all in log order.
 */
export const entryHistory = (
  mvt: string,
  events: readonly LedgerHistoryEvent[],
  bound = Number.POSITIVE_INFINITY,
): { readonly asOf: EntryAsOf; readonly steps: readonly EntryStep[] } => {
  const stream = `entry-${mvt}`;
  let state: EntryState = entryDecider.initialState();
  let then: EntryState = state;
  const steps: EntryStep[] = [];
  for (const e of [...events].sort((a, b) => a.position - b.position)) {
    const base = {
      position: e.position,
      at: e.metadata.at,
      userId: e.metadata.userId ?? null,
      after: e.position > bound,
      number: null,
      origin: null,
      reverses: null,
      fields: [],
      debit: null,
      credit: null,
      account: null,
      code: null,
      by: null,
    };
    if (e.type === "LinesLettered" || e.type === "LinesUnlettered") {
      if (!touches(e, mvt)) continue;
      steps.push({
        ...base,
        kind: e.type === "LinesLettered" ? "lettered" : "unlettered",
        account: e.data.account,
        code: e.data.code,
      });
      continue;
    }
    if (!e.type.startsWith("Entry")) continue;
    const entryEvent = e as LedgerHistoryEvent & { type: `Entry${string}` };
    if (e.streamId !== stream) {
      if (
        entryEvent.type === "EntryDrafted" &&
        entryEvent.data.origin.kind === "reversal" &&
        entryEvent.data.origin.of === mvt
      )
        steps.push({ ...base, kind: "reversedBy", by: entryEvent.data.mvt });
      continue;
    }
    const previous = state;
    state = entryDecider.evolve(state, entryEvent);
    if (e.position <= bound) then = state;
    const sums = (content: EntryContent) => totals(content.lines);
    switch (entryEvent.type) {
      case "EntryDrafted": {
        const origin = entryEvent.data.origin;
        steps.push({
          ...base,
          kind: "drafted",
          origin: origin.kind,
          reverses: origin.kind === "reversal" ? origin.of : null,
          ...sums(entryEvent.data),
        });
        break;
      }
      case "EntryDraftChanged":
        steps.push({
          ...base,
          kind: "changed",
          fields: previous.status === "draft" ? changedFields(previous.content, entryEvent.data) : [],
          ...sums(entryEvent.data),
        });
        break;
      case "EntryDraftDeleted":
        steps.push({ ...base, kind: "deleted" });
        break;
      case "EntryValidated":
        steps.push({ ...base, kind: "validated", number: entryEvent.data.number, ...sums(entryEvent.data) });
        break;
    }
  }
  return { asOf: asOf(then), steps };
};
