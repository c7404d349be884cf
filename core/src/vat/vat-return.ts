import type { IsoDate } from "../accounting/dates.ts";
import { type Decider, DomainError } from "../decider.ts";
import type { VatCorrection } from "./corrections.ts";
import type { VatPeriod, VatPeriodicity } from "./periods.ts";

/**
 * A VAT return (stream `vat-return-<org>-<period>`, so that a period cannot be declared twice: two
 * validations sent at once both create the stream, and the second's append conflicts, then is refused).
 * Validated once, with every box, the VAT lines it used (its lettering of them) and its settlement
 * entry, appended in one commit; it never changes — a mistake is corrected by a later return.
 */
export const vatReturnStreamId = (orgId: string, period: string): string => `vat-return-${orgId}-${period}`;

/** A box as declared: whole euros, a base and/or a tax (null for a column the box does not have). */
export type DeclaredBox = {
  readonly code: string;
  readonly base: number | null;
  readonly tax: number | null;
};

export type VatLineRef = { readonly mvt: string; readonly line: number };

export type VatReturnValidated = {
  readonly type: "VatReturnValidated";
  readonly data: {
    readonly period: string;
    readonly periodicity: VatPeriodicity;
    readonly start: IsoDate;
    readonly end: IsoDate;
    readonly form: string;
    readonly formVersion: string;
    readonly boxes: readonly DeclaredBox[];
    /** The VAT lines the return used: no later return takes them again. */
    readonly lines: readonly VatLineRef[];
    /** The settlement entry posted in the same commit; null for a return with nothing to settle. */
    readonly settlementMvt: string | null;
    readonly validatedOn: IsoDate;
    /**
     * Corrections of earlier validated returns this one carries, with their reasons (boxes 15 and 21;
     * absent before corrections existed). An instalment of the CA12 (period `YYYY-ACn`) is appended
     * as a return too, on its own stream, with its slip's one box and no line.
     */
    readonly corrections?: readonly VatCorrection[];
  };
};
export type VatReturnEvent = VatReturnValidated;

export type ValidateVatReturn = {
  readonly type: "ValidateVatReturn";
  readonly data: VatReturnValidated["data"];
  /** What the shell found that forbids it (drafts dated in the period, bases that disagree…). */
  readonly context: { readonly refusal: DomainError | null };
};
export type VatReturnCommand = ValidateVatReturn;

export type VatReturnState =
  | { readonly status: "none" }
  | { readonly status: "validated"; readonly return: VatReturnValidated["data"] };

export const vatReturnDecider: Decider<VatReturnCommand, VatReturnEvent, VatReturnState> = {
  decide: (command, state) => {
    switch (command.type) {
      case "ValidateVatReturn": {
        if (state.status === "validated")
          throw new DomainError(
            "vat.alreadyValidated",
            { field: "period", period: state.return.period },
            409,
          );
        if (command.context.refusal) throw command.context.refusal;
        return [{ type: "VatReturnValidated", data: command.data }];
      }
      default:
        return command.type satisfies never;
    }
  },
  evolve: (_state, event) => {
    switch (event.type) {
      case "VatReturnValidated":
        return { status: "validated", return: event.data };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  initialState: () => ({ status: "none" }),
};

/** The period a stream declares. */
export const returnPeriodFields = (period: VatPeriod) => ({
  period: period.key,
  periodicity: period.periodicity,
  start: period.start,
  end: period.end,
});
