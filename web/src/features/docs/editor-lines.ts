/**
 * The lines of the document editor as typed: figures in the interface language (« 1,5 »), read into
 * the API's decimal strings ("1.5") when saved. A line picked from an item keeps the item (the API
 * fills its accounts and nature); one whose VAT is changed by hand is sent as free text.
 */

import { type TypedLine, type VatRate, vatRates } from "@registre/core/documents";
import type { Locale } from "../../i18n/i18n.ts";
import type { DocLine, DocLineInput } from "./api.ts";

export type LineNature = "goods" | "services";
export type PriceTier = { fromQuantity: string; unitPrice: string };

export type EditorLine = {
  /** React's key: stable while the line moves. */
  key: string;
  /** The API's id of a saved line (kept by PUT), null for a new one. */
  id: string | null;
  kind: "item" | "free" | "title" | "comment";
  itemId: string | null;
  reference: string;
  /** The designation of a priced line, a title's text. */
  label: string;
  /** A comment's text. */
  text: string;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: VatRate;
  vatExemption: string;
  account: string;
  nature: LineNature | null;
  originLineId: string | null;
  /** A saved sale's regime when not French VAT (the API decides it from the customer), shown as it was. */
  vatRegime: DocLine["vatRegime"] | null;
  /** The item's VAT when picked: changing it makes the line free text. */
  itemVatRate: VatRate | null;
  /** The item's price tiers on the document's side, and whether the price follows them. */
  tiers: PriceTier[];
  itemPrice: string | null;
  priceFromItem: boolean;
};

let counter = 0;
export const lineKey = (): string => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

export const blankLine = (kind: EditorLine["kind"] = "free", vatRate: VatRate = "20"): EditorLine => ({
  key: lineKey(),
  id: null,
  kind,
  itemId: null,
  reference: "",
  label: "",
  text: "",
  description: "",
  unit: "C62",
  quantity: kind === "free" || kind === "item" ? "1" : "",
  unitPrice: "",
  discount: "",
  vatRate,
  vatExemption: "",
  account: "",
  nature: null,
  originLineId: null,
  vatRegime: null,
  itemVatRate: null,
  tiers: [],
  itemPrice: null,
  priceFromItem: false,
});

export const isPricedLine = (line: Pick<EditorLine, "kind">) => line.kind === "item" || line.kind === "free";

