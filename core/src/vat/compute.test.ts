import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { totals } from "../accounting/entry.ts";
import type { DocumentContact, LiveDocument } from "../documents/document.ts";
import { alpha, beta, created, header, priced, stateOf, validated } from "../documents/documents.fixtures.ts";
import type { PricedLine } from "../documents/lines.ts";
import { defaultPostingAccounts, documentPosting } from "../documents/posting.ts";
import { paymentPosting, paymentVatMoves, type RecordedPayment } from "../payments/payment.ts";
import { isSettlementVatAccount, isVatAccount, vatLineFact } from "./code.ts";
import { computeCa3, type ReturnLine, settlementEntry } from "./compute.ts";
import { parseVatPeriod } from "./periods.ts";

/** The VAT lines of an entry, as the vat_lines read model keeps them. */
const vatLines = (mvt: string, lines: Parameters<typeof vatLineFact>[0][]): ReturnLine[] =>
  lines.flatMap((l, i) => {
    const fact = vatLineFact(l);
    return fact ? [{ ...fact, mvt, line: i + 1 }] : [];
  });

const sale = (id: string, day: string, lines: PricedLine[], kind: "invoice" | "creditNote" = "invoice") =>
  stateOf(created({ id, kind, header: header({ issueDate: day }), lines }), validated(`F-${id}`));

const purchase = (id: string, contact: DocumentContact, lines: PricedLine[]) =>
  stateOf(
    created({
      id,
      direction: "purchases",
      contact,
      header: header({ issueDate: "2026-03-20", supplierNumber: `S-${id}`, supplierDate: "2026-03-19" }),
      lines,
    }),
    validated(`S-${id}`),
  );

const germanSupplier: DocumentContact = {
  ...beta,
  vatNumber: "DE136695976",
  billingAddress: { line1: "Hauptstraße 1", line2: null, postalCode: "10115", city: "Berlin", country: "DE" },
};

const posted = (id: string, doc: LiveDocument) => vatLines(`m-${id}`, [...documentPosting(doc).lines]);

const march = parseVatPeriod("2026-03");

/** The worked example `vat-return-march-2026.md`, posted by the documents and the payment. */
const marchLines = (): ReturnLine[] => {
  const services = sale("4", "2026-03-12", [
    priced({ unitPrice: "5000", account: "706000", nature: "services" }),
  ]);
  const payment: RecordedPayment = {
    id: "p-5",
    direction: "sales",
    date: "2026-03-25",
    amount: 240000,
    allocations: [{ doc: "d-4", number: "F-4", kind: "invoice", amount: 240000 }],
    modeId: "transfer",
    modeKind: "transfer",
    modeLabel: "Virement",
    treasury: { journal: "BQ", account: "512000", bankAccount: "512000", bankId: null },
    contact: { id: alpha.id, name: alpha.name, auxiliary: { control: "411000", code: "CALPHA" } },
    reference: null,
    drawer: null,
    drawerBank: null,
    entryMvt: "m-5",
  };
  const moves = paymentVatMoves(
    payment.allocations,
    { "d-4": { ...services, id: "d-4" } },
    defaultPostingAccounts,
  );
  return [
    ...posted("1", sale("1", "2026-03-02", [priced({ unitPrice: "10000" })])),
    ...posted("2", sale("2", "2026-03-05", [priced({ unitPrice: "500" })], "creditNote")),
    ...posted("3", sale("3", "2026-03-09", [priced({ unitPrice: "2345.67", vatRate: "10" })])),
    ...posted("4", services),
    ...vatLines("m-5", [...paymentPosting(payment, moves).entry.lines]),
    ...posted("6", purchase("6", germanSupplier, [priced({ unitPrice: "3000", account: "607000" })])),
    ...posted(
      "7",
      purchase("7", { ...beta, auxiliary: { control: "404000", code: "FEPS" } }, [
        priced({ unitPrice: "1800", account: "218300" }),
      ]),
    ),
    ...posted("8", purchase("8", beta, [priced({ unitPrice: "4213.40", account: "607000" })])),
  ];
};

const boxesOf = (r: ReturnType<typeof computeCa3>) =>
  Object.fromEntries(
    r.boxes
      .filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
      .map((b) => [b.code, b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax)]),
  );

