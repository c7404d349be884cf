import { cleanText, requiredText } from "../accounting/text.ts";
import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import type { ItemKind, LiveItem, VatRate } from "../items/item.ts";
import { vatRates } from "../items/item.ts";
import { normalisePrice, PRICE_SCALE, priceUnits, unitPriceAt } from "../items/prices.ts";
import { type Cents, MAX_LINE_CENTS } from "../money.ts";
import type { DocumentDirection } from "./document.ts";

/**
 * Document lines: priced lines (from an item, or free text), titles and comments. Quantities and unit
 * prices are decimal strings (4 decimals at most), the discount a percentage; the line's net amount
 * is computed once, rounded half up to the cent (`lineNet`).
 */

/** What the line sells or buys, for when its VAT is due: goods at delivery, services at payment. */
export type LineNature = "goods" | "services";

/**
 * A sale exempt or outside French VAT (issue 22), decided from the customer and the line's nature
 * (`withSaleRegime`): an intra-EU delivery of goods (F2), an export (E1), a service to a business
 * established abroad (E2). The line is then exempt with the regime's legal mention; the rate and mention
 * it bears at home are kept, restored if the customer turns out to be in France. Absent: domestic.
 */
export type LineVatRegime = {
  readonly kind: "intraEu" | "export" | "reverseCharge";
  readonly homeRate: VatRate;
  readonly homeExemption: string | null;
};

export const lineVatRegimeKinds = ["intraEu", "export", "reverseCharge"] as const;

export type PricedLine = {
  readonly kind: "item" | "free";
  readonly id: string;
  /** The item the line was made from (kind "item"); null on a free line. */
  readonly itemId: string | null;
  readonly reference: string | null;
  readonly label: string;
  readonly description: string | null;
  /** UN/ECE Recommendation 20 unit code. */
  readonly unit: string;
  /** Not zero; negative for a return or a line deducted. */
  readonly quantity: string;
  /** Excluding tax, at least 0 (EN 16931 BR-27), 4 decimals at most. */
  readonly unitPrice: string;
  /** A percentage from 0 to 100; "0" without a discount. */
  readonly discount: string;
  readonly vatRate: VatRate;
  /** The legal ground printed for an exempt line ("TVA non applicable, art. 293 B du CGI"…). */
  readonly vatExemption: string | null;
  /** The sales (70x) or purchase (6x, 2x) account the line posts to. */
  readonly account: string | null;
  readonly nature: LineNature;
  /** The line of the origin document this one delivers or invoices (partial transforms). */
  readonly originLineId: string | null;
  /** Sales only: the regime that makes it exempt, absent when French VAT is charged (and before issue 22). */
  readonly vatRegime?: LineVatRegime;
};
export type TitleLine = { readonly kind: "title"; readonly id: string; readonly label: string };
export type CommentLine = { readonly kind: "comment"; readonly id: string; readonly text: string };
export type DocumentLine = PricedLine | TitleLine | CommentLine;

export const isPriced = (line: DocumentLine): line is PricedLine =>
  line.kind === "item" || line.kind === "free";

type Optional<T> = T | null | undefined;

export type PricedLineInput = {
  readonly kind: "item" | "free";
  readonly id: string;
  readonly itemId?: Optional<string>;
  readonly reference?: Optional<string>;
  readonly label: string;
  readonly description?: Optional<string>;
  readonly unit?: Optional<string>;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly discount?: Optional<string>;
  readonly vatRate: VatRate;
  readonly vatExemption?: Optional<string>;
  readonly account?: Optional<string>;
  readonly nature?: Optional<LineNature>;
  readonly originLineId?: Optional<string>;
  /** Kept when a line is copied (a transform, a credit note); decided again from the customer. */
  readonly vatRegime?: Optional<LineVatRegime>;
};
export type LineInput =
  | PricedLineInput
  | { readonly kind: "title"; readonly id: string; readonly label: string }
  | { readonly kind: "comment"; readonly id: string; readonly text: string };

