import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalUnits, divideRounded, formatUnits, rescale } from "../decimal.ts";
import { planBulkPriceUpdate } from "./bulk.ts";
import { itemDecider } from "./decide.ts";
import type { ItemEvent, PriceTier } from "./item.ts";
import {
  changeByPercentage,
  itemMargins,
  normaliseTiers,
  priceIncludingTax,
  priceUnits,
  unitPriceAt,
} from "./prices.ts";

/** A price of up to a million euros with 0 to 4 decimals, as people type it. */
const price = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.integer({ min: 0, max: 4 }))
  .map(([units, decimals]) =>
    formatUnits(rescale(rescale(units, 4, decimals), decimals, 4), 4, decimals === 0 ? 0 : 2),
  );
const quantity = fc.bigInt({ min: 1n, max: 10n ** 8n }).map((units) => formatUnits(units, 4, 0));
const percentage = fc.bigInt({ min: -999_999n, max: 10_000_000n }).map((units) => formatUnits(units, 4, 0));
const tierList = fc.uniqueArray(fc.tuple(quantity, price), {
  maxLength: 6,
  selector: ([q]) => priceUnits(q),
});
const asTiers = (list: readonly (readonly [string, string])[]): PriceTier[] =>
  list.map(([fromQuantity, unitPrice]) => ({ fromQuantity, unitPrice }));

describe("decimal strings", () => {
  it("read and write back exactly, with at least the decimals asked", () => {
    expect(decimalUnits("12.5", 4)).toBe(125_000n);
    expect(decimalUnits("-0.0001", 4)).toBe(-1n);
    expect(decimalUnits("1.23456", 4)).toBeUndefined();
    expect(decimalUnits("1e3", 4)).toBeUndefined();
    expect(decimalUnits("1,5", 4)).toBeUndefined();
    expect(formatUnits(123_450n, 4)).toBe("12.345");
    expect(formatUnits(120_000n, 4)).toBe("12.00");
    expect(formatUnits(-5n, 2)).toBe("-0.05");
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (units) => {
        expect(decimalUnits(formatUnits(units, 4), 4)).toBe(units);
      }),
    );
  });

  it("divides rounding half away from zero", () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const q = divideRounded(n, d);
          // |n - q·d| <= d/2, and at exactly half the quotient is the one away from zero.
          const rest = n - q * d;
          expect(2n * (rest < 0n ? -rest : rest) <= d).toBe(true);
          const abs = (x: bigint) => (x < 0n ? -x : x);
          if (2n * abs(rest) === d) expect(abs(q * d) >= abs(n)).toBe(true);
        },
      ),
    );
  });
});

describe("prices", () => {
  it("computes the price including tax at 4 decimals", () => {
    expect(priceIncludingTax("10.00", "5.5")).toBe("10.55");
    expect(priceIncludingTax("8.33", "20")).toBe("9.996");
    expect(priceIncludingTax("0.0001", "20")).toBe("0.0001");
    expect(priceIncludingTax("100", "2.1")).toBe("102.10");
    expect(priceIncludingTax("100", "exempt")).toBe("100.00");
    expect(priceIncludingTax("100", "0")).toBe("100.00");
  });

  it("orders tiers by quantity, whatever order they come in", () => {
    fc.assert(
      fc.property(tierList, (list) => {
        const tiers = normaliseTiers(asTiers(list), "sale");
        for (let i = 1; i < tiers.length; i++)
          expect(
            priceUnits(tiers[i - 1]?.fromQuantity ?? "0") < priceUnits(tiers[i]?.fromQuantity ?? "0"),
          ).toBe(true);
        expect(normaliseTiers([...asTiers(list)].reverse(), "sale")).toEqual(tiers);
        expect(normaliseTiers(tiers, "sale")).toEqual(tiers);
      }),
    );
  });

  it("takes the unit price of the highest tier reached, the base price below the first", () => {
    const tiers = normaliseTiers(
      asTiers([
        ["10", "9"],
        ["100", "8"],
      ]),
      "sale",
    );
    expect(unitPriceAt("10.00", tiers, "1")).toBe("10.00");
    expect(unitPriceAt("10.00", tiers, "9.9999")).toBe("10.00");
    expect(unitPriceAt("10.00", tiers, "10")).toBe("9.00");
    expect(unitPriceAt("10.00", tiers, "99")).toBe("9.00");
    expect(unitPriceAt("10.00", tiers, "250")).toBe("8.00");
  });

  it("gives the margin per tier: sell - buy, and its rate on the buy price", () => {
    expect(
      itemMargins({
        sellPrice: "10.00",
        buyPrice: "6.00",
        saleTiers: [{ fromQuantity: "10", unitPrice: "9.00" }],
        purchaseTiers: [{ fromQuantity: "50", unitPrice: "5.50" }],
      }),
    ).toEqual([
      { fromQuantity: null, sellPrice: "10.00", buyPrice: "6.00", margin: "4.00", rate: "66.67" },
      { fromQuantity: "10", sellPrice: "9.00", buyPrice: "6.00", margin: "3.00", rate: "50.00" },
      { fromQuantity: "50", sellPrice: "9.00", buyPrice: "5.50", margin: "3.50", rate: "63.64" },
    ]);
    expect(itemMargins({ sellPrice: "10", buyPrice: null, saleTiers: [], purchaseTiers: [] })).toEqual([
      { fromQuantity: null, sellPrice: "10", buyPrice: null, margin: null, rate: null },
    ]);
    expect(
      itemMargins({ sellPrice: "10.00", buyPrice: "0.00", saleTiers: [], purchaseTiers: [] })[0]?.rate,
    ).toBeNull();
  });

  it("margin = sell - buy at every row, exactly, and its rate within half a hundredth of a percent", () => {
    fc.assert(
      fc.property(price, price, tierList, tierList, (sell, buy, sale, purchase) => {
        const saleTiers = normaliseTiers(asTiers(sale), "sale");
        const purchaseTiers = normaliseTiers(asTiers(purchase), "purchase");
        const rows = itemMargins({ sellPrice: sell, buyPrice: buy, saleTiers, purchaseTiers });
        expect(rows.length).toBe(1 + new Set([...sale, ...purchase].map(([q]) => priceUnits(q))).size);
        for (const row of rows) {
          const s = priceUnits(row.sellPrice ?? "");
          const b = priceUnits(row.buyPrice ?? "");
          expect(priceUnits(row.margin ?? "")).toBe(s - b);
          if (b === 0n) expect(row.rate).toBeNull();
          else {
            // rate (hundredths of a percent) x buy is the margin x 10 000, give or take half a buy.
            const rate = decimalUnits(row.rate ?? "", 2) as bigint;
            const error = rate * b - (s - b) * 10_000n;
            expect(2n * (error < 0n ? -error : error) <= b).toBe(true);
          }
        }
      }),
    );
  });
});

