import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import type { ItemPrices, PriceTier, TierSide, VatRate } from "./item.ts";

/**
 * Item prices: unit prices excluding tax with up to 4 decimals, the price including tax, the unit
 * price at a quantity from the tiers, margins, and the bulk change by a percentage. All in bigint
 * units of 10^-4; never a float.
 */
export const PRICE_SCALE = 4;
/** 100 billion euros, the bound of a document line (`MAX_LINE_CENTS`). */
const MAX_PRICE_UNITS = 10n ** 11n * 10n ** BigInt(PRICE_SCALE);
const MAX_QUANTITY_UNITS = 10n ** 9n * 10n ** BigInt(PRICE_SCALE);

export const priceUnits = (price: string): bigint => {
  const units = decimalUnits(price, PRICE_SCALE);
  if (units === undefined) throw new RangeError(`Not a price: ${price}`);
  return units;
};

/** A unit price: a plain decimal ("12.5", "0.0450"), at least 0, at most 4 decimals -> "12.50", "0.045". */
export const normalisePrice = (value: string, field: string): string => {
  const units = decimalUnits(value, PRICE_SCALE);
  if (units === undefined || units < 0n || units > MAX_PRICE_UNITS)
    throw new DomainError("validation.invalidAmount", { field, value });
  return formatUnits(units, PRICE_SCALE);
};

/** A quantity above zero with at most 4 decimals ("10", "0.5") -> "10", "0.5". */
export const normaliseQuantity = (value: string, field: string): string => {
  const units = decimalUnits(value, PRICE_SCALE);
  if (units === undefined || units <= 0n || units > MAX_QUANTITY_UNITS)
    throw new DomainError("validation.invalidQuantity", { field, value });
  return formatUnits(units, PRICE_SCALE, 0);
};

/** VAT rates in tenths of a percent: 5.5 % is 55. */
export const vatRateTenths: Readonly<Record<VatRate, bigint>> = {
  "20": 200n,
  "10": 100n,
  "5.5": 55n,
  "2.1": 21n,
  "0": 0n,
  exempt: 0n,
};

/** The unit price including tax, at the same 4 decimals, rounded half up: 8.33 at 20 % -> "9.996". */
export const priceIncludingTax = (price: string, rate: VatRate): string =>
  formatUnits(divideRounded(priceUnits(price) * (1000n + vatRateTenths[rate]), 1000n), PRICE_SCALE);

/**
 * Tiers sorted by quantity, each quantity once, prices and quantities normalised. A tier "from 1"
 * is allowed: it is then the price from the first unit.
 */
export const normaliseTiers = (tiers: readonly PriceTier[], side: TierSide): PriceTier[] => {
  const normalised = tiers.map((tier, index) => ({
    fromQuantity: normaliseQuantity(tier.fromQuantity, `${side}Tiers.${index}.fromQuantity`),
    unitPrice: normalisePrice(tier.unitPrice, `${side}Tiers.${index}.unitPrice`),
  }));
  normalised.sort((a, b) => compareUnits(priceUnits(a.fromQuantity), priceUnits(b.fromQuantity)));
  normalised.forEach((tier, index) => {
    const previous = normalised[index - 1];
    if (previous && priceUnits(previous.fromQuantity) === priceUnits(tier.fromQuantity))
      throw new DomainError("item.duplicateTierQuantity", {
        field: `${side}Tiers`,
        value: tier.fromQuantity,
      });
  });
  return normalised;
};

const compareUnits = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** The unit price for `quantity`: the tier with the highest quantity not above it, else `base`. */
export const unitPriceAt = (
  base: string | null,
  tiers: readonly PriceTier[],
  quantity: string,
): string | null => {
  const q = priceUnits(quantity);
  let price = base;
  for (const tier of tiers) if (priceUnits(tier.fromQuantity) <= q) price = tier.unitPrice;
  return price;
};

export type MarginRow = {
  /** null: the base prices, below every tier. */
  readonly fromQuantity: string | null;
  readonly sellPrice: string | null;
  readonly buyPrice: string | null;
  /** sell - buy, per unit; null without both prices. */
  readonly margin: string | null;
  /** The margin over the buy price, in percent rounded half up to 2 decimals; null when there is no buy price or it is 0. */
  readonly rate: string | null;
};

const marginOf = (
  fromQuantity: string | null,
  sellPrice: string | null,
  buyPrice: string | null,
): MarginRow => {
  if (sellPrice === null || buyPrice === null)
    return { fromQuantity, sellPrice, buyPrice, margin: null, rate: null };
  const margin = priceUnits(sellPrice) - priceUnits(buyPrice);
  const buy = priceUnits(buyPrice);
  return {
    fromQuantity,
    sellPrice,
    buyPrice,
    margin: formatUnits(margin, PRICE_SCALE),
    rate: buy === 0n ? null : formatUnits(divideRounded(margin * 10_000n, buy), 2),
  };
};

/**
 * The margin at the base prices and at every quantity a sale or a purchase tier starts from, each
 * side's unit price taken from its own tiers at that quantity.
 */
export const itemMargins = (
  item: ItemPrices & {
    readonly saleTiers: readonly PriceTier[];
    readonly purchaseTiers: readonly PriceTier[];
  },
): MarginRow[] => {
  const quantities = [...new Set([...item.saleTiers, ...item.purchaseTiers].map((t) => t.fromQuantity))].sort(
    (a, b) => compareUnits(priceUnits(a), priceUnits(b)),
  );
  return [
    marginOf(null, item.sellPrice, item.buyPrice),
    ...quantities.map((q) =>
      marginOf(
        q,
        unitPriceAt(item.sellPrice, item.saleTiers, q),
        unitPriceAt(item.buyPrice, item.purchaseTiers, q),
      ),
    ),
  ];
};

/** A percentage of change for the bulk update: above -100, at most 1000, 4 decimals at most. */
export const normalisePercentage = (value: string): string => {
  const units = decimalUnits(value, 4);
  if (units === undefined || units <= -100n * 10_000n || units > 1000n * 10_000n)
    throw new DomainError("validation.invalidPercentage", { field: "percentage", value });
  return formatUnits(units, 4, 0);
};

/**
 * `price` changed by `percentage` percent, rounded half up to the cent once, from the exact product:
 * 10.00 + 5 % -> "10.50", 0.3333 + 10 % -> "0.37".
 */
export const changeByPercentage = (price: string, percentage: string): string => {
  const p = decimalUnits(percentage, 4);
  if (p === undefined) throw new RangeError(`Not a percentage: ${percentage}`);
  // price units (10^-4 €) x (100 % + p) / 100 %, expressed in cents: / 10^2 more.
  const cents = divideRounded(priceUnits(price) * (1_000_000n + p), 1_000_000n * 100n);
  return formatUnits(cents, 2);
};
