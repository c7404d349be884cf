import { describe, expect, it } from "vitest";
import { blankLine, lineInput, lineProblems, pricedValues, readFigure, tierPrice } from "./editor-lines.ts";

describe("editor lines", () => {
  it("reads figures the language's way, never through a float", () => {
    expect(readFigure("1 234,5", "fr")).toBe("1234.5");
    expect(readFigure("12.50", "fr")).toBe("12.5");
    expect(readFigure("1.234,5678", "fr")).toBe("1234.5678");
    expect(readFigure("1,234.50", "en")).toBe("1234.5");
    expect(readFigure("-3", "fr")).toBe("-3");
    expect(readFigure("0,00001", "fr")).toBeNull();
    expect(readFigure("abc", "fr")).toBeNull();
    expect(readFigure("007", "en")).toBe("7");
  });

  it("names what keeps a line from being saved", () => {
    const line = { ...blankLine(), label: "", quantity: "0", unitPrice: "-2", discount: "120" };
    expect(lineProblems([line], "fr").map((p) => p.field)).toEqual([
      "label",
      "quantity",
      "unitPrice",
      "discount",
    ]);
    expect(lineProblems([{ ...blankLine("title"), label: "Lot 1" }], "fr")).toEqual([]);
  });

  it("sends an item line as the item unless its VAT was changed by hand", () => {
    const item = {
      ...blankLine("item"),
      itemId: "0190c2e4-0000-7000-8000-000000000001",
      label: "Table",
      quantity: "2",
      unitPrice: "150,5",
      itemVatRate: "20" as const,
    };
    expect(lineInput(item, "fr")).toMatchObject({ kind: "item", quantity: "2", unitPrice: "150.5" });
    expect(lineInput({ ...item, vatRate: "10" }, "fr")).toMatchObject({
      kind: "free",
      vatRate: "10",
      label: "Table",
    });
  });

  it("prices a quantity from the item's tiers", () => {
    const tiers = [
      { fromQuantity: "10", unitPrice: "9" },
      { fromQuantity: "50", unitPrice: "8" },
    ];
    expect(tierPrice(tiers, "10", "5")).toBe("10");
    expect(tierPrice(tiers, "10", "10")).toBe("9");
    expect(tierPrice(tiers, "10", "80")).toBe("8");
  });

  it("gives the totals the figures as decimals with dots", () => {
    expect(
      pricedValues({ ...blankLine(), quantity: "1,5", unitPrice: "", discount: "" }, "fr"),
    ).toMatchObject({
      quantity: "1.5",
      unitPrice: "0",
      discount: "0",
    });
  });
});
