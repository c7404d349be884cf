/**
 * Every error code the API can answer, in French (default) and English. `{name}` placeholders are
 * filled from the error's params. The web app shows `detail` as it comes.
 */
export const messages = {
  "organisation.nameRequired": {
    fr: "Le nom de l’organisation est obligatoire.",
    en: "The organisation name is required.",
  },
  "organisation.nameTooLong": {
    fr: "Le nom de l’organisation dépasse {max} caractères.",
    en: "The organisation name is longer than {max} characters.",
  },
  "organisation.invalidSiren": {
    fr: "Le SIREN « {siren} » n’est pas valide : 9 chiffres avec une clé de contrôle correcte.",
    en: "SIREN “{siren}” is not valid: 9 digits with a correct check digit.",
  },
  "organisation.invalidFiscalYearStartMonth": {
    fr: "Le mois de début d’exercice doit être compris entre 1 et 12.",
    en: "The fiscal year start month must be between 1 and 12.",
  },
  "organisation.vatNumberSirenMismatch": {
    fr: "Le numéro de TVA {vatNumber} ne correspond pas au SIREN {siren}.",
    en: "VAT number {vatNumber} does not match SIREN {siren}.",
  },
  "organisation.alreadyExists": {
    fr: "Cette organisation existe déjà.",
    en: "This organisation already exists.",
  },
  "organisation.notFound": { fr: "Organisation introuvable.", en: "Organisation not found." },
  "validation.invalidVatNumber": { fr: "Numéro de TVA invalide.", en: "Invalid VAT number." },
  "validation.invalid": {
    fr: "Certaines valeurs envoyées ne sont pas valides.",
    en: "Some of the values sent are not valid.",
  },
  "validation.required": { fr: "Ce champ est obligatoire.", en: "This is a required field." },
  "store.concurrency": {
    fr: "Les données ont été modifiées entre-temps. Rechargez puis réessayez.",
    en: "The data was changed in the meantime. Reload and try again.",
  },
  "http.notFound": { fr: "Introuvable.", en: "Not found." },
  "http.internal": {
    fr: "Une erreur interne est survenue. Elle a été consignée.",
    en: "An internal error occurred. It has been logged.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;

export type MessageCode = keyof typeof messages;
export type Locale = "fr" | "en";

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messages, code);

export const translate = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {},
): string => {
  const template: string = isMessageCode(code) ? messages[code][locale] : code;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
};

/** The first of fr/en the client accepts, French when it names neither. */
export const pickLocale = (acceptLanguage: string | undefined): Locale => {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "fr" || tag === "en") return tag;
  }
  return "fr";
};
