import { DomainError, parisDate } from "@registre/core";
import type { AppContext } from "../context.ts";
import type { ManagementReportView } from "../schemas/management-reports.ts";
import { agedBalance, agedBuckets } from "./aged.ts";

/** The aged balances' day: `to`, else today (Paris); `from` only echoed (`to` when absent), never after it. */
export const agedPeriod = (
  ctx: AppContext,
  asked: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } => {
  const to = asked.to ?? parisDate(ctx.clock());
  const from = asked.from ?? to;
  if (to < from) throw new DomainError("validation.invalidRange", { start: from, end: to, field: "to" });
  return { from, to };
};

/**
 * The aged balances as management reports (`aged-receivables`, `aged-payables`): one row per contact
 * with what is left due, including tax, in the buckets of its days past due at the period's last day
 * (`agedBalance`, the documents read model), and the totals. `from` is only echoed. `ledger`: the side's
 * third-party accounts in the books at that day beside them (for a member who may read the books; null
 * otherwise).
 */
export const agedReport = async (
  ctx: AppContext,
  orgId: string,
  type: "aged-receivables" | "aged-payables",
  period: { from: string; to: string },
  options: { ledger: boolean },
): Promise<ManagementReportView> => {
  const aged = await agedBalance(ctx, orgId, {
    direction: type === "aged-receivables" ? "sales" : "purchases",
    at: period.to,
    lateLimit: 0,
    ledger: options.ledger,
  });
  const keys = [...agedBuckets, "total"] as const;
  return {
    type,
    from: period.from,
    to: aged.at,
    subject: "contact",
    columns: [{ key: "documents", kind: "count" }, ...keys.map((key) => ({ key, kind: "money" as const }))],
    rows: aged.contacts.map((c) => ({
      key: c.contactId,
      label: c.name,
      values: { documents: c.documents, ...Object.fromEntries(keys.map((key) => [key, c[key]])) },
    })),
    totals: {
      documents: aged.contacts.reduce((s, c) => s + c.documents, 0),
      ...Object.fromEntries(keys.map((key) => [key, aged.totals[key]])),
    },
    uncosted: null,
    ledger: aged.ledger,
  };
};
