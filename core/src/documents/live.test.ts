import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type VatRate, vatRates } from "../items/item.ts";
import type { PricedLine } from "./lines.ts";
import { liveTotals, typedLineNet } from "./live.ts";
import { documentTotals } from "./totals.ts";

const decimal = (max: number, decimals: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** decimals - 1 }))
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(decimals, "0")}`);

const line = fc.record({
  quantity: fc.tuple(fc.boolean(), decimal(10_000, 4)).map(([neg, q]) => (neg ? `-${q}` : q)),
  unitPrice: decimal(100_000, 4),
  discount: fc.integer({ min: 0, max: 1_000_000 }).map((d) => (d / 10_000).toFixed(4)),
  vatRate: fc.constantFrom(...vatRates) as fc.Arbitrary<VatRate>,
});

describe("live totals of a document being typed", () => {
  it("are the document's totals for any lines (EN 16931: nets rounded, VAT per rate on its base)", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const values = lines
          .filter((l) => !/^-?0\.0000$/.test(l.quantity))
          .map((l) => ({ ...l, vatExemption: l.vatRate === "exempt" ? "Autoliquidation" : null }));
        const core = documentTotals(
          values.map(
            (l, i): PricedLine => ({
              kind: "free",
              id: `L${i}`,
              itemId: null,
              reference: null,
              label: "x",
              description: null,
              unit: "C62",
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              discount: l.discount,
              vatRate: l.vatRate,
              vatExemption: l.vatExemption,
              account: null,
              nature: "services",
              originLineId: null,
            }),
          ),
        );
        const live = liveTotals(values);
        expect(live.totalExclTax).toBe(core.totalExclTax);
        expect(live.totalVat).toBe(core.totalVat);
        expect(live.totalInclTax).toBe(core.totalInclTax);
        expect(live.breakdown).toEqual(
          core.breakdown.map((r) => ({
            vatRate: r.vatRate,
            vatExemption: r.vatExemption,
            base: r.base,
            vat: r.vat,
          })),
        );
      }),
    );
  });

  it("leaves out a line still being typed and says so", () => {
    const totals = liveTotals([
      { quantity: "2", unitPrice: "10.005", discount: "", vatRate: "20", vatExemption: null },
      { quantity: "1,5", unitPrice: "3", discount: "", vatRate: "10", vatExemption: null },
    ]);
    expect(totals).toMatchObject({ totalExclTax: 2001, totalVat: 400, totalInclTax: 2401, unreadable: 1 });
    // An empty discount is none; a figure with five decimals, or a comma, is not read yet.
    expect(typedLineNet({ quantity: " 3 ", unitPrice: "1.5", discount: "" })).toBe(450);
    expect(typedLineNet({ quantity: "3", unitPrice: "1.50001", discount: "" })).toBeNull();
    expect(typedLineNet({ quantity: "3", unitPrice: "1.5", discount: "10,5" })).toBeNull();
  });
});
