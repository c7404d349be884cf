import type { PlatformInvoice } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { formatDate, formatMoney } from "../pdf/format.ts";
import { platformInvoiceFileName, platformInvoicePdf } from "./invoice-document.ts";
import {
  findPlatformInvoice,
  invoicePayments,
  listPlatformInvoices,
  runPlatformInvoices,
} from "./platform-invoices.ts";

/**
 * A platform invoice e-mailed to the organisation's owner, its Factur-X attached, then recorded on the
 * invoice (`PlatformInvoiceEmailed`): an invoice recorded as e-mailed is never sent again. Who sends it:
 * the platform invoices' reactor, right after issuing it (the runner gives an organisation's events to one
 * reactor at a time), or the administrator's route for a manual one; the hourly job only for an invoice
 * left unsent `RESEND_AFTER_MS` — so that the reactor, still sending or retrying, is not doubled.
 */
export const RESEND_AFTER_MS = 15 * 60 * 1000;

/** The organisation's first owner's address (the one who created it, or the oldest owner). */
export const ownerEmail = async (ctx: AppContext, orgId: string): Promise<string | null> => {
  const row = await readModels(ctx.database)
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.user_id", "m.user_id")
    .select("u.email")
    .where("m.org_id", "=", orgId)
    .where("m.profile", "=", "owner")
    .orderBy("m.added_at")
    .orderBy("u.email")
    .executeTakeFirst();
  return row?.email ?? null;
};

const message = (invoice: PlatformInvoice) => {
  const credit = invoice.kind === "creditNote";
  const fr = [
    "Bonjour,",
    "",
    credit
      ? `Veuillez trouver ci-joint l’avoir ${invoice.number} du ${formatDate(invoice.issueDate, "fr")} de ${formatMoney(invoice.totalCents, "fr")} TTC, qui corrige la facture ${invoice.corrects?.number ?? ""}.`
      : `Veuillez trouver ci-joint la facture ${invoice.number} du ${formatDate(invoice.issueDate, "fr")} de votre abonnement Registre pour ${invoice.buyer.name}, d’un montant de ${formatMoney(invoice.totalCents, "fr")} TTC${invoice.paidOn ? `, payée par carte le ${formatDate(invoice.paidOn, "fr")}` : ""}.`,
    "Le PDF joint est une facture électronique Factur-X.",
    "",
    "L’équipe Registre",
  ];
  const en = [
    "Hello,",
    "",
    credit
      ? `Please find attached credit note ${invoice.number} of ${formatDate(invoice.issueDate, "en")} for ${formatMoney(invoice.totalCents, "en")} incl. VAT, correcting invoice ${invoice.corrects?.number ?? ""}.`
      : `Please find attached invoice ${invoice.number} of ${formatDate(invoice.issueDate, "en")} for ${invoice.buyer.name}’s Registre subscription, ${formatMoney(invoice.totalCents, "en")} incl. VAT${invoice.paidOn ? `, paid by card on ${formatDate(invoice.paidOn, "en")}` : ""}.`,
    "The attached PDF is a Factur-X e-invoice.",
    "",
    "The Registre team",
  ];
  return {
    subject: `${credit ? "Avoir" : "Facture"} ${invoice.number} — Registre / ${credit ? "Credit note" : "Invoice"}`,
    text: [...fr, "", "—", "", ...en, ""].join("\n"),
  };
};

type MailOutcome = "sent" | "nothing" | "failed";

const mailOnce = async (ctx: AppContext, id: string): Promise<MailOutcome> => {
  // Read again once this invoice's turn has come: a sending before it may have recorded it.
  const invoice = await findPlatformInvoice(ctx, id);
  if (invoice.emailed) return "nothing";
  const to = await ownerEmail(ctx, invoice.buyer.orgId);
  if (!to) return "nothing";
  let messageId: string;
  try {
    const pdf = await platformInvoicePdf(invoice, "fr");
    ({ messageId } = await ctx.identity.mailer.send({
      to,
      fromName: invoice.seller.name,
      replyTo: invoice.seller.email ?? undefined,
      ...message(invoice),
      attachments: [
        { filename: platformInvoiceFileName(invoice), content: pdf, contentType: "application/pdf" },
      ],
    }));
  } catch (error) {
    console.warn(`billing: the invoice ${invoice.number} was not e-mailed: ${String(error)}`);
    return "failed";
  }
  const at = ctx.clock().toISOString();
  await runPlatformInvoices(ctx, [{ type: "RecordInvoiceEmailed", id: invoice.id, to, messageId, at }], {
    commandId: derivedId(invoice.id, "platform-invoice-emailed"),
    at,
  });
  return "sent";
};

/** Sendings of one invoice wait for each other (a retry of the reactor beside its first run, the job). */
const sendings = new Map<string, Promise<unknown>>();

/**
 * Sends the invoice to the owner and records it; nothing when already recorded or the organisation has no
 * owner. A mail server's refusal is told to the log and left for the reactor's retry (or the job) to send again.
 */
export const mailPlatformInvoice = (ctx: AppContext, invoice: PlatformInvoice): Promise<MailOutcome> => {
  const turn = (sendings.get(invoice.id) ?? Promise.resolve()).then(() => mailOnce(ctx, invoice.id));
  const settled = turn.catch(() => undefined);
  sendings.set(invoice.id, settled);
  void settled.then(() => {
    if (sendings.get(invoice.id) === settled) sendings.delete(invoice.id);
  });
  return turn;
};

/** E-mails the organisation's invoices not sent yet (at most `minAgeMs` old is skipped); answers how many failed. */
export const mailUnsent = async (ctx: AppContext, orgId: string, minAgeMs = 0): Promise<number> => {
  let failed = 0;
  const now = ctx.clock().getTime();
  for (const invoice of await listPlatformInvoices(ctx, orgId))
    if (
      !invoice.emailed &&
      now - Date.parse(invoice.at) >= minAgeMs &&
      (await mailPlatformInvoice(ctx, invoice)) === "failed"
    )
      failed++;
  return failed;
};

/**
 * The job's sweep of one organisation, behind the reactor: payments left without an invoice (recorded while
 * the platform's seller identity was incomplete) issued and sent, invoices left unsent for `RESEND_AFTER_MS`
 * sent.
 */
export const sweepPlatformInvoices = async (ctx: AppContext, orgId: string): Promise<number> => {
  // What it issued, it sends at once; what another left unsent, once that one had time to.
  const issued = await invoicePayments(ctx, orgId);
  for (const invoice of issued) await mailPlatformInvoice(ctx, invoice);
  await mailUnsent(ctx, orgId, RESEND_AFTER_MS);
  return issued.length;
};