describe("bulk update by a percentage", () => {
  it("rounds each price half up to the cent from its exact value", () => {
    expect(changeByPercentage("10.00", "5")).toBe("10.50");
    expect(changeByPercentage("0.3333", "10")).toBe("0.37");
    expect(changeByPercentage("19.99", "-10")).toBe("17.99");
    expect(changeByPercentage("0.05", "10")).toBe("0.06");
    expect(changeByPercentage("12.345", "0")).toBe("12.35");
  });

  it("loses no cent: every price within half a cent of its exact value, the total within half a cent per price", () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 20 }), percentage, (prices, p) => {
        const pUnits = decimalUnits(p, 4) as bigint;
        let roundedTotal = 0n;
        let exactTotal = 0n;
        for (const before of prices) {
          const after = decimalUnits(changeByPercentage(before, p), 2) as bigint;
          // Exact new price in 10^-8 cents: price units (10^-4 €) x (10^6 + p) / 10^6, x 100 cents.
          const exact = priceUnits(before) * (1_000_000n + pUnits);
          const error = after * 100_000_000n - exact;
          expect(2n * (error < 0n ? -error : error) <= 100_000_000n).toBe(true);
          expect(after >= 0n).toBe(true);
          roundedTotal += after * 100_000_000n;
          exactTotal += exact;
        }
        const drift = roundedTotal - exactTotal;
        expect(2n * (drift < 0n ? -drift : drift) <= BigInt(prices.length) * 100_000_000n).toBe(true);
      }),
    );
  });

  it("leaves whole-cent prices as they are at 0 %, and writes through the decider what it computes", () => {
    fc.assert(
      fc.property(price, price, tierList, percentage, (sell, buy, sale, p) => {
        const cents = formatUnits(rescale(priceUnits(sell), 4, 2), 2);
        expect(changeByPercentage(cents, "0")).toBe(cents);
        const events: ItemEvent[] = [
          {
            type: "ItemCreated",
            data: {
              id: "i1",
              use: "both",
              kind: "goods",
              reference: "R",
              label: "L",
              description: null,
              unit: "C62",
              vatRate: "20",
              vatExemption: null,
              sellAccount: "707000",
              buyAccount: "607000",
              buyPrice: buy,
              sellPrice: sell,
            },
          },
          {
            type: "ItemPriceTiersChanged",
            data: { side: "sale", tiers: normaliseTiers(asTiers(sale), "sale"), percentage: null },
          },
        ];
        const state = events.reduce(itemDecider.evolve, itemDecider.initialState());
        const [part] = planBulkPriceUpdate([{ id: "i1", state }], { percentage: p, prices: "both" });
        const after = (part?.events ?? []).reduce(itemDecider.evolve, state);
        if (!("reference" in after)) throw new Error("item gone");
        expect(after.sellPrice).toBe(changeByPercentage(sell, p));
        expect(after.buyPrice).toBe(changeByPercentage(buy, p));
        expect(after.saleTiers.map((t) => t.unitPrice)).toEqual(
          normaliseTiers(asTiers(sale), "sale").map((t) => changeByPercentage(t.unitPrice, p)),
        );
        // The tiers keep their quantities, so their order.
        expect(after.saleTiers.map((t) => t.fromQuantity)).toEqual(
          normaliseTiers(asTiers(sale), "sale").map((t) => t.fromQuantity),
        );
      }),
    );
  });
});
