import { type LiveDocument, lateness, parisDate } from "@registre/core";
import type { DocumentRow } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { summaryOf } from "./queries.ts";

/**
 * The rates the late-payment penalty is computed from (C. com. L441-10): the ECB's main refinancing
 * rate (2.15 % since 11 June 2025) and the legal interest rate for professionals (3 × its value is the
 * floor; 3.16 % for the second half of 2025). Shown, not invoiced: kept here until rates become settings.
 */
export const LATE_PAYMENT_RATES = { ecbRate: "2.15", legalInterestRate: "3.16" } as const;

/** A document as the contact's lists show it: with days late, the penalty and the €40 indemnity when late. */
export const withLateness = (ctx: AppContext, row: Omit<DocumentRow, "state"> & { state?: unknown }) => {
  const today = parisDate(ctx.clock());
  const summary = summaryOf(row);
  if (!row.validated_on || !row.due_date || row.due <= 0 || row.kind !== "invoice")
    return { ...summary, daysLate: null, penalty: null, indemnity: null };
  const state = (typeof row.state === "string" ? JSON.parse(row.state) : row.state) as
    | LiveDocument
    | undefined;
  const late = lateness({
    dueDate: row.due_date,
    on: today,
    amountDue: row.due,
    penaltyRate: state?.contact?.paymentTerms?.penaltyRate ?? null,
    ...LATE_PAYMENT_RATES,
    business: state?.contact?.kind !== "person",
  });
  return { ...summary, daysLate: late.daysLate, penalty: late.penalty, indemnity: late.indemnity };
};
