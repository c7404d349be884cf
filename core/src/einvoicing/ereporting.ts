import { type Decider, DomainError, type DomainEvent, unreachable } from "../decider.ts";
import type { EReportingPart } from "./ereporting-report.ts";

/**
 * What an organisation sent as e-reporting (stream `ereporting-<org>`): per period and part (b2c,
 * international), the flow sent and the platform's answer — its acknowledgement (Ok, or Error with its
 * reasons), or its refusal of the file at the submission — and the periods found with nothing to
 * report. A part is sent once: the same flow again records nothing, another flow is refused
 * (`ereporting.alreadySent`); a refused part may be sent again.
 */
export const ereportingStreamId = (orgId: string): string => `ereporting-${orgId}`;

export type EReportingAckDetail = {
  readonly level: string;
  readonly item: string;
  readonly reasonCode: string;
  readonly reasonMessage: string;
};

type Ref = { readonly periodId: string; readonly part: EReportingPart };

export type EReportingFlowSent = Ref & {
  readonly flowId: string;
  readonly trackingId: string;
  readonly sha256: string;
  /** The lines reported: days × rates (b2c), invoices or payments (international). */
  readonly lines: number;
  readonly at: string;
};
export type EReportingFlowAcknowledged = Ref & {
  readonly flowId: string;
  readonly status: "Ok" | "Error";
  readonly details: readonly EReportingAckDetail[];
  readonly at: string;
};
export type EReportingFlowRefused = Ref & {
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly at: string;
};
export type EReportingNothingToReport = { readonly periodId: string; readonly at: string };

export type EReportingEvent =
  | DomainEvent<"EReportingFlowSent", EReportingFlowSent>
  | DomainEvent<"EReportingFlowAcknowledged", EReportingFlowAcknowledged>
  | DomainEvent<"EReportingFlowRefused", EReportingFlowRefused>
  | DomainEvent<"EReportingNothingToReport", EReportingNothingToReport>;

export type EReportingCommand =
  | { readonly type: "RecordEReportingSent"; readonly data: EReportingFlowSent }
  | { readonly type: "RecordEReportingAcknowledged"; readonly data: EReportingFlowAcknowledged }
  | { readonly type: "RecordEReportingRefused"; readonly data: EReportingFlowRefused }
  | { readonly type: "RecordEReportingNothingToReport"; readonly data: EReportingNothingToReport };

export type EReportingPartState = {
  readonly sent: EReportingFlowSent | null;
  readonly acknowledgement: EReportingFlowAcknowledged | null;
  readonly refusal: EReportingFlowRefused | null;
};
export type EReportingPeriodState = {
  readonly parts: Readonly<Partial<Record<EReportingPart, EReportingPartState>>>;
  /** When the period was found with nothing to report (and nothing sent since). */
  readonly nothingToReport: string | null;
};
export type EReportingState = { readonly periods: Readonly<Record<string, EReportingPeriodState>> };

const emptyPeriod: EReportingPeriodState = { parts: {}, nothingToReport: null };
const emptyPart: EReportingPartState = { sent: null, acknowledgement: null, refusal: null };

export const ereportingPeriodState = (state: EReportingState, periodId: string): EReportingPeriodState =>
  state.periods[periodId] ?? emptyPeriod;
export const ereportingPartState = (state: EReportingState, ref: Ref): EReportingPartState =>
  ereportingPeriodState(state, ref.periodId).parts[ref.part] ?? emptyPart;

const decide = (command: EReportingCommand, state: EReportingState): EReportingEvent[] => {
  switch (command.type) {
    case "RecordEReportingSent": {
      const { sent } = ereportingPartState(state, command.data);
      if (sent?.flowId === command.data.flowId) return [];
      if (sent)
        throw new DomainError(
          "ereporting.alreadySent",
          { field: "period", period: command.data.periodId, flowId: sent.flowId },
          409,
        );
      return [{ type: "EReportingFlowSent", data: command.data }];
    }
    case "RecordEReportingAcknowledged": {
      const part = ereportingPartState(state, command.data);
      if (part.sent?.flowId !== command.data.flowId)
        throw new DomainError("ereporting.notSent", { field: "flowId", period: command.data.periodId }, 409);
      if (part.acknowledgement) return [];
      return [{ type: "EReportingFlowAcknowledged", data: command.data }];
    }
    case "RecordEReportingRefused": {
      const part = ereportingPartState(state, command.data);
      if (part.sent)
        throw new DomainError(
          "ereporting.alreadySent",
          { field: "period", period: command.data.periodId },
          409,
        );
      return [{ type: "EReportingFlowRefused", data: command.data }];
    }
    case "RecordEReportingNothingToReport": {
      const period = ereportingPeriodState(state, command.data.periodId);
      if (period.nothingToReport || Object.values(period.parts).some((p) => p?.sent)) return [];
      return [{ type: "EReportingNothingToReport", data: command.data }];
    }
    default:
      return unreachable(command);
  }
};

const withPart = (
  state: EReportingState,
  ref: Ref,
  change: (part: EReportingPartState) => EReportingPartState,
  nothingToReport?: string | null,
): EReportingState => {
  const period = ereportingPeriodState(state, ref.periodId);
  return {
    periods: {
      ...state.periods,
      [ref.periodId]: {
        parts: { ...period.parts, [ref.part]: change(ereportingPartState(state, ref)) },
        nothingToReport: nothingToReport === undefined ? period.nothingToReport : nothingToReport,
      },
    },
  };
};

const evolve = (state: EReportingState, event: EReportingEvent): EReportingState => {
  switch (event.type) {
    case "EReportingFlowSent":
      return withPart(state, event.data, () => ({ ...emptyPart, sent: event.data }), null);
    case "EReportingFlowAcknowledged":
      return withPart(state, event.data, (p) => ({ ...p, acknowledgement: event.data }));
    case "EReportingFlowRefused":
      return withPart(state, event.data, (p) => ({ ...p, refusal: event.data }));
    case "EReportingNothingToReport": {
      const period = ereportingPeriodState(state, event.data.periodId);
      return {
        periods: { ...state.periods, [event.data.periodId]: { ...period, nothingToReport: event.data.at } },
      };
    }
  }
};

export const ereportingDecider: Decider<EReportingCommand, EReportingEvent, EReportingState> = {
  decide,
  evolve,
  initialState: () => ({ periods: {} }),
};
