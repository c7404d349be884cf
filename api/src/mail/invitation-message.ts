import type { Profile } from "@registre/core";
import type { Locale } from "../http/messages.ts";
import { escapeHtml, type MailContent } from "./messages.ts";

export type InvitationMailParams = {
  /** Who invites (their name), or an empty string. */
  inviter: string;
  organisation: string;
  profile: Profile;
  /** The invited address, which the account must have. */
  email: string;
  /** Whether an account already has that address: sign in, or create the account first. */
  registered: boolean;
  /** The absolute link to the invitation page, token included. */
  link: string;
  expiresInDays: number;
};

type Wording = {
  subject: (p: InvitationMailParams) => string;
  intro: (p: InvitationMailParams) => string;
  next: (p: InvitationMailParams) => string;
  action: string;
  expiry: (days: number) => string;
  ignore: string;
  signature: string;
};

const profiles: Record<Locale, Record<Profile, string>> = {
  fr: { owner: "propriétaire", accountant: "comptable" },
  en: { owner: "owner", accountant: "accountant" },
};

const wordings: Record<Locale, Wording> = {
  fr: {
    subject: (p) => `Invitation à rejoindre ${p.organisation} sur Registre`,
    intro: (p) =>
      `${p.inviter || "Un propriétaire"} vous invite à rejoindre l’organisation ${p.organisation} sur Registre, avec le profil ${profiles.fr[p.profile]}.`,
    next: (p) =>
      p.registered
        ? `Pour accepter, connectez-vous avec l’adresse ${p.email} en ouvrant ce lien :`
        : `Pour accepter, créez votre compte Registre avec l’adresse ${p.email} en ouvrant ce lien :`,
    action: "Voir l’invitation",
    expiry: (days) => `Cette invitation est valable ${days} jours.`,
    ignore:
      "Si vous ne vous attendiez pas à cette invitation, ignorez ce message : rien ne change sans votre accord.",
    signature: "L’équipe Registre",
  },
  en: {
    subject: (p) => `Invitation to join ${p.organisation} on Registre`,
    intro: (p) =>
      `${p.inviter || "An owner"} invites you to join the organisation ${p.organisation} on Registre, as ${profiles.en[p.profile]}.`,
    next: (p) =>
      p.registered
        ? `To accept, sign in with the address ${p.email} by opening this link:`
        : `To accept, create your Registre account with the address ${p.email} by opening this link:`,
    action: "See the invitation",
    expiry: (days) => `This invitation is valid for ${days} days.`,
    ignore:
      "If you did not expect this invitation, ignore this message: nothing changes without your consent.",
    signature: "The Registre team",
  },
};

/** The e-mail inviting an address into an organisation, in the inviter's language. */
export const invitationMessage = (locale: Locale, params: InvitationMailParams): MailContent => {
  const w = wordings[locale];
  const subject = w.subject(params);
  const text = [
    locale === "fr" ? "Bonjour," : "Hello,",
    "",
    w.intro(params),
    w.next(params),
    params.link,
    "",
    w.expiry(params.expiresInDays),
    w.ignore,
    "",
    w.signature,
    "",
  ].join("\n");
  const link = escapeHtml(params.link);
  const html = [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${locale === "fr" ? "Bonjour," : "Hello,"}</p>`,
    `<p>${escapeHtml(w.intro(params))}</p>`,
    `<p>${escapeHtml(w.next(params))}</p>`,
    `<p><a href="${link}" style="display: inline-block; padding: 10px 16px; background: #1c64f2; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(w.action)}</a></p>`,
    `<p style="font-size: 13px; color: #555555;">${link}</p>`,
    `<p>${escapeHtml(w.expiry(params.expiresInDays))}<br>${escapeHtml(w.ignore)}</p>`,
    `<p>${escapeHtml(w.signature)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { subject, text, html };
};
