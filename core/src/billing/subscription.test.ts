import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { plansDecider, vatCents } from "./plans.ts";
import {
  dueAction,
  evolveSubscription,
  initialSubscriptionState,
  isReadOnly,
  type PlanSnapshot,
  plusMonths,
  type SubscriptionEvent,
  subscriptionDecider,
} from "./subscription.ts";

const spec = deciderSpecification(subscriptionDecider);
const plan: PlanSnapshot = { id: "p1", name: "Annuel", months: 12, priceHtCents: 12_000, vatRate: "20" };
const monthly: PlanSnapshot = { id: "p2", name: "Mensuel", months: 1, priceHtCents: 1_250, vatRate: "20" };
const trial: SubscriptionEvent = {
  type: "TrialStarted",
  data: { at: "2026-01-31T10:00:00.000Z", endsOn: "2026-03-02" },
};
const chosen: SubscriptionEvent = {
  type: "PlanChosen",
  data: { plan: monthly, at: "2026-02-10T09:00:00.000Z" },
};
const renewed = (paymentId: string, from: string, to: string, at: string): SubscriptionEvent => ({
  type: "PeriodRenewed",
  data: { paymentId, plan: monthly, from, to, htCents: 1_250, vatCents: 250, totalCents: 1_500, at },
});
const firstPayment = renewed("pi_1", "2026-03-02", "2026-04-02", "2026-03-02T03:00:00.000Z");
const failed = (attemptId: string, attempt: number, at: string): SubscriptionEvent => ({
  type: "PaymentFailed",
  data: { attemptId, reason: "card_declined", attempt, graceEndsOn: "2026-04-16", at },
});
const stateOf = (events: readonly SubscriptionEvent[]) =>
  fold(evolveSubscription, initialSubscriptionState(), events);

