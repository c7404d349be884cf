import { mailFieldLabels } from "./messages-mail.ts";
/** The messages of the items' routes and of the platform's reference lists, merged into `messages`. */
export const itemReferenceMessages = {
  "item.tierNotFound": { fr: "Tarif par quantité introuvable.", en: "Price tier not found." },
  "reference.duplicateCode": { fr: "Code en double ({value}).", en: "Duplicate code ({value})." },
  "reference.invalidCode": { fr: "Code invalide : {value}.", en: "Invalid code: {value}." },
  "reference.notFound": { fr: "Introuvable ({code}).", en: "Not found ({code})." },
} as const satisfies Record<string, { fr: string; en: string }>;

/**
 * The names of the fields the items and reference lists refuse, as a message names them: the
 * problem's `params.field` stays the key a client points at, the `detail` says « Prix de vente ».
 */
export const fieldLabels: Readonly<Record<string, { fr: string; en: string }>> = {
  reference: { fr: "Référence", en: "Reference" },
  label: { fr: "Libellé", en: "Label" },
  labelEn: { fr: "Libellé anglais", en: "English label" },
  description: { fr: "Description", en: "Description" },
  use: { fr: "Usage", en: "Use" },
  kind: { fr: "Nature", en: "Kind" },
  unit: { fr: "Unité", en: "Unit" },
  vatRate: { fr: "Taux de TVA", en: "VAT rate" },
  vatExemption: { fr: "Mention d'exonération", en: "Exemption mention" },
  sellAccount: { fr: "Compte de vente", en: "Sales account" },
  buyAccount: { fr: "Compte d'achat", en: "Purchase account" },
  sellPrice: { fr: "Prix de vente HT", en: "Sell price excl. tax" },
  buyPrice: { fr: "Prix d'achat HT", en: "Buy price excl. tax" },
  saleTiers: { fr: "Tarifs de vente par quantité", en: "Sale price tiers" },
  purchaseTiers: { fr: "Tarifs d'achat par quantité", en: "Purchase price tiers" },
  percentage: { fr: "Pourcentage", en: "Percentage" },
  key: { fr: "Clé", en: "Key" },
  value: { fr: "Valeur", en: "Value" },
  code: { fr: "Code", en: "Code" },
  ...mailFieldLabels,
};

/** `saleTiers.1.unitPrice` -> « Tarifs de vente par quantité, ligne 2, prix unitaire ». */
export const fieldLabel = (field: string, locale: "fr" | "en"): string => {
  const direct = fieldLabels[field];
  if (direct) return direct[locale];
  const tier = /^(saleTiers|purchaseTiers)(?:\.(\d+))?\.(fromQuantity|unitPrice)$/.exec(field);
  if (tier?.[1] && tier[3]) {
    const part =
      tier[3] === "unitPrice"
        ? { fr: "prix unitaire", en: "unit price" }
        : { fr: "à partir de la quantité", en: "from quantity" };
    const line =
      tier[2] === undefined
        ? ""
        : locale === "fr"
          ? `, ligne ${Number(tier[2]) + 1}`
          : `, line ${Number(tier[2]) + 1}`;
    return `${fieldLabels[tier[1]]?.[locale]}${line}, ${part[locale]}`;
  }
  return field;
};