describe("the CA3 of March 2026 (vat-return-march-2026.md)", () => {
  const result = computeCa3(march, marchLines(), { creditCarried: 1250, refundAsked: 0 });

  it("gives exactly the example's boxes, every other box empty", () => {
    expect(boxesOf(result)).toEqual({
      A1: 13846,
      B2: 3000,
      "08": [14500, 2900],
      "9B": [2346, 235],
      "16": 3135,
      "17": 600,
      "19": 360,
      "20": 1443,
      "22": 1250,
      "23": 3053,
      TD: 82,
      "28": 82,
      "32": 82,
    });
    expect(result.problems).toEqual([]);
    expect(result.adjusted).toBeNull();
    expect(result.outside).toEqual([]);
  });

  it("posts the example's settlement entry, 0,11 of rounding to 658", () => {
    const entry = settlementEntry(march, result.settlement);
    expect(entry).toMatchObject({ journal: "OD", date: "2026-03-31" });
    expect(entry?.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ["445200", 60000, 0],
      ["445710", 230000, 0],
      ["445711", 23457, 0],
      ["445620", 0, 36000],
      ["445660", 0, 84268],
      ["445662", 0, 60000],
      ["445670", 0, 125000],
      ["445510", 0, 8200],
      ["658000", 11, 0],
    ]);
    expect(totals(entry?.lines ?? [])).toEqual({ debit: 313468, credit: 313468 });
  });

  it("leaves the 600,00 of VAT on the unpaid part of invoice 4 in 445740, in no box", () => {
    expect(marchLines().some((l) => l.account === "445740")).toBe(false);
  });
});

describe("a return's rules", () => {
  const line = (account: string, base: number, tax: number, rate: ReturnLine["rate"] = "20"): ReturnLine => ({
    account,
    direction: account.startsWith("4456") ? "deductible" : "collected",
    rate,
    kind: "goods",
    regime: "domestic",
    base,
    tax,
    mvt: `m-${account}-${base}`,
    line: 1,
  });

  it("rounds each box on its own, half up, and adds the rounded boxes", () => {
    const r = computeCa3(
      march,
      [line("445710", 150, 30), line("445711", 1049, 105, "10"), line("445660", 150, 50)],
      {
        creditCarried: 0,
        refundAsked: 0,
      },
    );
    // 1,50 -> 2; 0,30 -> 0; 10,49 -> 10; 1,05 -> 1; 0,50 -> 1.
    expect(boxesOf(r)).toMatchObject({ "08": [2, 0], "9B": [10, 1], "16": 1, "20": 1 });
  });

  it("moves the largest A/B box by the rounding when the bases disagree, refuses beyond 5 €", () => {
    // Four rates at x,50 each: A1 rounds the whole 4 × 0,50 = 2 once, the rate boxes four times.
    const rates: ReturnLine["rate"][] = ["20", "10", "5.5", "2.1"];
    const accounts = ["445710", "445711", "445712", "445713"];
    const r = computeCa3(
      march,
      rates.map((rate, i) => line(accounts[i] ?? "", 10050, 0, rate)),
      { creditCarried: 0, refundAsked: 0 },
    );
    expect(r.adjusted).toEqual({ box: "A1", by: 2 });
    expect(boxesOf(r)).toMatchObject({ A1: 404 });
    // An export coded at 20 % feeds 08 but no A/B box: 1 000 € apart, refused with the boxes named.
    const odd = { ...line("445710", 100000, 20000), regime: "export" as const };
    expect(computeCa3(march, [odd], { creditCarried: 0, refundAsked: 0 }).problems).toEqual([
      {
        code: "vat.basesDisagree",
        params: { field: "boxes", taxed: "A1, A2, A3, A4, B2", rates: "08, 9B, 09, T6", difference: 1000 },
      },
    ]);
  });

  it("carries a credit: 25 and 27 when deductible exceeds due, and asks a refund only above the 3519 thresholds", () => {
    const lines = [line("445710", 100000, 20000), line("445660", 500000, 100000)];
    expect(boxesOf(computeCa3(march, lines, { creditCarried: 0, refundAsked: 0 }))).toMatchObject({
      "25": 800,
      "27": 800,
    });
    const asked = computeCa3(march, lines, { creditCarried: 0, refundAsked: 760 });
    expect(boxesOf(asked)).toMatchObject({ "25": 800, "26": 760, "27": 40 });
    expect(asked.settlement.map((l) => [l.account, l.debit, l.credit])).toContainEqual(["445830", 76000, 0]);
    expect(computeCa3(march, lines, { creditCarried: 0, refundAsked: 700 }).problems).toEqual([
      { code: "vat.refundBelowThreshold", params: { field: "refund", minimum: 760 } },
    ]);
    expect(
      computeCa3(parseVatPeriod("2026-12"), lines, { creditCarried: 0, refundAsked: 150 }).problems,
    ).toEqual([]);
    expect(computeCa3(march, lines, { creditCarried: 0, refundAsked: 900 }).problems[0]?.code).toBe(
      "vat.refundAboveCredit",
    );
  });

  it("deducts a rate's negative collected VAT on line 21", () => {
    const r = computeCa3(march, [line("445710", -50000, -10000)], { creditCarried: 0, refundAsked: 0 });
    expect(boxesOf(r)).toMatchObject({ "21": 100, "23": 100, "25": 100, "27": 100 });
  });
});

