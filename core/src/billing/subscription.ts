import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { vatCents } from "./plans.ts";

/**
 * An organisation's subscription (stream `subscription` of the organisation): a trial first, then paid
 * periods of a plan. A due date (the trial's end, the period's end) is charged by the schedule; a charge
 * that fails opens a grace period, retried until it ends; then the organisation is read-only until it
 * pays again. Every payment and every failure is recorded once, by its id (the provider's payment id, or
 * the attempt's key), so a webhook or a job given twice changes nothing. Days are `YYYY-MM-DD` (UTC).
 */
export const subscriptionStreamId = "subscription";

/** The plan as it was when chosen or paid: later changes to the catalogue never rewrite the past. */
export type PlanSnapshot = {
  readonly id: string;
  readonly name: string;
  readonly months: number;
  readonly priceHtCents: number;
  readonly vatRate: string;
};

export type SavedCard = {
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
};

export type SubscriptionStatus = "none" | "trial" | "active" | "pastDue" | "readOnly";

export type SubscriptionEvent =
  | DomainEvent<"TrialStarted", { readonly at: string; readonly endsOn: string }>
  | DomainEvent<"PlanChosen", { readonly plan: PlanSnapshot; readonly at: string }>
  | DomainEvent<"CustomerLinked", { readonly customerId: string; readonly at: string }>
  | DomainEvent<"CardSaved", SavedCard & { readonly at: string }>
  | DomainEvent<
      "PeriodRenewed",
      {
        readonly paymentId: string;
        readonly plan: PlanSnapshot;
        readonly from: string;
        readonly to: string;
        readonly htCents: number;
        readonly vatCents: number;
        readonly totalCents: number;
        readonly at: string;
      }
    >
  | DomainEvent<
      "PaymentFailed",
      {
        readonly attemptId: string;
        readonly reason: string;
        readonly attempt: number;
        readonly graceEndsOn: string;
        readonly at: string;
      }
    >
  | DomainEvent<"GraceEnded", { readonly at: string }>
  | DomainEvent<"Reactivated", { readonly at: string }>
  /** The owners were e-mailed about a failed charge or the subscription's end (`about`: what, once). */
  | DomainEvent<"OwnersNotified", { readonly about: string; readonly at: string }>
  | DomainEvent<
      "PlanGranted",
      {
        readonly plan: PlanSnapshot;
        readonly from: string;
        readonly to: string;
        readonly by: string;
        readonly at: string;
      }
    >;

export const subscriptionEventTypes: readonly SubscriptionEvent["type"][] = [
  "TrialStarted",
  "PlanChosen",
  "CustomerLinked",
  "CardSaved",
  "PeriodRenewed",
  "PaymentFailed",
  "GraceEnded",
  "Reactivated",
  "PlanGranted",
  "OwnersNotified",
];

export type SubscriptionState = {
  readonly status: SubscriptionStatus;
  readonly trialEndsOn: string | null;
  /** The plan of the period paid (or granted). */
  readonly plan: PlanSnapshot | null;
  /** The plan chosen for the next charge (the same as `plan` unless the owner changed it). */
  readonly nextPlan: PlanSnapshot | null;
  readonly periodFrom: string | null;
  readonly periodTo: string | null;
  readonly graceEndsOn: string | null;
  readonly failures: number;
  readonly lastFailureOn: string | null;
  readonly card: SavedCard | null;
  /** The payment provider's customer. */
  readonly customerId: string | null;
  /** Payment ids, attempt keys and the owners' notices (`OwnersNotified.about`) already recorded. */
  readonly seen: Readonly<Record<string, true>>;
};

