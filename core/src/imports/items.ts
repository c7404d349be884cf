import { DomainError } from "../decider.ts";
import type { ItemCommand } from "../items/decide.ts";
import {
  type ItemContent,
  type ItemKind,
  type ItemUse,
  itemKinds,
  itemUses,
  type PriceTier,
  type VatRate,
  vatRates,
} from "../items/item.ts";
import { csvDecimal, frenchDecimal, headerKey, type ImportField } from "./csv-file.ts";

/**
 * Items as a French spreadsheet holds them, both ways: prices excluding tax with comma decimals, the
 * VAT rate as "20" or "5,5" (or "Exonéré"), price tiers as "10:74,50 | 50:69" (from a quantity, a
 * unit price).
 */

export const itemImportFields = [
  { field: "reference", required: true, headers: ["Référence", "Réf", "Ref", "Reference", "Code", "SKU"] },
  { field: "label", required: true, headers: ["Libellé", "Désignation", "Label", "Name", "Nom", "Item"] },
  { field: "description", headers: ["Description", "Détail", "Details"], multiline: true },
  { field: "use", headers: ["Usage", "Utilisation", "Use", "Vente ou achat", "Sale or purchase"] },
  { field: "kind", headers: ["Nature", "Type", "Kind"] },
  { field: "unit", headers: ["Unité", "Unit", "Code unité", "Unit code"] },
  { field: "vatRate", headers: ["TVA", "Taux de TVA", "Taux TVA", "VAT", "VAT rate"] },
  { field: "vatExemption", headers: ["Mention d'exonération", "Exonération", "VAT exemption", "Exemption"] },
  { field: "buyPrice", headers: ["Prix d'achat HT", "Prix d'achat", "Buy price", "Purchase price", "Cost"] },
  {
    field: "sellPrice",
    headers: ["Prix de vente HT", "Prix de vente", "Prix HT", "Sell price", "Sale price", "Price"],
  },
  { field: "sellAccount", headers: ["Compte de vente", "Compte vente", "Sales account", "Sell account"] },
  { field: "buyAccount", headers: ["Compte d'achat", "Compte achat", "Purchase account", "Buy account"] },
  {
    field: "saleTiers",
    headers: ["Paliers de vente", "Prix par quantité", "Sale tiers", "Sale price tiers"],
  },
  { field: "purchaseTiers", headers: ["Paliers d'achat", "Purchase tiers", "Purchase price tiers"] },
] as const satisfies readonly ImportField[];

export type ItemImportField = (typeof itemImportFields)[number]["field"];

const useLabels: Readonly<Record<ItemUse, string>> = {
  sale: "Vente",
  purchase: "Achat",
  both: "Vente et achat",
};
const kindLabels: Readonly<Record<ItemKind, string>> = {
  goods: "Marchandise",
  services: "Service",
  products: "Produit",
  other: "Autre",
};
const useSynonyms: Readonly<Record<string, ItemUse>> = Object.fromEntries([
  ...itemUses.map((u) => [u, u]),
  ...Object.entries(useLabels).map(([u, label]) => [headerKey(label), u]),
  ["ventes", "sale"],
  ["achats", "purchase"],
  ["lesdeux", "both"],
  ["achatetvente", "both"],
  ["saleandpurchase", "both"],
  ["sell", "sale"],
  ["buy", "purchase"],
]);
const kindSynonyms: Readonly<Record<string, ItemKind>> = Object.fromEntries([
  ...itemKinds.map((k) => [k, k]),
  ...Object.entries(kindLabels).map(([k, label]) => [headerKey(label), k]),
  ["marchandises", "goods"],
  ["bien", "goods"],
  ["good", "goods"],
  ["prestation", "services"],
  ["services", "services"],
  ["service", "services"],
  ["produits", "products"],
  ["product", "products"],
]);

export const itemCsvHeader = (): string[] => itemImportFields.map((f) => f.headers[0] as string);

const tiersText = (tiers: readonly PriceTier[]): string =>
  tiers.map((t) => `${csvDecimal(t.fromQuantity)}:${csvDecimal(t.unitPrice)}`).join(" | ");

