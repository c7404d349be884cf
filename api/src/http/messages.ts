import { formattedParam } from "./message-params.ts";
import { accountingMessages } from "./messages-accounting.ts";
import { bankMessages, bankParamText } from "./messages-banks.ts";
import { billingMessages } from "./messages-billing.ts";
import { contactItemMessages, duplicateReasonsText } from "./messages-contacts-items.ts";
import { documentMessages } from "./messages-documents.ts";
import { einvoiceMessages } from "./messages-einvoice.ts";
import { einvoicingMessages } from "./messages-einvoicing.ts";
import { ereportingMessages } from "./messages-ereporting.ts";
import { fileMessages } from "./messages-files.ts";
import { identityMessages } from "./messages-identity.ts";
import { importMessages } from "./messages-import.ts";
import { fieldLabel, itemReferenceMessages } from "./messages-items-reference.ts";
import { mailMessages } from "./messages-mail.ts";
import { paymentMessages } from "./messages-payments.ts";
import { platformMessages } from "./messages-platform.ts";
import { reconcileMessages } from "./messages-reconcile.ts";
import { releaseMessages } from "./messages-releases.ts";
import { requestMessages } from "./messages-requests.ts";
import { uploadMessages, uploadParamText } from "./messages-uploads.ts";
import { vatMessages } from "./messages-vat.ts";

/**
 * Every error code the API can answer, in French (default) and English. `{name}` placeholders are
 * filled from the error's params. The web app shows `detail` as it comes.
 */
export const messages = {
  ...bankMessages,
  ...reconcileMessages,
  ...contactItemMessages,
  ...itemReferenceMessages,
  ...importMessages,
  ...fileMessages,
  ...documentMessages,
  ...mailMessages,
  ...einvoiceMessages,
  ...einvoicingMessages,
  ...ereportingMessages,
  ...paymentMessages,
  ...uploadMessages,
  ...vatMessages,
  ...releaseMessages,
  ...billingMessages,
  ...platformMessages,
  ...accountingMessages,
  ...identityMessages,
  ...requestMessages,
} as const satisfies Record<string, { fr: string; en: string }>;

export type MessageCode = keyof typeof messages;
export type Locale = "fr" | "en";

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messages, code);

/**
 * `{count|one|other}` becomes the form for the number `count` names: French takes the singular for 0 and
 * 1, English for 1 only. A parameter missing leaves the text as it is.
 */
const plurals = (template: string, locale: Locale, params: Readonly<Record<string, string | number>>) =>
  template.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, key: string, one: string, other: string) => {
    if (!(key in params)) return whole;
    const n = Math.abs(Number(params[key]));
    return (locale === "fr" ? n < 2 : n === 1) ? one : other;
  });

export const translate = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {},
): string => {
  const template: string = isMessageCode(code) ? messages[code][locale] : code;
  return plurals(template, locale, params).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? paramText(code, key, String(params[key]), locale) : whole,
  );
};

/** A parameter as its sentence shows it: a field by its label, amounts and dates as the reader writes them. */
const paramText = (code: string, key: string, value: string, locale: Locale): string => {
  if (key === "field") return fieldLabel(value, locale);
  if (key === "reasons") return duplicateReasonsText(value, locale);
  // An invoice the platform has said nothing of yet: its last status is « aucun », not "none".
  if (code === "einvoicing.notRefused" && key === "status" && value === "none")
    return locale === "fr" ? "aucun" : "none yet";
  const own = code.startsWith("bankStatement.")
    ? bankParamText(key, value, locale)
    : code.startsWith("upload.")
      ? uploadParamText(code, key, value, locale)
      : undefined;
  return own ?? formattedParam(code, key, value, locale) ?? value;
};

/** The first of fr/en the client accepts, French when it names neither. */
export const pickLocale = (acceptLanguage: string | undefined): Locale => {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "fr" || tag === "en") return tag;
  }
  return "fr";
};
