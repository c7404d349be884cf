import { describe, expect, it } from "vitest";
import { draft, drafted, line, spec } from "../accounting/entry.fixtures.ts";
import { entryDecider } from "../accounting/entry.ts";
import { refusedWith } from "../testing/refusals.ts";
import { vatLineFact, vatLineFacts } from "./code.ts";

const code = { rate: "20", kind: "services", regime: "domestic" } as const;

describe("a VAT code on an entry line", () => {
  const sale = (vat: Record<string, unknown>, account = "706000") => ({
    journal: "OD",
    date: "2025-06-15",
    pieceRef: "OD-1",
    pieceDate: "2025-06-15",
    label: "Régularisation",
    lines: [
      line("411000", 12000, 0, "CDUPONT"),
      { ...line(account, 0, 10000), vat: vat as never },
      { ...line("445710", 0, 2000), vat: code },
    ],
  });

  it("is kept on revenue, expense, fixed-asset and VAT lines, and absent when not given", () => {
    spec
      .given([])
      .when(draft(sale(code)))
      .then([drafted(sale(code))]);
    const [event] = entryDecider.decide(draft(sale(code)), entryDecider.initialState());
    expect(event?.type === "EntryDrafted" && "vat" in (event.data.lines[0] ?? {})).toBe(false);
  });

  it("is refused with its field named: an unknown rate, kind or regime, a negative base, or on another account", () => {
    spec
      .given([])
      .when(draft(sale({ ...code, rate: "19.6" })))
      .thenThrows(refusedWith("entry.invalidVatCode", { field: "lines.2.vat.rate", value: "19.6" }));
    spec
      .given([])
      .when(draft(sale({ ...code, regime: "moon" })))
      .thenThrows(refusedWith("entry.invalidVatCode", { field: "lines.2.vat.regime", value: "moon" }));
    spec
      .given([])
      .when(draft(sale({ ...code, base: -1 })))
      .thenThrows(refusedWith("entry.invalidVatCode", { field: "lines.2.vat.base", value: "-1" }));
    for (const account of ["512000", "445740", "445510"])
      spec
        .given([])
        .when(draft(sale(code, account)))
        .thenThrows(refusedWith("entry.vatCodeAccount", { field: "lines.2.vat", line: 2, account }));
  });
});

describe("a VAT line's facts", () => {
  const tagged = (account: string, debit: number, credit: number, base?: number) =>
    vatLineFact({ account, debit, credit, vat: { ...code, ...(base !== undefined && { base }) } });

  it("signs collected VAT credit-positive and deductible VAT debit-positive, the base with its tax", () => {
    expect(tagged("445710", 0, 2000, 10000)).toMatchObject({
      direction: "collected",
      base: 10000,
      tax: 2000,
    });
    // A credit note counts against.
    expect(tagged("445710", 2000, 0, 10000)).toMatchObject({
      direction: "collected",
      base: -10000,
      tax: -2000,
    });
    expect(tagged("445660", 2000, 0, 10000)).toMatchObject({
      direction: "deductible",
      base: 10000,
      tax: 2000,
    });
    expect(tagged("445200", 0, 600, 3000)).toMatchObject({ direction: "collected", base: 3000, tax: 600 });
  });

  it("takes a tagged revenue or expense line's amount as its base, and nothing from an untagged line", () => {
    expect(tagged("706000", 0, 10000)).toMatchObject({ direction: "collected", base: 10000, tax: 0 });
    expect(tagged("606000", 500, 0)).toMatchObject({ direction: "deductible", base: 500, tax: 0 });
    expect(tagged("445710", 0, 2000)).toMatchObject({ base: 0, tax: 2000 });
    expect(vatLineFact({ account: "445710", debit: 0, credit: 2000 })).toBeNull();
  });

  it("counts an entry's base once: a VAT line stating its base carries it, its code's revenue line then none", () => {
    const withBase = { ...code, base: 10000 };
    // A card sale booked from the bank: the code on both lines, the base stated on the VAT line.
    const card = vatLineFacts([
      { account: "512000", debit: 12000, credit: 0 },
      { account: "706000", debit: 0, credit: 10000, vat: code },
      { account: "445710", debit: 0, credit: 2000, vat: withBase },
    ]);
    expect(card.map((f) => f && { base: f.base, tax: f.tax })).toEqual([
      null,
      { base: 0, tax: 0 },
      { base: 10000, tax: 2000 },
    ]);
    // Without a stated base, the revenue line's amount is the base; another code's line keeps its own.
    const manual = vatLineFacts([
      { account: "411000", debit: 13100, credit: 0 },
      { account: "706000", debit: 0, credit: 10000, vat: code },
      { account: "707000", debit: 0, credit: 1000, vat: { ...code, rate: "10", kind: "goods" } },
      { account: "445710", debit: 0, credit: 2000, vat: code },
      { account: "445712", debit: 0, credit: 100, vat: { ...code, rate: "10", kind: "goods", base: 1000 } },
    ]);
    expect(manual.map((f) => f?.base ?? null)).toEqual([null, 10000, 0, 0, 1000]);
  });
});