export type SubscriptionCommand =
  | { readonly type: "StartTrial"; readonly at: string; readonly trialDays: number }
  | { readonly type: "ChoosePlan"; readonly plan: PlanSnapshot; readonly at: string }
  | { readonly type: "LinkCustomer"; readonly customerId: string; readonly at: string }
  | { readonly type: "SaveCard"; readonly card: SavedCard; readonly at: string }
  | { readonly type: "RenewPeriod"; readonly paymentId: string; readonly at: string }
  | {
      readonly type: "RecordPaymentFailure";
      readonly attemptId: string;
      readonly reason: string;
      readonly graceDays: number;
      readonly at: string;
    }
  | { readonly type: "EndGrace"; readonly at: string }
  | { readonly type: "RecordOwnersNotified"; readonly about: string; readonly at: string }
  | {
      readonly type: "GrantPlan";
      readonly plan: PlanSnapshot;
      readonly from: string;
      readonly by: string;
      readonly at: string;
    };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = (day: string): [number, number, number] => {
  const match = DAY.exec(day);
  if (!match) throw new DomainError("validation.invalidDate", { field: "from", value: day });
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

const format = (date: Date): string => date.toISOString().slice(0, 10);

/** The UTC day of an instant. */
export const utcDayOf = (at: string): string => at.slice(0, 10);

export const plusDays = (day: string, days: number): string => {
  const [y, m, d] = parts(day);
  return format(new Date(Date.UTC(y, m - 1, d + days)));
};

/** `months` later, the day kept, or the month's last when it has none (31 January + 1 month: 28 February). */
export const plusMonths = (day: string, months: number): string => {
  const [y, m, d] = parts(day);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
};

export const initialSubscriptionState = (): SubscriptionState => ({
  status: "none",
  trialEndsOn: null,
  plan: null,
  nextPlan: null,
  periodFrom: null,
  periodTo: null,
  graceEndsOn: null,
  failures: 0,
  lastFailureOn: null,
  card: null,
  customerId: null,
  seen: {},
});

export const evolveSubscription = (state: SubscriptionState, event: SubscriptionEvent): SubscriptionState => {
  switch (event.type) {
    case "TrialStarted":
      return { ...state, status: "trial", trialEndsOn: event.data.endsOn };
    case "PlanChosen":
      return { ...state, nextPlan: event.data.plan };
    case "CustomerLinked":
      return { ...state, customerId: event.data.customerId };
    case "CardSaved": {
      const { at: _at, ...card } = event.data;
      return { ...state, card, customerId: card.customerId };
    }
    case "PeriodRenewed":
      return {
        ...state,
        status: "active",
        plan: event.data.plan,
        nextPlan: state.nextPlan ?? event.data.plan,
        periodFrom: event.data.from,
        periodTo: event.data.to,
        graceEndsOn: null,
        failures: 0,
        lastFailureOn: null,
        seen: { ...state.seen, [event.data.paymentId]: true },
      };
    case "PaymentFailed":
      return {
        ...state,
        status: "pastDue",
        graceEndsOn: event.data.graceEndsOn,
        failures: event.data.attempt,
        lastFailureOn: utcDayOf(event.data.at),
        seen: { ...state.seen, [event.data.attemptId]: true },
      };
    case "GraceEnded":
      return { ...state, status: "readOnly" };
    case "OwnersNotified":
      return { ...state, seen: { ...state.seen, [event.data.about]: true } };
    case "Reactivated":
      return { ...state, status: "active", graceEndsOn: null, failures: 0, lastFailureOn: null };
    case "PlanGranted":
      return {
        ...state,
        status: "active",
        plan: event.data.plan,
        nextPlan: state.nextPlan ?? event.data.plan,
        periodFrom: event.data.from,
        periodTo: event.data.to,
        graceEndsOn: null,
        failures: 0,
        lastFailureOn: null,
      };
    default:
      return event satisfies never;
  }
};

/** The day the subscription is next due: the trial's end or the paid period's end; none when read-only. */
export const dueOn = (state: SubscriptionState): string | null => {
  if (state.status === "trial") return state.trialEndsOn;
  if (state.status === "active" || state.status === "pastDue") return state.periodTo ?? state.trialEndsOn;
  return null;
};

/** Read-only: writes refused, reads and exports answered. */
export const isReadOnly = (state: SubscriptionState): boolean => state.status === "readOnly";

/** Days between two failed charges in the grace period. */
export const RETRY_EVERY_DAYS = 2;

/**
 * What the schedule does today for this subscription: charge a due date (or retry a failed charge every
 * `RETRY_EVERY_DAYS`), end the grace period, or nothing.
 */
export const dueAction = (state: SubscriptionState, today: string): "charge" | "endGrace" | null => {
  const due = dueOn(state);
  if (state.status === "pastDue") {
    if (state.graceEndsOn !== null && today >= state.graceEndsOn) return "endGrace";
    if (state.lastFailureOn !== null && today >= plusDays(state.lastFailureOn, RETRY_EVERY_DAYS))
      return "charge";
    return null;
  }
  if ((state.status === "trial" || state.status === "active") && due !== null && today >= due)
    return "charge";
  return null;
};

/** What the next charge will be: the plan chosen, its price before tax, VAT and total, in cents. */
export const nextCharge = (
  state: SubscriptionState,
): {
  readonly plan: PlanSnapshot;
  readonly htCents: number;
  readonly vatCents: number;
  readonly totalCents: number;
} | null => {
  const plan = state.nextPlan ?? state.plan;
  if (!plan) return null;
  const vat = vatCents(plan.priceHtCents, plan.vatRate);
  return { plan, htCents: plan.priceHtCents, vatCents: vat, totalCents: plan.priceHtCents + vat };
};

const decide = (command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] => {
  switch (command.type) {
    case "StartTrial": {
      if (state.status !== "none") return [];
      if (!Number.isInteger(command.trialDays) || command.trialDays < 0 || command.trialDays > 366)
        throw new DomainError("billing.invalidTrialDays", { field: "trialDays" });
      return [
        {
          type: "TrialStarted",
          data: { at: command.at, endsOn: plusDays(utcDayOf(command.at), command.trialDays) },
        },
      ];
    }
    case "ChoosePlan":
      if (state.nextPlan && JSON.stringify(state.nextPlan) === JSON.stringify(command.plan)) return [];
      return [{ type: "PlanChosen", data: { plan: command.plan, at: command.at } }];
    case "LinkCustomer":
      return state.customerId === command.customerId
        ? []
        : [{ type: "CustomerLinked", data: { customerId: command.customerId, at: command.at } }];
    case "SaveCard":
      if (state.card && JSON.stringify(state.card) === JSON.stringify(command.card)) return [];
      return [{ type: "CardSaved", data: { ...command.card, at: command.at } }];
    case "RenewPeriod": {
      if (state.seen[command.paymentId]) return [];
      const charge = nextCharge(state);
      if (!charge) throw new DomainError("billing.noPlan", { field: "planId" }, 409);
      const readOnly = state.status === "readOnly";
      // A period follows the last one without a gap; a read-only organisation starts again the day it pays.
      const from =
        readOnly || state.status === "none" ? utcDayOf(command.at) : (dueOn(state) ?? utcDayOf(command.at));
      const renewed: SubscriptionEvent = {
        type: "PeriodRenewed",
        data: {
          paymentId: command.paymentId,
          plan: charge.plan,
          from,
          to: plusMonths(from, charge.plan.months),
          htCents: charge.htCents,
          vatCents: charge.vatCents,
          totalCents: charge.totalCents,
          at: command.at,
        },
      };
      return readOnly ? [{ type: "Reactivated", data: { at: command.at } }, renewed] : [renewed];
    }
    case "RecordPaymentFailure": {
      if (state.seen[command.attemptId]) return [];
      const due = dueOn(state);
      if (due === null) return [];
      return [
        {
          type: "PaymentFailed",
          data: {
            attemptId: command.attemptId,
            reason: command.reason,
            attempt: state.failures + 1,
            graceEndsOn: state.graceEndsOn ?? plusDays(due, command.graceDays),
            at: command.at,
          },
        },
      ];
    }
    case "EndGrace":
      if (
        state.status !== "pastDue" ||
        state.graceEndsOn === null ||
        utcDayOf(command.at) < state.graceEndsOn
      )
        return [];
      return [{ type: "GraceEnded", data: { at: command.at } }];
    case "RecordOwnersNotified":
      return state.seen[command.about]
        ? []
        : [{ type: "OwnersNotified", data: { about: command.about, at: command.at } }];
    case "GrantPlan": {
      const to = plusMonths(command.from, command.plan.months);
      const granted: SubscriptionEvent = {
        type: "PlanGranted",
        data: { plan: command.plan, from: command.from, to, by: command.by, at: command.at },
      };
      return state.status === "readOnly"
        ? [{ type: "Reactivated", data: { at: command.at } }, granted]
        : [granted];
    }
    default:
      return command satisfies never;
  }
};

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  decide,
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
