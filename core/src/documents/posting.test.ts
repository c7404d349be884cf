import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { totals as entryTotals } from "../accounting/entry.ts";
import { formatUnits } from "../decimal.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { depositDeduction } from "./deposits.ts";
import type { LiveDocument } from "./document.ts";
import { alpha, beta, created, header, priced, stateOf, validated } from "./documents.fixtures.ts";
import type { PricedLine } from "./lines.ts";
import { defaultPostingAccounts, documentPosting } from "./posting.ts";
import { documentTotalsOf } from "./self-assessment.ts";
import { documentTotals } from "./totals.ts";

const line = (account: string, debit: number, credit: number, auxiliary: string | null = null) => ({
  account,
  auxiliary,
  label: null,
  debit,
  credit,
});
/** A VAT line with its code: what the VAT return reads (rate, kind, regime and the base of its tax). */
const vat = (
  account: string,
  debit: number,
  credit: number,
  code: { rate?: string; kind?: string; regime?: string; base: number },
) => ({
  ...line(account, debit, credit),
  vat: { rate: "20", kind: "goods", regime: "domestic", ...code },
});
const debits = { ...defaultPostingAccounts, vatOnDebits: true };

describe("the worked example's documents post its entries", () => {
  it("E2: FA-2025-0001 to Alpha, goods 2 000 HT at 20 %", () => {
    const doc = stateOf(created({ lines: [priced()] }), validated("FA-2025-0001"));
    expect(documentPosting(doc, debits)).toEqual({
      journal: "VT",
      date: "2025-01-05",
      pieceRef: "FA-2025-0001",
      pieceDate: "2025-01-05",
      label: "Facture FA-2025-0001 Alpha SARL",
      lines: [
        line("411000", 240000, 0, "CALPHA"),
        line("707000", 0, 200000),
        vat("445710", 0, 40000, { base: 200000 }),
      ],
    });
  });

  it("E4: services 1 500 HT under the débits option post their VAT to 44571; without it, to 445740", () => {
    const doc = stateOf(
      created({
        header: header({ issueDate: "2025-01-10" }),
        lines: [priced({ unitPrice: "1500", account: "706000", nature: "services" })],
      }),
      validated("FA-2025-0002", 2),
    );
    expect(documentPosting(doc, debits).lines).toEqual([
      line("411000", 180000, 0, "CALPHA"),
      line("706000", 0, 150000),
      vat("445710", 0, 30000, { kind: "services", base: 150000 }),
    ]);
    // Waiting for the payment: in no box yet, so no code.
    expect(documentPosting(doc).lines[2]).toEqual(line("445740", 0, 30000));
  });

  it("E5: the credit note AV-2025-0001, 10 % rebate on 709, posts the reverse", () => {
    const doc = stateOf(
      created({
        kind: "creditNote",
        header: header({ issueDate: "2025-01-12" }),
        lines: [priced({ unitPrice: "200", account: "709000" })],
      }),
      validated("AV-2025-0001"),
    );
    const entry = documentPosting(doc, debits);
    expect(entry.label).toBe("Avoir AV-2025-0001 Alpha SARL");
    expect(entry.lines).toEqual([
      line("411000", 0, 24000, "CALPHA"),
      line("709000", 20000, 0),
      vat("445710", 4000, 0, { base: 20000 }),
    ]);
  });

  it("E3 and E6: purchase invoices in HA with the supplier's number and date; 44562 for a fixed asset", () => {
    const purchase = (number: string, account: string, control: string) =>
      stateOf(
        created({
          direction: "purchases",
          contact: { ...beta, auxiliary: { control, code: "FBETA" } },
          header: header({ issueDate: "2025-01-08", supplierNumber: number, supplierDate: "2025-01-06" }),
          lines: [priced({ unitPrice: "1000", account })],
        }),
        validated(number),
      );
    expect(documentPosting(purchase("B-778", "607000", "401000"))).toEqual({
      journal: "HA",
      date: "2025-01-08",
      pieceRef: "B-778",
      pieceDate: "2025-01-06",
      label: "Facture B-778 Beta SAS",
      lines: [
        line("401000", 0, 120000, "FBETA"),
        line("607000", 100000, 0),
        vat("445660", 20000, 0, { base: 100000 }),
      ],
    });
    expect(documentPosting(purchase("E-15", "218300", "404000")).lines).toEqual([
      line("404000", 0, 120000, "FBETA"),
      line("218300", 100000, 0),
      vat("445620", 20000, 0, { kind: "fixedAsset", base: 100000 }),
    ]);
  });
});