describe("subscription", () => {
  it("a new organisation's trial ends after the trial's days; started twice, once", () => {
    spec.given([]).when({ type: "StartTrial", at: "2026-01-31T10:00:00.000Z", trialDays: 30 }).then([trial]);
    spec.given([trial]).when({ type: "StartTrial", at: "2026-02-01T10:00:00.000Z", trialDays: 30 }).then([]);
    spec
      .given([])
      .when({ type: "StartTrial", at: "2026-01-31T10:00:00.000Z", trialDays: -1 })
      .thenThrows(refusedOnField("billing.invalidTrialDays", "trialDays"));
  });

  it("the first payment at the trial's end pays the chosen plan's period from that day, VAT at its rate", () => {
    spec
      .given([trial, chosen])
      .when({ type: "RenewPeriod", paymentId: "pi_1", at: "2026-03-02T03:00:00.000Z" })
      .then([firstPayment]);
    expect(stateOf([trial, chosen, firstPayment])).toMatchObject({
      status: "active",
      periodTo: "2026-04-02",
    });
  });

  it("a payment recorded twice (a webhook replayed) is applied once", () =>
    spec
      .given([trial, chosen, firstPayment])
      .when({ type: "RenewPeriod", paymentId: "pi_1", at: "2026-03-02T04:00:00.000Z" })
      .then([]));

  it("the owners' notice of a failed charge is recorded once, whatever else it leaves unchanged", () => {
    const declined = failed("renew:1", 1, "2026-04-02T03:00:00.000Z");
    const notified: SubscriptionEvent = {
      type: "OwnersNotified",
      data: { about: "notice:failed:renew:1", at: "2026-04-02T03:00:05.000Z" },
    };
    const given = [trial, chosen, firstPayment, declined];
    spec
      .given(given)
      .when({ type: "RecordOwnersNotified", about: "notice:failed:renew:1", at: "2026-04-02T03:00:05.000Z" })
      .then([notified]);
    spec
      .given([...given, notified])
      .when({ type: "RecordOwnersNotified", about: "notice:failed:renew:1", at: "2026-04-02T04:00:00.000Z" })
      .then([]);
    const { seen: _before, ...rest } = stateOf(given);
    const { seen, ...after } = stateOf([...given, notified]);
    expect(after).toEqual(rest);
    expect(seen["notice:failed:renew:1"]).toBe(true);
  });

  it("without a plan nothing can be charged", () =>
    spec
      .given([trial])
      .when({ type: "RenewPeriod", paymentId: "pi_1", at: "2026-03-02T03:00:00.000Z" })
      .thenThrows(refusedWith("billing.noPlan", undefined, 409)));

  it("renewals follow one another without a gap", () =>
    spec
      .given([trial, chosen, firstPayment])
      .when({ type: "RenewPeriod", paymentId: "pi_2", at: "2026-04-03T03:00:00.000Z" })
      .then([renewed("pi_2", "2026-04-02", "2026-05-02", "2026-04-03T03:00:00.000Z")]));

  it("a declined card opens the grace period from the due date, each attempt counted once", () => {
    const first = failed("renew:2026-04-02:1", 1, "2026-04-02T03:00:00.000Z");
    spec
      .given([trial, chosen, firstPayment])
      .when({
        type: "RecordPaymentFailure",
        attemptId: "renew:2026-04-02:1",
        reason: "card_declined",
        graceDays: 14,
        at: "2026-04-02T03:00:00.000Z",
      })
      .then([first]);
    spec
      .given([trial, chosen, firstPayment, first])
      .when({
        type: "RecordPaymentFailure",
        attemptId: "renew:2026-04-02:1",
        reason: "card_declined",
        graceDays: 14,
        at: "2026-04-02T03:00:00.000Z",
      })
      .then([]);
    // The second attempt keeps the grace period's end.
    spec
      .given([trial, chosen, firstPayment, first])
      .when({
        type: "RecordPaymentFailure",
        attemptId: "renew:2026-04-02:2",
        reason: "card_declined",
        graceDays: 30,
        at: "2026-04-04T03:00:00.000Z",
      })
      .then([failed("renew:2026-04-02:2", 2, "2026-04-04T03:00:00.000Z")]);
  });

  it("the grace period's end makes the organisation read-only, not before", () => {
    const given = [trial, chosen, firstPayment, failed("a1", 1, "2026-04-02T03:00:00.000Z")];
    spec.given(given).when({ type: "EndGrace", at: "2026-04-15T23:59:00.000Z" }).then([]);
    spec
      .given(given)
      .when({ type: "EndGrace", at: "2026-04-16T03:00:00.000Z" })
      .then([{ type: "GraceEnded", data: { at: "2026-04-16T03:00:00.000Z" } }]);
    const ended: SubscriptionEvent = { type: "GraceEnded", data: { at: "2026-04-16T03:00:00.000Z" } };
    expect(isReadOnly(stateOf([...given, ended]))).toBe(true);
    spec
      .given([...given, ended])
      .when({ type: "EndGrace", at: "2026-04-17T03:00:00.000Z" })
      .then([]);
  });

  it("a read-only organisation that pays is reactivated, its period starting that day", () => {
    const given: SubscriptionEvent[] = [
      trial,
      chosen,
      firstPayment,
      failed("a1", 1, "2026-04-02T03:00:00.000Z"),
      { type: "GraceEnded", data: { at: "2026-04-16T03:00:00.000Z" } },
    ];
    spec
      .given(given)
      .when({ type: "RenewPeriod", paymentId: "pi_9", at: "2026-05-20T12:00:00.000Z" })
      .then([
        { type: "Reactivated", data: { at: "2026-05-20T12:00:00.000Z" } },
        renewed("pi_9", "2026-05-20", "2026-06-20", "2026-05-20T12:00:00.000Z"),
      ]);
    const back = stateOf([
      ...given,
      { type: "Reactivated", data: { at: "2026-05-20T12:00:00.000Z" } },
      renewed("pi_9", "2026-05-20", "2026-06-20", "2026-05-20T12:00:00.000Z"),
    ]);
    expect(back.status).toBe("active");
    expect(isReadOnly(back)).toBe(false);
  });

  it("the platform administrator grants a plan by hand, which also lifts read-only", () => {
    const granted: SubscriptionEvent = {
      type: "PlanGranted",
      data: { plan, from: "2026-05-01", to: "2027-05-01", by: "admin", at: "2026-05-01T08:00:00.000Z" },
    };
    spec
      .given([trial])
      .when({ type: "GrantPlan", plan, from: "2026-05-01", by: "admin", at: "2026-05-01T08:00:00.000Z" })
      .then([granted]);
    spec
      .given([
        trial,
        chosen,
        firstPayment,
        failed("a1", 1, "2026-04-02T03:00:00.000Z"),
        { type: "GraceEnded", data: { at: "2026-04-16T03:00:00.000Z" } },
      ])
      .when({ type: "GrantPlan", plan, from: "2026-05-01", by: "admin", at: "2026-05-01T08:00:00.000Z" })
      .then([{ type: "Reactivated", data: { at: "2026-05-01T08:00:00.000Z" } }, granted]);
  });

  it("the schedule's action: charge at the due date, retry every two days, end the grace", () => {
    expect(dueAction(stateOf([trial, chosen]), "2026-03-01")).toBe(null);
    expect(dueAction(stateOf([trial, chosen]), "2026-03-02")).toBe("charge");
    const pastDue = stateOf([trial, chosen, firstPayment, failed("a1", 1, "2026-04-02T03:00:00.000Z")]);
    expect(dueAction(pastDue, "2026-04-03")).toBe(null);
    expect(dueAction(pastDue, "2026-04-04")).toBe("charge");
    expect(dueAction(pastDue, "2026-04-16")).toBe("endGrace");
    expect(dueAction(initialSubscriptionState(), "2030-01-01")).toBe(null);
  });

  it("the provider's customer is linked once; a card saved names it", () => {
    const linked: SubscriptionEvent = {
      type: "CustomerLinked",
      data: { customerId: "cus_1", at: "2026-02-01T00:00:00.000Z" },
    };
    spec
      .given([trial])
      .when({ type: "LinkCustomer", customerId: "cus_1", at: "2026-02-01T00:00:00.000Z" })
      .then([linked]);
    spec
      .given([trial, linked])
      .when({ type: "LinkCustomer", customerId: "cus_1", at: "2026-02-02T00:00:00.000Z" })
      .then([]);
    const card = {
      customerId: "cus_1",
      paymentMethodId: "pm_1",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    };
    const saved: SubscriptionEvent = { type: "CardSaved", data: { ...card, at: "2026-02-03T00:00:00.000Z" } };
    spec
      .given([trial, linked])
      .when({ type: "SaveCard", card, at: "2026-02-03T00:00:00.000Z" })
      .then([saved]);
    spec
      .given([trial, linked, saved])
      .when({ type: "SaveCard", card, at: "2026-02-04T00:00:00.000Z" })
      .then([]);
    expect(stateOf([trial, linked, saved])).toMatchObject({ customerId: "cus_1", card });
  });

  it("months are added keeping the day, or the month's last", () => {
    expect(plusMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(plusMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(plusMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(plusMonths("2026-03-31", 12)).toBe("2027-03-31");
  });
});

describe("plans", () => {
  const plans = deciderSpecification(plansDecider);
  const text = {
    name: " Annuel ",
    months: 12,
    priceHtCents: 12_000,
    vatRate: "20.00",
    includes: ["Tout", " "],
  };

  it("a plan is defined with its name, months, price before tax, VAT rate and what it includes", () =>
    plans
      .given([])
      .when({ type: "DefinePlan", id: "p1", plan: text })
      .then([
        {
          type: "PlanDefined",
          data: {
            id: "p1",
            name: "Annuel",
            months: 12,
            priceHtCents: 12_000,
            vatRate: "20",
            includes: ["Tout"],
          },
        },
      ]));

  it("refuses bad months, prices and rates, naming the field", () => {
    const define = (change: object) =>
      plans.given([]).when({ type: "DefinePlan", id: "p1", plan: { ...text, ...change } });
    define({ months: 0 }).thenThrows(refusedOnField("billing.invalidMonths", "months"));
    define({ priceHtCents: 10.5 }).thenThrows(refusedOnField("billing.invalidPrice", "priceHtCents"));
    define({ vatRate: "abc" }).thenThrows(refusedOnField("billing.invalidVatRate", "vatRate"));
    define({ vatRate: "20.001" }).thenThrows(refusedOnField("billing.invalidVatRate", "vatRate"));
    define({ name: " " }).thenThrows(refusedOnField("validation.required", "name"));
  });

  it("VAT is rounded half up to the cent", () => {
    expect(vatCents(1_250, "20")).toBe(250);
    expect(vatCents(999, "5.5")).toBe(55); // 54.945
    expect(vatCents(1_001, "2.1")).toBe(21); // 21.021
  });
});
