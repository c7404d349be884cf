import type { IsoDate } from "../accounting/dates.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { type DocumentSeries, seriesIsYearly } from "./numbering.ts";

/**
 * The issue dates a numbering sequence has reached (stream `doc-series-<series id>-<year>`, or
 * `doc-series-<series id>` when the format prints no year: one stream per gapless counter
 * `documentCounter`). Numbers follow dates, so a validation reads this stream, refuses a date before
 * its last one, and commits with it in the same append: an event when its date moves the sequence on
 * (the first number of each new date), else the stream guarded at the version read. Two validations
 * of one date never conflict on it; one whose date a concurrent commit has passed conflicts and is
 * decided again on the new last date. At most one event per day: small to read.
 */
export const documentSeriesStreamId = (
  series: Pick<DocumentSeries, "id" | "format">,
  date: IsoDate,
): string =>
  seriesIsYearly(series.format) ? `doc-series-${series.id}-${date.slice(0, 4)}` : `doc-series-${series.id}`;

export type SeriesDateReached = {
  readonly issueDate: IsoDate;
  readonly number: string;
  readonly doc: string;
};

export type DocumentSeriesState = { readonly last: SeriesDateReached | null };

export type DocumentSeriesCommand = { readonly type: "ReachSeriesDate"; readonly data: SeriesDateReached };

export type DocumentSeriesEvent = DomainEvent<"DocumentSeriesDateReached", SeriesDateReached>;

/** The sequence's last issue date, null when it has none in the log. */
export const seriesLastIssueDate = (state: DocumentSeriesState): IsoDate | null =>
  state.last?.issueDate ?? null;

/** Whether numbering a document of this date moves the sequence on (else its stream is only guarded). */
export const movesSeriesOn = (state: DocumentSeriesState, issueDate: IsoDate): boolean =>
  state.last === null || issueDate > state.last.issueDate;

export const documentSeriesDecider: Decider<DocumentSeriesCommand, DocumentSeriesEvent, DocumentSeriesState> =
  {
    decide: (command, state) => {
      const { issueDate } = command.data;
      const last = seriesLastIssueDate(state);
      if (last && issueDate < last) throw new DomainError("doc.dateBeforeLast", { field: "issueDate", last });
      if (!movesSeriesOn(state, issueDate)) return [];
      return [{ type: "DocumentSeriesDateReached", data: { ...command.data } }];
    },
    evolve: (_state, event) => ({ last: event.data }),
    initialState: () => ({ last: null }),
  };
