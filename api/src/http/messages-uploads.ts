import type { Locale } from "./messages.ts";

/**
 * The refusals of a received file by its limits and budgets (`uploads/limits.ts`, `workers/pool.ts`),
 * merged into `messages`. `{kind}` names the kind of file, `{limit}` and `{value}` are worded by
 * `uploadParamText` (bytes as Mo / MB, counts with the language's separators).
 */
export const uploadMessages = {
  "upload.tooLarge": {
    fr: "Fichier trop volumineux pour {kind} : {limit} au plus.",
    en: "File too large for {kind}: {limit} at most.",
  },
  "upload.tooManyLines": {
    fr: "Le fichier compte {value} lignes : {limit} au plus. Découpez-le en plusieurs fichiers.",
    en: "The file has {value} lines: {limit} at most. Split it into several files.",
  },
  "upload.xmlTooDeep": {
    fr: "Fichier XML refusé : ses éléments sont imbriqués sur plus de {limit} niveaux.",
    en: "XML file refused: its elements are nested more than {limit} levels deep.",
  },
  "upload.xmlTooManyElements": {
    fr: "Fichier XML refusé : plus de {limit} éléments.",
    en: "XML file refused: more than {limit} elements.",
  },
  "upload.inflatedTooLarge": {
    fr: "Fichier refusé : son contenu compressé dépasse {limit} une fois décompressé.",
    en: "File refused: its compressed content exceeds {limit} once inflated.",
  },
  "upload.inflateRatio": {
    fr: "Fichier refusé : son contenu compressé grossit plus de {limit} fois une fois décompressé.",
    en: "File refused: its compressed content grows more than {limit} times once inflated.",
  },
  "upload.imageTooLarge": {
    fr: "Image trop grande : {value} pixels, {limit} au plus.",
    en: "Image too large: {value} pixels, {limit} at most.",
  },
  "upload.memoryBudget": {
    fr: "Fichier refusé : sa lecture demande plus que les {limit} de mémoire permis.",
    en: "File refused: reading it needs more than the {limit} of memory allowed.",
  },
  "upload.timeBudget": {
    fr: "Fichier refusé : sa lecture a dépassé {limit}.",
    en: "File refused: reading it took longer than {limit}.",
  },
  "upload.busy": {
    fr: "Votre organisation a déjà {limit} fichiers en cours de traitement : réessayez dans quelques secondes.",
    en: "Your organisation already has {limit} files being processed: try again in a few seconds.",
  },
  "upload.progressUnknown": {
    fr: "Aucun import en cours sous cette clé.",
    en: "No import in progress under this key.",
  },
  "upload.serverBusy": {
    fr: "Le serveur traite beaucoup de fichiers en ce moment : réessayez dans quelques secondes.",
    en: "The server is processing many files right now: try again in a few seconds.",
  },
} as const;

const kinds: Readonly<Record<string, Readonly<Record<Locale, string>>>> = {
  contacts: { fr: "un import de contacts", en: "a contacts import" },
  items: { fr: "un import d’articles", en: "an items import" },
  statement: { fr: "un relevé bancaire", en: "a bank statement" },
  fec: { fr: "un FEC", en: "a FEC" },
  supplierInvoice: { fr: "une facture fournisseur", en: "a supplier invoice" },
  image: { fr: "une image", en: "an image" },
  attachment: { fr: "une pièce jointe", en: "an attachment" },
};

const BYTE_LIMITS = new Set(["upload.tooLarge", "upload.inflatedTooLarge"]);

/** A whole number as the language writes it: 100 000 / 100,000. */
const count = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 }).format(value);

/** Bytes in the largest unit that keeps them readable: 20 Mo, 512 Ko / 20 MB, 512 KB. */
export const bytesText = (bytes: number, locale: Locale): string => {
  const units = locale === "fr" ? ["octets", "Ko", "Mo", "Go"] : ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${count(Math.round(value * 10) / 10, locale)} ${units[unit]}`;
};

/** A parameter of an `upload.*` message as a sentence wants it. */
export const uploadParamText = (
  code: string,
  key: string,
  value: string,
  locale: Locale,
): string | undefined => {
  if (key === "kind") return kinds[value]?.[locale];
  if (key !== "limit" && key !== "value") return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) return undefined;
  if (code === "upload.memoryBudget") return bytesText(number * 1024 * 1024, locale);
  if (code === "upload.timeBudget") return `${count(number, locale)} s`;
  return BYTE_LIMITS.has(code) ? bytesText(number, locale) : count(number, locale);
};
