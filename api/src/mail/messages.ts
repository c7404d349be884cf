import type { Locale } from "../http/messages.ts";

export type MailContent = { subject: string; text: string; html: string };

export type PasswordRenewalParams = {
  /** How to greet the user: their name, or an empty string for a neutral greeting. */
  name: string;
  /** The absolute link to the renewal page, token included. */
  link: string;
  expiresInMinutes: number;
};

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

type Wording = {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  linkLine: string;
  action: string;
  expiry: (minutes: number) => string;
  ignore: string;
  signature: string;
};

const wordings: Record<Locale, Wording> = {
  fr: {
    subject: "Réinitialisez votre mot de passe Registre",
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    intro: "Vous avez demandé à renouveler le mot de passe de votre compte Registre.",
    linkLine: "Pour choisir un nouveau mot de passe, ouvrez ce lien :",
    action: "Choisir un nouveau mot de passe",
    expiry: (minutes) =>
      `Ce lien est valable ${minutes} minute${minutes > 1 ? "s" : ""} et ne peut servir qu’une fois.`,
    ignore:
      "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
    signature: "L’équipe Registre",
  },
  en: {
    subject: "Reset your Registre password",
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: "You asked to renew the password of your Registre account.",
    linkLine: "To choose a new password, open this link:",
    action: "Choose a new password",
    expiry: (minutes) =>
      `This link is valid for ${minutes} minute${minutes === 1 ? "" : "s"} and can be used once.`,
    ignore: "If you did not ask for this, ignore this message: your password does not change.",
    signature: "The Registre team",
  },
};

/** The e-mail with the link to renew a password, in the user's language (subject, plain text, HTML). */
export const passwordRenewalMessage = (locale: Locale, params: PasswordRenewalParams): MailContent => {
  const wording = wordings[locale];
  const name = params.name.trim();
  const text = [
    wording.greeting(name),
    "",
    wording.intro,
    wording.linkLine,
    params.link,
    "",
    wording.expiry(params.expiresInMinutes),
    wording.ignore,
    "",
    wording.signature,
    "",
  ].join("\n");
  const link = escapeHtml(params.link);
  const html = [
    "<!doctype html>",
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><title>',
    escapeHtml(wording.subject),
    "</title></head>",
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${escapeHtml(wording.greeting(name))}</p>`,
    `<p>${escapeHtml(wording.intro)}</p>`,
    `<p><a href="${link}" style="display: inline-block; padding: 10px 16px; background: #1c64f2; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(wording.action)}</a></p>`,
    `<p style="font-size: 13px; color: #555555;">${link}</p>`,
    `<p>${escapeHtml(wording.expiry(params.expiresInMinutes))}<br>${escapeHtml(wording.ignore)}</p>`,
    `<p>${escapeHtml(wording.signature)}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { subject: wording.subject, text, html };
};