/** "1 234,5" (fr) or "1,234.5" (en) -> "1234.5"; null when not a decimal of at most 4 decimals. */
export const readFigure = (text: string, locale: Locale): string | null => {
  let clean = text.replace(/[\s\u00a0\u202f']/g, "").replace("\u2212", "-");
  if (clean === "") return null;
  // French: a comma is the decimal mark and dots group digits; a lone dot is the keypad's decimal mark.
  if (locale === "fr") clean = clean.includes(",") ? clean.replace(/\./g, "").replace(",", ".") : clean;
  else clean = clean.replace(/,/g, "");
  if (!/^-?\d+(\.\d{1,4})?$/.test(clean)) return null;
  const [whole = "0", fraction] = clean.replace(/^(-?)0+(?=\d)/, "$1").split(".");
  const trimmed = fraction?.replace(/0+$/, "");
  return trimmed ? `${whole}.${trimmed}` : whole === "-0" ? "0" : whole;
};

/** "1234.5" -> « 1234,5 » in French (as typed back into a field: no grouping). */
export const showFigure = (value: string | null | undefined, locale: Locale): string =>
  value == null || value === "" ? "" : locale === "fr" ? value.replace(".", ",") : value;

/** A line's figures as the totals read them (decimals with dots), or unreadable ones left as typed. */
export const pricedValues = (line: EditorLine, locale: Locale): TypedLine => ({
  quantity: readFigure(line.quantity, locale) ?? "x",
  unitPrice: readFigure(line.unitPrice, locale) ?? (line.unitPrice.trim() === "" ? "0" : "x"),
  discount: line.discount.trim() === "" ? "0" : (readFigure(line.discount, locale) ?? "x"),
  vatRate: line.vatRate,
  vatExemption: line.vatRate === "exempt" ? line.vatExemption || null : null,
});

/** The unit price of `quantity` from tiers (the greatest "from" not above it), else the base price. */
export const tierPrice = (
  tiers: readonly PriceTier[],
  base: string | null,
  quantity: string | null,
): string | null => {
  if (quantity === null) return base;
  const q = Number(quantity);
  let price = base;
  let from = -1;
  for (const tier of tiers) {
    const f = Number(tier.fromQuantity);
    if (f <= Math.abs(q) && f > from) {
      from = f;
      price = tier.unitPrice;
    }
  }
  return price;
};

const asVat = (value: string | undefined): VatRate =>
  (vatRates as readonly string[]).includes(value ?? "") ? (value as VatRate) : "20";

/** A saved line as the editor shows it. */
export const editorLine = (line: DocLine, locale: Locale): EditorLine => ({
  ...blankLine(line.kind),
  key: line.id,
  id: line.id,
  kind: line.kind,
  itemId: line.itemId ?? null,
  reference: line.reference ?? "",
  label: line.label ?? "",
  text: line.text ?? "",
  description: line.description ?? "",
  unit: line.unit ?? "C62",
  quantity: showFigure(line.quantity, locale),
  unitPrice: showFigure(line.unitPrice, locale),
  discount: line.discount && line.discount !== "0" ? showFigure(line.discount, locale) : "",
  vatRate: asVat(line.vatRate),
  vatExemption: line.vatExemption ?? "",
  account: line.account ?? "",
  nature: line.nature ?? null,
  originLineId: line.originLineId ?? null,
  vatRegime: line.vatRegime ?? null,
  itemVatRate: line.kind === "item" ? asVat(line.vatRate) : null,
});

export type LineProblem = {
  index: number;
  field: "label" | "quantity" | "unitPrice" | "discount" | "vatExemption";
  key: string;
};

/** What keeps a line from being saved, worded by keys of the `docs` catalogue. */
export const lineProblems = (lines: readonly EditorLine[], locale: Locale): LineProblem[] =>
  lines.flatMap((line, index): LineProblem[] => {
    if (line.kind === "title")
      return line.label.trim() ? [] : [{ index, field: "label", key: "lines.labelRequired" }];
    if (line.kind === "comment") return [];
    const problems: LineProblem[] = [];
    if (!line.label.trim()) problems.push({ index, field: "label", key: "lines.labelRequired" });
    const quantity = readFigure(line.quantity, locale);
    if (quantity === null) problems.push({ index, field: "quantity", key: "lines.invalidNumber" });
    else if (Number(quantity) === 0) problems.push({ index, field: "quantity", key: "lines.zeroQuantity" });
    const price = line.unitPrice.trim() === "" ? "0" : readFigure(line.unitPrice, locale);
    if (price === null || price.startsWith("-"))
      problems.push({ index, field: "unitPrice", key: "lines.invalidNumber" });
    if (line.discount.trim()) {
      const discount = readFigure(line.discount, locale);
      if (discount === null || Number(discount) < 0 || Number(discount) > 100)
        problems.push({ index, field: "discount", key: "lines.invalidDiscount" });
    }
    if (line.vatRate === "exempt" && !line.vatExemption.trim())
      problems.push({ index, field: "vatExemption", key: "lines.exemption" });
    return problems;
  });

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The line as the API takes it (after `lineProblems` found nothing). */
export const lineInput = (line: EditorLine, locale: Locale): DocLineInput => {
  const id = line.id ?? undefined;
  if (line.kind === "title") return { kind: "title", id, label: line.label.trim() };
  if (line.kind === "comment") return { kind: "comment", id, text: line.text.trim() || "—" };
  const quantity = readFigure(line.quantity, locale) ?? "1";
  const unitPrice = line.unitPrice.trim() === "" ? "0" : (readFigure(line.unitPrice, locale) ?? "0");
  const discount = line.discount.trim() ? readFigure(line.discount, locale) : null;
  const keepsItem = line.kind === "item" && line.itemId !== null && line.vatRate === line.itemVatRate;
  if (keepsItem && line.itemId)
    return {
      kind: "item",
      id,
      itemId: line.itemId,
      quantity,
      unitPrice,
      discount,
      label: line.label.trim(),
      originLineId: line.originLineId,
    };
  return {
    kind: "free",
    id,
    reference: orNull(line.reference),
    label: line.label.trim(),
    description: orNull(line.description),
    unit: orNull(line.unit),
    quantity,
    unitPrice,
    discount,
    vatRate: line.vatRate,
    vatExemption: line.vatRate === "exempt" ? orNull(line.vatExemption) : null,
    account: orNull(line.account),
    nature: line.nature,
    originLineId: line.originLineId,
  };
};
