import type { Locale } from "../../i18n/i18n.ts";

/**
 * Item prices in the browser: decimal strings read and written the language's way, and the margins
 * shown live while tiers are typed — in bigint units of 10^-4, never floats (the API decides).
 */
const SCALE = 10_000n;

/** "12,5" or "12.5" -> "12.5"; null when it is not a positive decimal of at most 4 decimals. */
export const readDecimal = (text: string): string | null => {
  const clean = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  return /^\d{1,12}(\.\d{1,4})?$/.test(clean) ? clean : null;
};

const units = (value: string): bigint => {
  const [whole = "0", fraction = ""] = value.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(4, "0").slice(0, 4));
};

const divideRounded = (a: bigint, b: bigint): bigint => {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
};

const fromUnits = (value: bigint, decimals: number): string => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scaled = decimals === 4 ? abs : divideRounded(abs, 10n ** BigInt(4 - decimals));
  const text = scaled.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals ? `.${fraction}` : ""}`;
};

/** "1234.5" -> « 1 234,50 » in French, "1,234.50" in English; at least 2 decimals, up to 4. */
export const formatDecimal = (value: string | null, locale: Locale): string => {
  if (value === null || value === "") return "—";
  const negative = value.startsWith("-");
  const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
  const decimals = fraction.replace(/0+$/, "").padEnd(2, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === "fr" ? "\u202f" : ",");
  return `${negative ? "-" : ""}${grouped}${locale === "fr" ? "," : "."}${decimals}`;
};

export type Tier = { fromQuantity: string; unitPrice: string };

/** The unit price at `quantity`: the tier with the highest quantity not above it, else `base`. */
const priceAt = (base: string | null, tiers: readonly Tier[], quantity: bigint): string | null => {
  let price = base;
  for (const tier of [...tiers].sort((a, b) => (units(a.fromQuantity) < units(b.fromQuantity) ? -1 : 1)))
    if (units(tier.fromQuantity) <= quantity) price = tier.unitPrice;
  return price;
};

export type Margin = {
  fromQuantity: string | null;
  sellPrice: string | null;
  buyPrice: string | null;
  margin: string | null;
  rate: string | null;
};

/** As the API's `itemMargins`: the base row, then one per quantity a tier of either side starts from. */
export const margins = (
  sellPrice: string | null,
  buyPrice: string | null,
  saleTiers: readonly Tier[],
  purchaseTiers: readonly Tier[],
): Margin[] => {
  const row = (fromQuantity: string | null, sell: string | null, buy: string | null): Margin => {
    if (sell === null || buy === null)
      return { fromQuantity, sellPrice: sell, buyPrice: buy, margin: null, rate: null };
    const margin = units(sell) - units(buy);
    const buyUnits = units(buy);
    return {
      fromQuantity,
      sellPrice: sell,
      buyPrice: buy,
      margin: fromUnits(margin, 4),
      rate: buyUnits === 0n ? null : fromUnits(divideRounded(margin * 10_000n, buyUnits) * 100n, 2),
    };
  };
  const quantities = [...new Set([...saleTiers, ...purchaseTiers].map((t) => units(t.fromQuantity)))].sort(
    (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  );
  return [
    row(null, sellPrice, buyPrice),
    ...quantities.map((q) =>
      row(
        fromUnits(q, 4).replace(/\.?0+$/, ""),
        priceAt(sellPrice, saleTiers, q),
        priceAt(buyPrice, purchaseTiers, q),
      ),
    ),
  ];
};

/** Rates of VAT in tenths of a percent, to show the price with tax while typing. */
const vatTenths: Record<string, bigint> = {
  "20": 200n,
  "10": 100n,
  "5.5": 55n,
  "2.1": 21n,
  "0": 0n,
  exempt: 0n,
};

export const withTax = (price: string | null, rate: string): string | null =>
  price === null
    ? null
    : fromUnits(divideRounded(units(price) * (1000n + (vatTenths[rate] ?? 0n)), 1000n), 4);

/** A decimal as an input shows it for editing: "48.50" -> « 48,50 » in French. */
export const decimalInput = (value: string | null, locale: Locale): string =>
  value === null ? "" : locale === "fr" ? value.replace(".", ",") : value;
