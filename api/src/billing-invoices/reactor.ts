import type { Reactor } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { mailUnsent } from "./invoice-mail.ts";
import { invoicePayments } from "./platform-invoices.ts";

/** The reactor's name, as the platform's read-model screen lists it. */
export const PLATFORM_INVOICES_REACTOR = "platform-invoices";

/**
 * Each payment recorded on a subscription (`PeriodRenewed`, whether the billing job, the webhook or the
 * card's route recorded it) invoiced in the platform's series and e-mailed to the owner: the reactor
 * issues the organisation's payments that have no invoice yet (once by payment id), then e-mails its
 * invoices not yet sent. The runner gives an organisation's events to one reactor at a time; a mail server
 * that refuses throws, and the runner gives the events again later — the invoice is not issued twice
 * (its payment id), nor an e-mail recorded as sent sent again. With billing off, nothing.
 */
export const platformInvoiceReactors = (ctx: () => AppContext): readonly Reactor[] => [
  {
    name: PLATFORM_INVOICES_REACTOR,
    handles: ["PeriodRenewed"],
    react: async (events) => {
      const context = ctx();
      if (!context.billing) return;
      for (const orgId of new Set(events.map((e) => e.orgId))) {
        await invoicePayments(context, orgId);
        const failed = await mailUnsent(context, orgId);
        if (failed > 0) throw new Error(`${failed} platform invoice(s) of ${orgId} not e-mailed yet`);
      }
    },
  },
];