describe("posting", () => {
  it("posts each sales account per rate and the rate's own collected-VAT account", () => {
    const doc = stateOf(
      created({
        lines: [
          priced({ id: "a", unitPrice: "100", vatRate: "5.5" }),
          priced({ id: "b", unitPrice: "100", vatRate: "10" }),
          priced({
            id: "c",
            unitPrice: "50",
            vatRate: "exempt",
            vatExemption: "Exonération de TVA, article 262 ter I du CGI",
          }),
        ],
      }),
      validated(),
    );
    expect(documentPosting(doc, debits).lines).toEqual([
      line("411000", 26550, 0, "CALPHA"),
      line("707000", 0, 10000),
      line("707000", 0, 10000),
      line("707000", 0, 5000),
      vat("445711", 0, 1000, { rate: "10", base: 10000 }),
      vat("445712", 0, 550, { rate: "5.5", base: 10000 }),
    ]);
  });

  it("splits a rate's VAT between goods (due) and services (pending) without losing a cent", () => {
    const doc = stateOf(
      created({
        lines: [
          priced({ id: "a", unitPrice: "0.03" }),
          priced({ id: "b", unitPrice: "0.03", account: "706000", nature: "services" }),
        ],
      }),
      validated(),
    );
    const vatLines = documentPosting(doc).lines.filter((l) => l.account.startsWith("4457"));
    // 0.06 × 20 % = 0.012 -> 0.01 in all: 0.01 due on the goods' 0.006, 0 pending.
    expect(vatLines).toEqual([
      { ...line("445710", 0, 1), vat: { rate: "20", kind: "goods", regime: "domestic", base: 3 } },
    ]);
  });

  it("posts a deposit invoice to 4191 with its VAT pending, and deducts it on the final invoice", () => {
    const deposit = stateOf(
      created({ id: "d-dep", depositOn: "d-order", lines: [priced({ unitPrice: "600" })] }),
      validated("FA2025-00001"),
    );
    expect(documentPosting(deposit).lines).toEqual([
      line("411000", 72000, 0, "CALPHA"),
      line("419100", 0, 60000),
      line("445740", 0, 12000),
    ]);
    const final = stateOf(
      created({ lines: [priced()] }),
      { type: "DocumentDepositDeducted", data: { deduction: depositDeduction(deposit) } },
      validated("FA2025-00002", 2),
    );
    expect(documentPosting(final, debits).lines).toEqual([
      line("411000", 168000, 0, "CALPHA"),
      line("707000", 0, 200000),
      vat("445710", 0, 40000, { base: 200000 }),
      line("419100", 60000, 0),
      vat("445710", 12000, 0, { base: 60000 }),
    ]);
  });

  const bought = (contact: Partial<LiveDocument["contact"] & object>, lines: PricedLine[]): LiveDocument =>
    stateOf(
      created({
        direction: "purchases",
        contact: { ...beta, ...contact },
        header: header({ issueDate: "2026-03-10", supplierNumber: "S-1", supplierDate: "2026-03-09" }),
        lines,
      }),
      validated("S-1"),
    );
  const germany = {
    vatNumber: "DE136695976",
    billingAddress: {
      line1: "Hauptstraße 1",
      line2: null,
      postalCode: "10115",
      city: "Berlin",
      country: "DE",
    },
  };

  it("self-assesses goods bought from another member state: 445662 / 445200, the supplier owed excl. tax", () => {
    const doc = bought(germany, [priced({ unitPrice: "3000", account: "607000" })]);
    expect(documentTotalsOf(doc)).toMatchObject({
      totalExclTax: 300000,
      totalVat: 0,
      totalInclTax: 300000,
      selfAssessedVat: 60000,
    });
    expect(documentPosting(doc).lines).toEqual([
      line("401000", 0, 300000, "FBETA"),
      line("607000", 300000, 0),
      vat("445662", 60000, 0, { regime: "intraEu", base: 300000 }),
      vat("445200", 0, 60000, { regime: "intraEu", base: 300000 }),
    ]);
  });

  it("self-assesses services bought from abroad (reverse charge, 445660 / 445200), in or out of the EU", () => {
    const services = [priced({ unitPrice: "1000", account: "622600", nature: "services" })];
    const reverse = (base: number) => [
      line("401000", 0, base, "FBETA"),
      line("622600", base, 0),
      vat("445660", base / 5, 0, { kind: "services", regime: "reverseCharge", base }),
      vat("445200", 0, base / 5, { kind: "services", regime: "reverseCharge", base }),
    ];
    expect(documentPosting(bought(germany, services)).lines).toEqual(reverse(100000));
    const usa = { vatNumber: null, billingAddress: { ...germany.billingAddress, country: "US" } };
    expect(documentPosting(bought(usa, services)).lines).toEqual(reverse(100000));
    // Goods from outside the EU: an import, its VAT self-assessed too (A4).
    expect(
      documentPosting(bought(usa, [priced({ unitPrice: "1000", account: "607000" })])).lines,
    ).toContainEqual(vat("445200", 0, 20000, { regime: "import", base: 100000 }));
    // A business of another member state whose VAT number is not known charges its own VAT: domestic.
    expect(documentPosting(bought({ ...germany, vatNumber: null }, services)).lines[0]).toEqual(
      line("401000", 0, 120000, "FBETA"),
    );
  });

  it("waits for the payment of a French supplier's services without the débits option: 445640, no code", () => {
    const services = [
      priced({ id: "a", unitPrice: "1000", account: "604000", nature: "services" }),
      priced({ id: "b", unitPrice: "500", account: "607000" }),
    ];
    expect(documentPosting(bought({ vatOnDebits: false }, services)).lines).toEqual([
      line("401000", 0, 180000, "FBETA"),
      line("604000", 100000, 0),
      line("607000", 50000, 0),
      vat("445660", 10000, 0, { base: 50000 }),
      line("445640", 20000, 0),
    ]);
    expect(documentPosting(bought({ vatOnDebits: true }, services)).lines).toEqual([
      line("401000", 0, 180000, "FBETA"),
      line("604000", 100000, 0),
      line("607000", 50000, 0),
      vat("445660", 30000, 0, { base: 150000 }),
    ]);
  });

  it("keeps the rules a purchase was validated by: before issue 22, neither self-assessed nor waiting", () => {
    const before = (doc: LiveDocument): LiveDocument => ({
      ...doc,
      validation: doc.validation && { ...doc.validation, vatRules: undefined },
    });
    const services = [priced({ unitPrice: "1000", account: "604000", nature: "services" })];
    expect(documentPosting(before(bought({}, services))).lines[2]).toEqual(
      vat("445660", 20000, 0, { kind: "services", base: 100000 }),
    );
    expect(documentTotalsOf(before(bought(germany, services))).totalInclTax).toBe(120000);
  });

  it("refuses a quote, a document without its contact's account or a line's account", () => {
    expectRefused(
      () => documentPosting(stateOf(created({ kind: "quote", lines: [priced()] }))),
      refusedWith("doc.postsNothing"),
    );
    expectRefused(
      () =>
        documentPosting(
          stateOf(created({ contact: { ...alpha, auxiliary: null }, lines: [priced()] }), validated()),
        ),
      refusedWith("doc.contactAccountMissing"),
    );
    expectRefused(
      () => documentPosting(stateOf(created({ lines: [priced({ account: null })] }), validated())),
      refusedWith("doc.lineAccountMissing"),
    );
  });
});