const MAX_QUANTITY_UNITS = 10n ** 9n * 10n ** BigInt(PRICE_SCALE);
const HUNDRED_PERCENT = 100n * 10n ** BigInt(PRICE_SCALE);

const optionalText = (value: Optional<string>, field: string, max: number): string | null =>
  value && cleanText(value) ? requiredText(value, field, max) : null;

/** How a line's id is written (`L3`, or a client's own): what a line id names (a credit note's origin line). */
export const documentLineIdPattern = /^[A-Za-z0-9_.:-]{1,64}$/;

const lineId = (id: string): string => {
  if (!documentLineIdPattern.test(id))
    throw new DomainError("validation.notAllowed", { field: "id", value: id });
  return id;
};

/** A line quantity: not zero, at most 4 decimals, at most a billion either way -> "3", "-0.5". */
export const normaliseLineQuantity = (value: string, field = "quantity"): string => {
  const units = decimalUnits(value, PRICE_SCALE);
  if (units === undefined || units === 0n || units > MAX_QUANTITY_UNITS || units < -MAX_QUANTITY_UNITS)
    throw new DomainError("validation.invalidQuantity", { field, value });
  return formatUnits(units, PRICE_SCALE, 0);
};

/** A discount in percent, 0 to 100, 4 decimals at most -> "10", "2.5". */
export const normaliseDiscount = (value: Optional<string>): string => {
  if (value === null || value === undefined || !value.trim()) return "0";
  const units = decimalUnits(value, PRICE_SCALE);
  if (units === undefined || units < 0n || units > HUNDRED_PERCENT)
    throw new DomainError("validation.invalidPercentage", { field: "discount", value });
  return formatUnits(units, PRICE_SCALE, 0);
};

const ACCOUNT = /^[1-8]\d{2}[0-9A-Z]{0,9}$/;

const normaliseAccount = (value: Optional<string>): string | null => {
  const clean = value?.trim().toUpperCase();
  if (!clean) return null;
  if (!ACCOUNT.test(clean))
    throw new DomainError("validation.notAllowed", { field: "account", value: clean });
  return clean;
};

const normaliseVatRegime = (regime: Optional<LineVatRegime>): LineVatRegime | null => {
  if (!regime) return null;
  const { kind, homeRate, homeExemption } = regime;
  if (
    !(lineVatRegimeKinds as readonly string[]).includes(kind) ||
    !(vatRates as readonly string[]).includes(homeRate)
  )
    throw new DomainError("validation.notAllowed", { field: "vatRegime", value: String(kind) });
  return {
    homeExemption: homeRate === "exempt" ? requiredText(homeExemption ?? "", "vatExemption", 200) : null,
    homeRate,
    kind,
  };
};

/** Checks and cleans a line as the user (or `lineFromItem`) wrote it. */
export const normaliseLine = (input: LineInput): DocumentLine => {
  const id = lineId(input.id);
  if (input.kind === "title") return { kind: "title", id, label: requiredText(input.label, "label", 200) };
  if (input.kind === "comment") return { kind: "comment", id, text: requiredText(input.text, "text", 2000) };
  if (!(vatRates as readonly string[]).includes(input.vatRate))
    throw new DomainError("validation.notAllowed", { field: "vatRate", value: String(input.vatRate) });
  const vatExemption =
    input.vatRate === "exempt" ? requiredText(input.vatExemption ?? "", "vatExemption", 200) : null;
  const unit = (input.unit ?? "C62").trim().toUpperCase() || "C62";
  if (!/^[A-Z0-9]{1,3}$/.test(unit))
    throw new DomainError("validation.notAllowed", { field: "unit", value: unit });
  const itemId = input.kind === "item" ? requiredText(input.itemId ?? "", "itemId", 100) : null;
  let line: PricedLine = {
    kind: input.kind,
    id,
    itemId,
    reference: optionalText(input.reference, "reference", 60),
    label: requiredText(input.label, "label", 500),
    description: optionalText(input.description, "description", 2000),
    unit,
    quantity: normaliseLineQuantity(input.quantity),
    unitPrice: normalisePrice(input.unitPrice, "unitPrice"),
    discount: normaliseDiscount(input.discount),
    vatRate: input.vatRate,
    vatExemption,
    account: normaliseAccount(input.account),
    nature: input.nature === "goods" ? "goods" : "services",
    originLineId: input.originLineId ? lineId(input.originLineId) : null,
  };
  const vatRegime = normaliseVatRegime(input.vatRegime);
  if (vatRegime) line = { ...line, vatRegime };
  const net = lineNet(line);
  if (net > MAX_LINE_CENTS || net < -MAX_LINE_CENTS)
    throw new DomainError("doc.lineTooLarge", { field: "quantity", line: id });
  return line;
};

