import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalUnits, formatUnits } from "../decimal.ts";
import { vatRates } from "../items/item.ts";
import { priced } from "./documents.fixtures.ts";
import { lineNet, type PricedLine } from "./lines.ts";
import { documentTotals, vatBreakdown, vatOnBase } from "./totals.ts";

describe("line nets", () => {
  it("rounds quantity × price × (1 − discount) once, half up", () => {
    expect(lineNet({ quantity: "3", unitPrice: "0.3333", discount: "0" })).toBe(100); // 0.9999
    expect(lineNet({ quantity: "1", unitPrice: "0.005", discount: "0" })).toBe(1);
    expect(lineNet({ quantity: "1", unitPrice: "0.0049", discount: "0" })).toBe(0);
    expect(lineNet({ quantity: "2.5", unitPrice: "19.99", discount: "10" })).toBe(4498); // 44.9775
    expect(lineNet({ quantity: "-1", unitPrice: "0.005", discount: "0" })).toBe(-1);
    expect(lineNet({ quantity: "7", unitPrice: "100", discount: "100" })).toBe(0);
  });
});

describe("VAT per rate on the rate's base", () => {
  it("computes the credit-note fixture's figures: 20 % × 20.48 = 4.10, 5.5 % × 198.00 = 10.89", () => {
    expect(vatOnBase(2048, "20")).toBe(410);
    expect(vatOnBase(19800, "5.5")).toBe(1089);
  });

  it("reproduces the EN 16931 fixture's breakdown (S 20 % 11.00, E 60.00, S 10 % 27.00, K 2.00)", () => {
    const lines = [
      priced({ id: "a", unitPrice: "11", vatRate: "20" }),
      priced({ id: "b", unitPrice: "60", vatRate: "exempt", vatExemption: "Débours" }),
      priced({ id: "c", quantity: "3", unitPrice: "9", vatRate: "10" }),
      priced({
        id: "d",
        unitPrice: "2",
        vatRate: "exempt",
        vatExemption: "Exonération de TVA, article 262 ter I du CGI",
      }),
    ];
    expect(vatBreakdown(lines)).toEqual([
      { vatRate: "20", vatExemption: null, base: 1100, vat: 220 },
      { vatRate: "10", vatExemption: null, base: 2700, vat: 270 },
      { vatRate: "exempt", vatExemption: "Débours", base: 6000, vat: 0 },
      { vatRate: "exempt", vatExemption: "Exonération de TVA, article 262 ter I du CGI", base: 200, vat: 0 },
    ]);
    const totals = documentTotals(lines, { paid: 1000 });
    expect([totals.totalExclTax, totals.totalVat, totals.totalInclTax, totals.due]).toEqual([
      10000, 490, 10490, 9490,
    ]);
  });

  it("computes VAT on the sum, not the sum of rounded line VATs", () => {
    // Three lines of 0.05 at 20 %: 0.01 each would make 0.03; the base 0.15 makes 0.03 too, 0.10 × 3 would not.
    const lines = ["a", "b", "c"].map((id) => priced({ id, unitPrice: "0.025" }));
    expect(documentTotals(lines).totalVat).toBe(vatOnBase(9, "20"));
    expect(vatOnBase(9, "20")).toBe(2);
  });

  it("deducts deposits and payments from what is due", () => {
    const totals = documentTotals([priced()], {
      deposits: [
        {
          docId: "x",
          number: "FA1",
          issueDate: "2025-01-01",
          shares: [{ vatRate: "20", vatExemption: null, net: 60000, vat: 12000 }],
        },
      ],
    });
    expect(totals).toMatchObject({ totalInclTax: 240000, deposits: 72000, due: 168000 });
  });
});

const decimal = (max: bigint, scale: number) =>
  fc.bigInt({ min: 0n, max }).map((u) => formatUnits(u, scale, 0));
const line: fc.Arbitrary<PricedLine> = fc
  .record({
    quantity: fc
      .bigInt({ min: -(10n ** 7n), max: 10n ** 8n })
      .filter((q) => q !== 0n)
      .map((u) => formatUnits(u, 4, 0)),
    unitPrice: decimal(10n ** 9n, 4),
    discount: decimal(100n * 10_000n, 4),
    vatRate: fc.constantFrom(...vatRates),
  })
  .map((r) => priced({ ...r, vatExemption: r.vatRate === "exempt" ? "Autoliquidation" : null }));
const lines = fc.array(line, { maxLength: 30 }).map((ls) => ls.map((l, i) => ({ ...l, id: `l${i}` })));

describe("properties", () => {
  it("total incl. tax = Σ bases + Σ VAT per rate; Σ bases = Σ line nets: no cent lost", () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const t = documentTotals(ls);
        const bases = t.breakdown.reduce((s, r) => s + r.base, 0);
        const vats = t.breakdown.reduce((s, r) => s + r.vat, 0);
        expect(t.totalInclTax).toBe(bases + vats);
        expect(bases).toBe(t.lines.reduce((s, l) => s + l.net, 0));
        expect(t.totalExclTax).toBe(bases);
        for (const row of t.breakdown) {
          expect(row.vat).toBe(vatOnBase(row.base, row.vatRate));
          expect(Number.isSafeInteger(row.vat)).toBe(true);
        }
      }),
    );
  });

  it("a line's net is within half a cent of its exact value", () => {
    fc.assert(
      fc.property(line, (l) => {
        // Exact value in 10^-12 cents, compared with the rounded net.
        const units = (text: string) => decimalUnits(text, 4) ?? 0n;
        const exact = units(l.quantity) * units(l.unitPrice) * (1_000_000n - units(l.discount));
        const diff = exact - BigInt(lineNet(l)) * 10n ** 12n;
        expect(2n * (diff < 0n ? -diff : diff) <= 10n ** 12n).toBe(true);
      }),
    );
  });
});