describe("the return's totals are the VAT accounts' movements, to the euro", () => {
  const rate = fc.constantFrom("20", "10", "5.5", "2.1" as const);
  const amount = fc
    .integer({ min: 1, max: 10_000_000 })
    .map(String)
    .map((c) => (Number(c) / 100).toFixed(2));
  const doc = fc.record({
    direction: fc.constantFrom("sales", "purchases" as const),
    kind: fc.constantFrom("invoice", "creditNote" as const),
    abroad: fc.boolean(),
    lines: fc.array(
      fc.record({
        price: amount,
        rate,
        nature: fc.constantFrom("goods", "services" as const),
        asset: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  });

  it("holds for any month of invoices and credit notes, sales and purchases, at every rate and regime", () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 12 }), (docs) => {
        const lines = docs.flatMap((d, n) => {
          const contact =
            d.direction === "sales" ? alpha : d.abroad ? germanSupplier : { ...beta, vatOnDebits: true };
          const state = stateOf(
            created({
              id: `d-${n}`,
              kind: d.kind,
              direction: d.direction,
              contact,
              header: header({
                issueDate: "2026-03-10",
                supplierNumber: `S-${n}`,
                supplierDate: "2026-03-09",
              }),
              lines: d.lines.map((l, i) =>
                priced({
                  id: `l${i}`,
                  unitPrice: l.price,
                  vatRate: l.rate,
                  nature: l.nature,
                  account:
                    d.direction === "sales"
                      ? l.nature === "goods"
                        ? "707000"
                        : "706000"
                      : l.asset
                        ? "218300"
                        : "607000",
                }),
              ),
            }),
            validated(`N-${n}`),
          );
          return posted(`${n}`, state);
        });
        const r = computeCa3(march, lines, { creditCarried: 0, refundAsked: 0 });
        expect(r.outside).toEqual([]);
        // Every VAT account the period moved (collected, deductible, self-assessed) is settled to the cent.
        const balance = new Map<string, number>();
        const add = (account: string, creditMinusDebit: number) =>
          balance.set(account, (balance.get(account) ?? 0) + creditMinusDebit);
        for (const l of lines) add(l.account, l.direction === "collected" ? l.tax : -l.tax);
        const settled = r.settlement.filter(
          (l) => isVatAccount(l.account) && !isSettlementVatAccount(l.account),
        );
        for (const l of settled) add(l.account, l.credit - l.debit);
        expect([...balance].filter(([, b]) => b !== 0)).toEqual([]);
        expect(totals(r.settlement).debit).toBe(totals(r.settlement).credit);
        // The declared result is the booked one, the difference (658 / 758) under 0,50 € per box.
        const box = (c: string) => r.boxes.find((b) => b.code === c)?.tax ?? 0;
        const booked = lines.reduce((s, l) => s + (l.direction === "collected" ? l.tax : -l.tax), 0);
        const declared = (box("TD") - box("25")) * 100;
        const rounding = r.settlement
          .filter((l) => l.account === "658000" || l.account === "758000")
          .reduce((s, l) => s + l.debit - l.credit, 0);
        expect(declared - booked).toBe(rounding);
        const taxBoxes = r.boxes.filter(
          (b) => b.exactTax !== null && b.exactTax !== 0 && b.code !== "17",
        ).length;
        expect(Math.abs(rounding)).toBeLessThanOrEqual(50 * taxBoxes);
        // Box 16 adds the rounded rate boxes; 16 − 23 is TD or −25.
        expect(box("16")).toBe(["08", "9B", "09", "T6"].reduce((s, c) => s + box(c), 0));
        expect(box("TD") - box("25")).toBe(box("16") - box("23"));
      }),
      { numRuns: 150 },
    );
  });
});