/**
 * The line's net amount in cents: quantity × unit price × (1 − discount), rounded half up once,
 * from the exact product (EN 16931 BT-131).
 */
export const lineNet = (line: Pick<PricedLine, "quantity" | "unitPrice" | "discount">): Cents => {
  const q = priceUnits(line.quantity);
  const p = priceUnits(line.unitPrice);
  const d = priceUnits(line.discount);
  // q and p at 10^-4, (100 % − d) at 10^-6 of the whole: the product is in 10^-14 euros, 10^-12 cents.
  return Number(divideRounded(q * p * (HUNDRED_PERCENT - d), 10n ** 12n));
};

/** What an item kind sells: services, or goods (own products and goods for resale). */
export const natureOfItem = (kind: ItemKind): LineNature =>
  kind === "goods" || kind === "products" ? "goods" : "services";

/**
 * A line made from an item: its reference, label, unit, VAT rate and exemption, account and nature,
 * and its unit price for the quantity from the side's price tiers (or the price given).
 */
export const lineFromItem = (
  item: LiveItem,
  direction: DocumentDirection,
  input: {
    readonly id: string;
    readonly quantity: string;
    readonly unitPrice?: Optional<string>;
    readonly discount?: Optional<string>;
    readonly label?: Optional<string>;
    readonly originLineId?: Optional<string>;
  },
): PricedLineInput => {
  const sale = direction === "sales";
  if (item.use !== "both" && item.use !== (sale ? "sale" : "purchase"))
    throw new DomainError("doc.itemNotForSide", { field: "itemId", direction, reference: item.reference });
  const quantity = normaliseLineQuantity(input.quantity);
  const absolute = quantity.startsWith("-") ? quantity.slice(1) : quantity;
  const tierPrice = unitPriceAt(
    sale ? item.sellPrice : item.buyPrice,
    sale ? item.saleTiers : item.purchaseTiers,
    absolute,
  );
  return {
    kind: "item",
    id: input.id,
    itemId: item.id,
    reference: item.reference,
    label: input.label?.trim() ? input.label : item.label,
    description: item.description,
    unit: item.unit,
    quantity,
    unitPrice: input.unitPrice ?? tierPrice ?? "0",
    discount: input.discount ?? "0",
    vatRate: item.vatRate,
    vatExemption: item.vatExemption,
    account: sale ? item.sellAccount : item.buyAccount,
    nature: natureOfItem(item.kind),
    originLineId: input.originLineId ?? null,
  };
};

/** The lines in the order given, which must name each line once. */
export const checkLineOrder = (
  lines: readonly DocumentLine[],
  order: readonly string[],
): readonly string[] => {
  const ids = new Set(lines.map((l) => l.id));
  if (order.length !== ids.size || new Set(order).size !== order.length || order.some((id) => !ids.has(id)))
    throw new DomainError("doc.invalidLineOrder", { field: "order" });
  return order;
};
