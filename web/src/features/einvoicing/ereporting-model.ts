import type { EReportingCalendar, EReportingPartView, EReportingPeriod } from "./ereporting-api.ts";

/** What the e-reporting screen shows of the calendar the API answers: pure, tested apart. */

type Status = EReportingPeriod["status"];

/** A period's badge colour: grey to come or nothing to report, blue due or sent, orange late, red refused. */
export const statusColor: Readonly<Record<Status, string>> = {
  toCome: "gray",
  due: "blue",
  late: "orange",
  nothingToReport: "gray",
  sent: "blue",
  acknowledged: "teal",
  rejected: "red",
  refused: "red",
};

/** The statuses « send now » is offered on: over and not sent, refused, or found with nothing then. */
const SENDABLE: readonly Status[] = ["due", "late", "refused", "nothingToReport"];

export const canSendNow = (period: EReportingPeriod, options: { connected: boolean; allowed: boolean }) =>
  options.connected && options.allowed && SENDABLE.includes(period.status);

/** The platform's answer about one part: pending, accepted, rejected with its reasons, refused at sending. */
export type PartAnswer =
  | { readonly kind: "pending" }
  | { readonly kind: "ok"; readonly at: string }
  | { readonly kind: "error"; readonly reasons: string }
  | { readonly kind: "refused"; readonly code: string; readonly message: string };

export const partAnswer = (part: EReportingPartView): PartAnswer => {
  if (part.refusal)
    return { kind: "refused", code: part.refusal.errorCode, message: part.refusal.errorMessage };
  const ack = part.acknowledgement;
  if (!ack) return { kind: "pending" };
  if (ack.status === "Ok") return { kind: "ok", at: ack.at };
  const reasons = ack.details.map((d) =>
    d.reasonMessage ? `${d.reasonCode}: ${d.reasonMessage}` : d.reasonCode,
  );
  return { kind: "error", reasons: reasons.join(" ; ") || "—" };
};

/** The rhythm the calendar follows, as the screen words it. */
export const rhythmOf = (
  calendar: Pick<EReportingCalendar, "vatRegime" | "vatPeriodicity">,
): "monthly" | "quarterly" | "simplifie" | "franchise" => {
  if (calendar.vatRegime === "franchise") return "franchise";
  if (calendar.vatRegime === "reel_simplifie") return "simplifie";
  return calendar.vatPeriodicity === "monthly" ? "monthly" : "quarterly";
};
