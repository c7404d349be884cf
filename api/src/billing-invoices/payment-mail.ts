import {
  plusDays,
  RETRY_EVERY_DAYS,
  type SubscriptionEvent,
  subscriptionStreamId,
  utcDayOf,
} from "@registre/core";
import { type Reactor, readModels } from "@registre/projections";
import { loadSubscription, runSubscription } from "../billing/subscription.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { escapeHtml, type MailContent } from "../mail/messages.ts";

/**
 * The owners' e-mail when a charge fails (each `PaymentFailed`: the next attempt's day and the grace's end)
 * and when the subscription becomes read-only (`GraceEnded`). Sent by a reactor on the log, whoever appended
 * the event (the billing job, the card's route): a run given twice, a webhook replayed or a lost answer
 * retried appends nothing the second time, so it mails nothing — one message per attempt; a server that
 * stops right after the append still sends it once it is back. French first, then English (no request's
 * language here).
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

/** What a subscription event calls for, with the key its notice is recorded under: a failed charge, read-only, or nothing. */
export const troubleOf = (event: SubscriptionEvent): { about: string; trouble: PaymentTrouble } | null => {
  if (event.type === "PaymentFailed")
    return {
      about: `notice:failed:${event.data.attemptId}`,
      trouble: {
        kind: "failed",
        attempt: event.data.attempt,
        retryOn: plusDays(utcDayOf(event.data.at), RETRY_EVERY_DAYS),
        graceEndsOn: event.data.graceEndsOn,
      },
    };
  if (event.type === "GraceEnded")
    return { about: `notice:readOnly:${event.data.at}`, trouble: { kind: "readOnly" } };
  return null;
};

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

/** The reactor's name, as the platform's read-model screen lists it. */
export const PAYMENT_MAIL_REACTOR = "payment-mail";

/** One organisation's notices at a time in this process (the live loop and a command waiting beside it). */
const turns = new Map<string, Promise<unknown>>();
const inTurn = (orgId: string, work: () => Promise<void>): Promise<void> => {
  const turn = (turns.get(orgId) ?? Promise.resolve()).then(work);
  const settled = turn.catch(() => undefined);
  turns.set(orgId, settled);
  void settled.then(() => {
    if (turns.get(orgId) === settled) turns.delete(orgId);
  });
  return turn;
};

/**
 * Mails the owners about each failed charge and the subscription's end, from the log, then records the
 * notice on the subscription (`OwnersNotified`): a notice recorded is never sent again, whether the runner
 * gives the events twice (a replay, two followers of the log) or the reactor tries again. A mail server
 * that refuses throws: the runner gives the organisation's events again later (with back-off), so the
 * warning is not lost. With no identity services (no mailer), nothing.
 */
export const paymentMailReactors = (ctx: () => AppContext): readonly Reactor[] => [
  {
    name: PAYMENT_MAIL_REACTOR,
    handles: ["PaymentFailed", "GraceEnded"],
    react: async (events) => {
      const context = ctx();
      const identity = context.identity;
      if (!identity) return;
      for (const orgId of new Set(events.map((e) => e.orgId)))
        await inTurn(orgId, async () => {
          const notices = events
            .filter((e) => e.orgId === orgId && e.streamId === subscriptionStreamId)
            .map((e) => troubleOf(e as unknown as SubscriptionEvent))
            .filter((n) => n !== null);
          if (notices.length === 0) return;
          const state = await loadSubscription(context, orgId);
          const { emails, name } = await ownersOf(context, orgId);
          const link = new URL("/account/paymentmode", identity.publicUrl).toString();
          for (const { about, trouble } of notices) {
            if (state.seen[about]) continue;
            if (emails.length > 0)
              await identity.mailer.send({ to: emails, ...paymentTroubleMessage(trouble, name, link) });
            const at = context.clock().toISOString();
            await runSubscription(context, orgId, [{ type: "RecordOwnersNotified", about, at }], {
              commandId: derivedId(orgId, about),
              at,
            });
          }
        });
    },
  },
];