const pricedLine: fc.Arbitrary<PricedLine> = fc
  .record({
    quantity: fc.bigInt({ min: 1n, max: 10n ** 7n }).map((u) => formatUnits(u, 4, 0)),
    unitPrice: fc.bigInt({ min: 0n, max: 10n ** 9n }).map((u) => formatUnits(u, 4, 0)),
    discount: fc.bigInt({ min: 0n, max: 50n * 10_000n }).map((u) => formatUnits(u, 4, 0)),
    vatRate: fc.constantFrom("20", "10", "5.5", "2.1", "0", "exempt" as const),
    account: fc.constantFrom("707000", "706000", "701000"),
    nature: fc.constantFrom("goods", "services" as const),
  })
  .map((r) =>
    priced({
      ...r,
      vatExemption: r.vatRate === "exempt" ? "Exonération de TVA, article 262 I du CGI" : null,
    }),
  );
const invoices = fc
  .tuple(
    fc.array(pricedLine, { minLength: 1, maxLength: 20 }),
    fc.boolean(),
    fc.constantFrom("sales", "purchases" as const),
  )
  .map(([ls, onDebits, direction]) => ({
    doc: stateOf(
      created({
        direction,
        contact: direction === "sales" ? alpha : beta,
        header: header({ supplierNumber: "S-1", supplierDate: "2025-01-04" }),
        lines: ls.map((l, i) => ({ ...l, id: `l${i}` })),
      }),
      validated(),
    ),
    accounts: { ...defaultPostingAccounts, vatOnDebits: onDebits },
  }))
  .filter(({ doc }) => documentTotals(doc.lines).totalInclTax > 0);

const credited = (doc: LiveDocument): LiveDocument => ({
  ...doc,
  kind: "creditNote",
  number: "AV2025-00001",
});

describe("posting properties", () => {
  it("the entry balances and its third-party line equals the invoice's total incl. tax", () => {
    fc.assert(
      fc.property(invoices, ({ doc, accounts }) => {
        const entry = documentPosting(doc, accounts);
        const sums = entryTotals(entry.lines);
        expect(sums.debit).toBe(sums.credit);
        const third = entry.lines[0];
        const total = documentTotals(doc.lines).totalInclTax;
        expect(doc.direction === "sales" ? third?.debit : third?.credit).toBe(total);
        expect(
          entry.lines.every((l) => (l.debit === 0) !== (l.credit === 0) && l.debit >= 0 && l.credit >= 0),
        ).toBe(true);
      }),
    );
  });

  it("a credit note of a whole invoice posts its exact reverse", () => {
    fc.assert(
      fc.property(invoices, ({ doc, accounts }) => {
        const entry = documentPosting(doc, accounts);
        const reverse = documentPosting(credited(doc), accounts, doc.number);
        expect(reverse.lines).toEqual(entry.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })));
      }),
    );
  });
});