/** One item's row, in the order of `itemCsvHeader`. */
export const itemCsvCells = (item: ItemContent): string[] => {
  const values: Record<ItemImportField, string> = {
    reference: item.reference,
    label: item.label,
    description: item.description ?? "",
    use: useLabels[item.use],
    kind: kindLabels[item.kind],
    unit: item.unit,
    vatRate: item.vatRate === "exempt" ? "Exonéré" : csvDecimal(item.vatRate),
    vatExemption: item.vatExemption ?? "",
    buyPrice: csvDecimal(item.buyPrice),
    sellPrice: csvDecimal(item.sellPrice),
    sellAccount: item.sellAccount ?? "",
    buyAccount: item.buyAccount ?? "",
    saleTiers: tiersText(item.saleTiers),
    purchaseTiers: tiersText(item.purchaseTiers),
  };
  return itemImportFields.map((f) => values[f.field]);
};

const decimal = (value: string, field: string): string => {
  const parsed = frenchDecimal(value);
  if (parsed === undefined) throw new DomainError("validation.invalidAmount", { field, value });
  return parsed;
};

const tiersOf = (value: string | undefined, field: string): PriceTier[] =>
  (value ?? "")
    .split("|")
    .map((t) => t.trim())
    .filter(Boolean)
    .map((tier) => {
      const [quantity = "", price = "", ...rest] = tier.split(":").map((p) => p.trim());
      if (!quantity || !price || rest.length > 0)
        throw new DomainError("import.invalidTier", { field, value: tier });
      return { fromQuantity: decimal(quantity, field), unitPrice: decimal(price, field) };
    });

const vatRateOf = (value: string): VatRate => {
  const key = headerKey(value);
  if (["exonere", "exempt", "exoneree", "exo"].includes(key)) return "exempt";
  const rate = frenchDecimal(value.replace("%", ""))?.replace(/\.0+$|(\.\d*?)0+$/, "$1");
  if (rate && (vatRates as readonly string[]).includes(rate)) return rate as VatRate;
  throw new DomainError("validation.notAllowed", { field: "vatRate", value });
};

/** What one imported item creates: `CreateItem` (without its context) and its tiers. */
export type ImportedItem = {
  readonly create: Extract<ItemCommand, { type: "CreateItem" }>["data"];
  readonly saleTiers: readonly PriceTier[];
  readonly purchaseTiers: readonly PriceTier[];
};

/** A row's values by field read into an item: its use follows its prices when the file does not say. */
export const itemFromRow = (values: Partial<Record<ItemImportField, string>>, id: string): ImportedItem => {
  const v = (field: ItemImportField): string | undefined => values[field];
  const oneOf = <T extends string>(
    synonyms: Readonly<Record<string, T>>,
    field: ItemImportField,
  ): T | undefined => {
    const text = v(field);
    if (!text) return undefined;
    const found = synonyms[headerKey(text)];
    if (!found) throw new DomainError("validation.notAllowed", { field, value: text });
    return found;
  };
  const buyPrice = v("buyPrice") ? decimal(v("buyPrice") as string, "buyPrice") : null;
  const sellPrice = v("sellPrice") ? decimal(v("sellPrice") as string, "sellPrice") : null;
  const saleTiers = tiersOf(v("saleTiers"), "saleTiers");
  const purchaseTiers = tiersOf(v("purchaseTiers"), "purchaseTiers");
  const use =
    oneOf(useSynonyms, "use") ??
    (buyPrice !== null && sellPrice === null
      ? "purchase"
      : sellPrice !== null && buyPrice === null
        ? "sale"
        : "both");
  return {
    create: {
      id,
      use,
      kind: oneOf(kindSynonyms, "kind") ?? "goods",
      reference: v("reference") ?? "",
      label: v("label") ?? "",
      description: v("description") ?? null,
      unit: v("unit") ?? null,
      vatRate: v("vatRate") ? vatRateOf(v("vatRate") as string) : "20",
      vatExemption: v("vatExemption") ?? null,
      sellAccount: v("sellAccount") ?? null,
      buyAccount: v("buyAccount") ?? null,
      buyPrice,
      sellPrice,
    },
    saleTiers,
    purchaseTiers,
  };
};

/** The commands creating an imported item, its reference checked free by the shell. */
export const itemImportCommands = (item: ImportedItem, referenceTaken: boolean): ItemCommand[] => [
  { type: "CreateItem", data: item.create, context: { referenceTaken } },
  ...(item.saleTiers.length > 0
    ? [{ type: "SetItemPriceTiers" as const, data: { side: "sale" as const, tiers: item.saleTiers } }]
    : []),
  ...(item.purchaseTiers.length > 0
    ? [{ type: "SetItemPriceTiers" as const, data: { side: "purchase" as const, tiers: item.purchaseTiers } }]
    : []),
];
