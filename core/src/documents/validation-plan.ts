import type { IsoDate } from "../accounting/dates.ts";
import {
  counterFor,
  type EntryCommand,
  entryDecider,
  type PostingContext,
  VOLUME_COUNTER,
  volumeOf,
} from "../accounting/entry.ts";
import { DomainError } from "../decider.ts";
import { type DocumentCommand, documentDecider } from "./decide.ts";
import { type DocumentState, isLive, type LiveDocument } from "./document.ts";
import type { SellerIdentity } from "./mentions.ts";
import { type DocumentSeries, documentCounter, formatDocumentNumber, seriesFor } from "./numbering.ts";
import { type DocumentPostingAccounts, documentPosting } from "./posting.ts";
import {
  type DocumentSeriesCommand,
  type DocumentSeriesState,
  documentSeriesStreamId,
  movesSeriesOn,
} from "./series-dates.ts";

/**
 * The validation of an invoice or credit note as a pure plan: from the states the shell loaded, the
 * counters it takes and, given the numbers handed out, the commands of each stream of its one commit —
 * the document validated with its number, its entry drafted and validated in its journal, the
 * numbering sequence moved on to its date. The shell loads, guards the streams it read and commits.
 */

type Numbers = Readonly<Record<string, number>>;

/** The numbering sequence a validation takes: its series, its gapless counter and the stream of its dates. */
export type ValidationSequence = {
  readonly series: DocumentSeries;
  readonly counter: string;
  readonly streamId: string;
};

/**
 * The document as it will be validated (`before` decided on the loaded state: a contact taken since it
 * was written) and the sequence it takes: a sales draft's series of its kind for its issue date; none
 * for a purchase (the supplier's number) nor for a document already numbered. 404 `doc.notFound` for a
 * document that is not there.
 */
export const validationTarget = (
  loaded: DocumentState,
  before: readonly DocumentCommand[],
  series: readonly DocumentSeries[],
): { readonly doc: LiveDocument; readonly sequence: ValidationSequence | null } => {
  // A document created in the same commit (an internal credit note) is live once `before` is decided.
  if (!isLive(loaded) && before[0]?.type !== "CreateDocument") throw new DomainError("doc.notFound", {}, 404);
  const decided = before.reduce(
    (state, command) => documentDecider.decide(command, state).reduce(documentDecider.evolve, state),
    loaded,
  );
  if (!isLive(decided)) throw new DomainError("doc.notFound", {}, 404);
  const doc = decided;
  const chosen =
    doc.direction === "sales" && doc.status === "draft"
      ? seriesFor(series, doc.kind, doc.direction, doc.series)
      : null;
  return {
    doc,
    sequence: chosen && {
      series: chosen,
      counter: documentCounter(chosen, doc.header.issueDate),
      streamId: documentSeriesStreamId(chosen, doc.header.issueDate),
    },
  };
};

export type ValidationPlanInput = {
  /** The document's id, named by its entry's origin. */
  readonly id: string;
  /** The document's stream as loaded, and the commands decided before the validation. */
  readonly loaded: DocumentState;
  readonly before: readonly DocumentCommand[];
  readonly target: ReturnType<typeof validationTarget>;
  /** The sequence's stream as loaded (its last date), when the validation takes one. */
  readonly sequenceState: DocumentSeriesState | null;
  /** The last issue date of the sequence's documents before this one (its stream's, else the read model's). */
  readonly lastIssueDate: IsoDate | null;
  readonly seller: SellerIdentity;
  readonly accounts: DocumentPostingAccounts;
  readonly posting: PostingContext;
  /** The entry's id, derived from the command's. */
  readonly mvt: string;
  readonly validatedOn: IsoDate;
};

export type ValidationPlan = {
  /** The gapless counters taken, each by one: the series' for the year, the journal's, and the volume's lines. */
  readonly counters: Numbers;
  readonly document: (numbers: Numbers) => DocumentCommand[];
  readonly entry: (numbers: Numbers) => EntryCommand[];
  /**
   * The sequence's stream: with `commands` when the date moves it on (an event at the version read),
   * else to be guarded at the version read (the same date never conflicts); null without a sequence.
   */
  readonly sequence: {
    readonly streamId: string;
    readonly commands: ((numbers: Numbers) => DocumentSeriesCommand[]) | null;
  } | null;
};

/**
 * The plan of a validation. Refuses as the document would (a quote is not validated, a mention is
 * missing, a date before the sequence's last), then as its posting would (`doc.postsNothing`…), before
 * any number is taken: the document's refusals first.
 */
export const documentValidationPlan = (input: ValidationPlanInput): ValidationPlan => {
  const { id, loaded, before, target, posting, mvt, validatedOn } = input;
  const { doc, sequence } = target;
  const numberOf = (numbers: Numbers) =>
    sequence
      ? formatDocumentNumber(sequence.series.format, doc.header.issueDate, numbers[sequence.counter] ?? 0)
      : (doc.header.supplierNumber ?? "");
  const document = (numbers: Numbers): DocumentCommand[] => [
    ...before,
    {
      type: "ValidateDocument",
      data: {
        validatedOn,
        entryMvt: mvt,
        numbering: sequence ? { series: sequence.series, sequence: numbers[sequence.counter] ?? 0 } : null,
      },
      context: { seller: input.seller, lastIssueDate: input.lastIssueDate },
    },
  ];
  // The document's own refusals first (a quote is not validated, a mention is missing), then the posting's.
  document(sequence ? { [sequence.counter]: 1 } : {}).reduce(
    (state, command) => documentDecider.decide(command, state).reduce(documentDecider.evolve, state),
    loaded,
  );
  // The entry as posted, its number aside: its journal, date and amounts fix the counters taken.
  const draftContent = documentPosting(doc, input.accounts, doc.number ?? "BROUILLON");
  const origin = { kind: "document" as const, doc: id };
  const drafted = entryDecider
    .decide(
      { type: "DraftEntry", data: { ...draftContent, mvt, origin }, context: posting },
      entryDecider.initialState(),
    )
    .reduce(entryDecider.evolve, entryDecider.initialState());
  const entryCounter = counterFor(drafted, posting.fiscal);
  const entry = (numbers: Numbers): EntryCommand[] => [
    {
      type: "DraftEntry",
      data: { ...draftContent, ...documentPosting(doc, input.accounts, numberOf(numbers)), mvt, origin },
      context: posting,
    },
    { type: "ValidateEntry", data: { sequence: numbers[entryCounter] ?? 0, validatedOn }, context: posting },
  ];
  const movesOn =
    sequence !== null &&
    input.sequenceState !== null &&
    movesSeriesOn(input.sequenceState, doc.header.issueDate);
  return {
    counters: {
      ...(sequence && { [sequence.counter]: 1 }),
      [entryCounter]: 1,
      [VOLUME_COUNTER]: volumeOf(draftContent),
    },
    document,
    entry,
    sequence:
      sequence && input.sequenceState
        ? {
            streamId: sequence.streamId,
            commands: movesOn
              ? (numbers) => [
                  {
                    type: "ReachSeriesDate",
                    data: { issueDate: doc.header.issueDate, number: numberOf(numbers), doc: id },
                  },
                ]
              : null,
          }
        : null,
  };
};
