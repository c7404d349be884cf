import type { ScheduledJob } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { sweepPlatformInvoices } from "./invoice-mail.ts";
import { subscribedOrganisations } from "./platform-invoices.ts";

/** The platform invoices' job on the schedule (`schedule_jobs`). */
export const PLATFORM_INVOICES_JOB = "billing-invoices";

/**
 * Every hour, for each organisation with a subscription: its payments without an invoice invoiced (those
 * recorded while the platform's seller identity was incomplete, or whose caller stopped between the
 * payment and its invoice), and the invoices left unsent e-mailed. Listed only when billing is on.
 */
export const platformInvoiceJob = (ctx: AppContext): ScheduledJob[] =>
  ctx.billing
    ? [
        {
          name: PLATFORM_INVOICES_JOB,
          next: (startedAt) => new Date(startedAt.getTime() + 60 * 60 * 1000),
          run: async () => {
            let issued = 0;
            for (const orgId of await subscribedOrganisations(ctx))
              issued += await sweepPlatformInvoices(ctx, orgId);
            return `${issued} invoiced`;
          },
        },
      ]
    : [];
