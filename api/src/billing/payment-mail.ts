import { plusDays, RETRY_EVERY_DAYS, type SubscriptionEvent, utcDayOf } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { escapeHtml, type MailContent } from "../mail/messages.ts";

/**
 * The owners' e-mail when a charge fails (each `PaymentFailed`: the next attempt's day and the grace's end)
 * and when the subscription becomes read-only (`GraceEnded`). Sent by whoever appended the event, right
 * after: a run given twice, a webhook replayed or a lost answer retried appends nothing the second time,
 * so it mails nothing — one message per attempt. French first, then English (no request's language here).
 */
export type PaymentTrouble =
  | {
      readonly kind: "failed";
      readonly attempt: number;
      readonly retryOn: string;
      readonly graceEndsOn: string;
    }
  | { readonly kind: "readOnly" };

const frDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const nbsp = "\u00a0";

export const paymentTroubleMessage = (
  trouble: PaymentTrouble,
  organisation: string,
  link: string,
): MailContent => {
  const fr =
    trouble.kind === "failed"
      ? [
          `Le paiement de l’abonnement Registre de ${organisation} a été refusé (tentative n°${nbsp}${trouble.attempt}).`,
          `Nous réessaierons le ${frDay(trouble.retryOn)}. Sans paiement d’ici le ${frDay(trouble.graceEndsOn)}, l’organisation passera en lecture seule${nbsp}: ses données resteront consultables et exportables, mais plus rien ne pourra être modifié.`,
          `Pour payer ou changer de carte${nbsp}:`,
        ]
      : [
          `L’abonnement Registre de ${organisation} a pris fin faute de paiement${nbsp}: l’organisation est en lecture seule.`,
          `Toutes ses données restent consultables et exportables (FEC compris)${nbsp}; rien n’est perdu. Elle redevient modifiable dès le paiement.`,
          `Pour payer${nbsp}:`,
        ];
  const en =
    trouble.kind === "failed"
      ? [
          `The payment of ${organisation}’s Registre subscription was declined (attempt ${trouble.attempt}).`,
          `We will try again on ${trouble.retryOn}. Without a payment by ${trouble.graceEndsOn}, the organisation becomes read-only: its data can still be read and exported, but nothing can be changed.`,
          "To pay or change the card:",
        ]
      : [
          `${organisation}’s Registre subscription has ended for want of payment: the organisation is read-only.`,
          "All its data can still be read and exported (the FEC included); nothing is lost. It can be changed again as soon as it pays.",
          "To pay:",
        ];
  const subject =
    trouble.kind === "failed"
      ? `Paiement refusé — ${organisation} / Payment declined`
      : `Organisation en lecture seule — ${organisation} / Read-only`;
  const text = [
    ...fr,
    link,
    "",
    "L’équipe Registre",
    "",
    "—",
    "",
    ...en,
    link,
    "",
    "The Registre team",
    "",
  ].join("\n");
  const paragraphs = (lines: readonly string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("");
  const anchor = `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  const html = `<!doctype html><html><body>${paragraphs(fr)}${anchor}<p>L’équipe Registre</p><hr>${paragraphs(en)}${anchor}<p>The Registre team</p></body></html>`;
  return { subject, text, html };
};

/** What the events just appended call for: a failed charge, read-only, or nothing. */
export const troublesOf = (events: readonly SubscriptionEvent[]): PaymentTrouble[] =>
  events.flatMap((event): PaymentTrouble[] => {
    if (event.type === "PaymentFailed")
      return [
        {
          kind: "failed",
          attempt: event.data.attempt,
          retryOn: plusDays(utcDayOf(event.data.at), RETRY_EVERY_DAYS),
          graceEndsOn: event.data.graceEndsOn,
        },
      ];
    if (event.type === "GraceEnded") return [{ kind: "readOnly" }];
    return [];
  });

/** The organisation's owners' addresses and its name. */
const ownersOf = async (ctx: AppContext, orgId: string) => {
  const db = readModels(ctx.database);
  const [owners, org] = await Promise.all([
    db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.user_id", "m.user_id")
      .select("u.email")
      .where("m.org_id", "=", orgId)
      .where("m.profile", "=", "owner")
      .orderBy("u.email")
      .execute(),
    db.selectFrom("organisations").select("name").where("org_id", "=", orgId).executeTakeFirst(),
  ]);
  return { emails: owners.map((o) => o.email), name: org?.name ?? "" };
};

/**
 * Mails the owners about the events a command has just appended (none when it appended nothing: a
 * duplicate). A mail server that refuses is not the payment's failure: the event stays recorded, the
 * failure is told to the caller's log.
 */
export const mailPaymentTrouble = async (
  ctx: AppContext,
  orgId: string,
  outcome: {
    readonly events: readonly SubscriptionEvent[];
    readonly result: { readonly duplicate?: boolean };
  },
): Promise<number> => {
  const identity = ctx.identity;
  if (outcome.result.duplicate || !identity) return 0;
  const troubles = troublesOf(outcome.events);
  if (troubles.length === 0) return 0;
  const { emails, name } = await ownersOf(ctx, orgId);
  if (emails.length === 0) return 0;
  const link = new URL("/account/paymentmode", identity.publicUrl).toString();
  let sent = 0;
  for (const trouble of troubles) {
    try {
      await identity.mailer.send({ to: emails, ...paymentTroubleMessage(trouble, name, link) });
      sent++;
    } catch (error) {
      console.warn(`billing: the payment e-mail to ${orgId}'s owners failed: ${String(error)}`);
    }
  }
  return sent;
};
