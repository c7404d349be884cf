import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { totals } from "../accounting/entry.ts";
import {
  ca12Form2026,
  computeCa12,
  computeInstalment,
  correctionBox,
  formOfPeriod,
  resultBoxes,
} from "./ca12.ts";
import { computeCa3, type ReturnLine } from "./compute.ts";
import type { VatCorrection } from "./corrections.ts";
import { isInstalmentKey, parseVatPeriod } from "./periods.ts";

const year = parseVatPeriod("2026");

const line = (
  n: number,
  account: string,
  direction: "collected" | "deductible",
  base: number,
  tax: number,
  rate: ReturnLine["rate"] = "20",
): ReturnLine => ({
  mvt: `m-${n}`,
  line: 1,
  account,
  direction,
  rate,
  kind: account === "445620" ? "fixedAsset" : "goods",
  regime: "domestic",
  base,
  tax,
});

/** A year of sales (20 000,00 at 20 %, 3 000,00 at 5,5 %), purchases and a fixed asset. */
const yearLines = (): ReturnLine[] => [
  line(1, "445710", "collected", 2_000_000, 400_000),
  line(2, "445712", "collected", 300_000, 16_500, "5.5"),
  line(3, "445660", "deductible", 600_000, 120_000),
  line(4, "445620", "deductible", 500_000, 100_000),
];

const boxes = (computed: { boxes: readonly { code: string; base: number | null; tax: number | null }[] }) =>
  Object.fromEntries(
    computed.boxes
      .filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
      .map((b) => [b.code, b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax)]),
  );

describe("the CA12's periods and forms", () => {
  it("reads an instalment's key as its month, of the yearly periodicity", () => {
    expect(parseVatPeriod("2026-AC1")).toEqual({
      key: "2026-AC1",
      periodicity: "yearly",
      start: "2026-07-01",
      end: "2026-07-31",
      instalment: 1,
    });
    expect(parseVatPeriod("2026-AC2")).toMatchObject({ start: "2026-12-01", end: "2026-12-31" });
    expect(() => parseVatPeriod("2026-AC3")).toThrow("vat.invalidPeriod");
    expect([isInstalmentKey("2026-AC2"), isInstalmentKey("2026")]).toEqual([true, false]);
  });

  it("declares a year on the 3517-S-SD, an instalment on the 3514-SD, a month on the 3310-CA3-SD", () => {
    expect(["2026", "2026-AC1", "2026-03"].map((k) => formOfPeriod(parseVatPeriod(k)).id)).toEqual([
      "3517-S-SD",
      "3514-SD",
      "3310-CA3-SD",
    ]);
    expect(resultBoxes("3517-S-SD")).toEqual({ due: "33", credit: "36" });
  });
});

describe("the CA12 computed from the year's VAT lines", () => {
  it("deducts the instalments and leaves the balance to pay, settled with 445810 credited", () => {
    const computed = computeCa12(year, yearLines(), {
      creditCarried: 0,
      refundAsked: 0,
      instalmentsPaid: 1_500,
    });
    expect(boxes(computed)).toEqual({
      "5A": [20_000, 4_000],
      "5B": [3_000, 165],
      "16": 4_165,
      "20": 1_200,
      "23": 1_000,
      "27": 2_200,
      "28": 1_965,
      "30": 1_500,
      "33": 465,
      // Next year's base: the VAT due before deducting the fixed asset's.
      "57": 2_965,
    });
    expect(computed.settlement.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ["445710", 400_000, 0],
      ["445712", 16_500, 0],
      ["445620", 0, 100_000],
      ["445660", 0, 120_000],
      ["445810", 0, 150_000],
      ["445510", 0, 46_500],
    ]);
  });

  it("turns instalments above the VAT due into a credit, carried or refunded from 150 €", () => {
    const inputs = { creditCarried: 100, refundAsked: 0, instalmentsPaid: 2_500 };
    expect(boxes(computeCa12(year, yearLines(), inputs))).toMatchObject({
      "28": 1_865,
      "34": 635,
      "36": 635,
    });
    const refunded = computeCa12(year, yearLines(), { ...inputs, refundAsked: 635 });
    expect(boxes(refunded)).toMatchObject({ "24": 100, "34": 635, "35": 635 });
    expect(refunded.settlement.map((l) => [l.account, l.debit, l.credit]).slice(-3)).toEqual([
      ["445810", 0, 250_000],
      ["445670", 0, 10_000],
      ["445830", 63_500, 0],
    ]);
    const low = computeCa12(year, yearLines(), { ...inputs, refundAsked: 100 });
    expect(low.problems).toEqual([
      { code: "vat.refundBelowThreshold", params: { field: "refund", minimum: 150 } },
    ]);
  });

  it("balances its settlement entry, whatever the lines and instalments", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 5_000_000 })), { maxLength: 8 }),
        fc.integer({ min: 0, max: 20_000 }),
        (rows, instalments) => {
          const lines = rows.map(([sale, cents], i) =>
            line(i, sale ? "445710" : "445660", sale ? "collected" : "deductible", cents * 5, cents),
          );
          const computed = computeCa12(year, lines, {
            creditCarried: 0,
            refundAsked: 0,
            instalmentsPaid: instalments,
          });
          const t = totals(computed.settlement);
          expect(t.debit).toBe(t.credit);
        },
      ),
    );
  });
});

describe("the CA12's instalments", () => {
  it("takes 55 % in July and 40 % in December of last year's line 57, posted 445810 / 445510", () => {
    const july = computeInstalment(parseVatPeriod("2026-AC1"), 2_965);
    expect(july.boxes).toEqual([{ code: "01", base: 2_965, tax: 1_631, exactBase: null, exactTax: null }]);
    expect(july.settlement.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ["445810", 163_100, 0],
      ["445510", 0, 163_100],
    ]);
    expect(computeInstalment(parseVatPeriod("2026-AC2"), 2_965).boxes[0]?.tax).toBe(1_186);
  });

  it("is not due under 1 000 €, and needs a base", () => {
    const low = computeInstalment(parseVatPeriod("2026-AC1"), 999);
    expect([low.boxes[0]?.tax, low.settlement, low.problems[0]?.code]).toEqual([
      0,
      [],
      "vat.instalmentBelowThreshold",
    ]);
    expect(computeInstalment(parseVatPeriod("2026-AC1"), null).problems[0]?.params).toEqual({
      field: "reference",
    });
  });
});

describe("corrections of an earlier return", () => {
  const corrections: VatCorrection[] = [
    { period: "2026-01", kind: "payBack", amount: 12_340, reason: "Facture non payée", account: "445660" },
    { period: "2026-02", kind: "deduct", amount: 5_060, reason: "Déduction oubliée", account: "445660" },
  ];

  it("fills the CA3's boxes 15 and 21 and settles each on its account", () => {
    const computed = computeCa3(parseVatPeriod("2026-03"), yearLines(), {
      creditCarried: 0,
      refundAsked: 0,
      corrections,
    });
    expect(boxes(computed)).toMatchObject({ "15": 123, "16": 4_288, "21": 51, "23": 2_251 });
    const settlement = computed.settlement.map((l) => [l.account, l.label, l.debit, l.credit]);
    expect(settlement).toContainEqual(["445660", "Régularisation 2026-01 : Facture non payée", 12_340, 0]);
    expect(settlement).toContainEqual(["445660", "Régularisation 2026-02 : Déduction oubliée", 0, 5_060]);
    const t = totals(computed.settlement);
    expect(t.debit).toBe(t.credit);
  });

  it("fills the CA12's lines 13 and 25 (« Omissions ou compléments de déduction »)", () => {
    const computed = computeCa12(year, yearLines(), {
      creditCarried: 0,
      refundAsked: 0,
      instalmentsPaid: 0,
      corrections,
    });
    expect(boxes(computed)).toMatchObject({ "13": 123, "16": 4_288, "25": 51, "27": 2_251 });
    expect(boxes(computed)).not.toHaveProperty("21");
    expect([correctionBox("3517-S-SD", "payBack"), correctionBox("3517-S-SD", "deduct")]).toEqual([
      "13",
      "25",
    ]);
    expect([correctionBox("3310-CA3-SD", "payBack"), correctionBox("3310-CA3-SD", "deduct")]).toEqual([
      "15",
      "21",
    ]);
  });
});

/**
 * The CA12's line codes checked against public sources (issue 22, point 4). The OCA module
 * `l10n_fr_account_vat_return` (github.com/OCA/l10n-france, branches 14.0 and 16.0,
 * data/l10n.fr.account.vat.box.csv) holds the CA3 (3310CA3) and its annex 3310A only — its README says the
 * CA12 is not laid out, each CA3 box to be matched by hand —, so it checks the CA3, not these. The codes
 * below are those the 3517-S CA12's notices and commentaries name: lines 02 (exports outside the EU), 03
 * (other operations not taxable), 04 (intra-EU deliveries) (assistant-juridique.fr, « Remplir la
 * déclaration de TVA CA12 »); 16 (total of the gross VAT); 23 (VAT on fixed assets); 24 (credit not
 * imputed nor refunded, carried from the last CA12) and 25 (« Omissions ou compléments de déduction »,
 * under « Autre TVA à déduire [lignes 24 à 26 et AE] »: Feuillet hebdo de la Revue fiduciaire,
 * 1 April 2021, §§ 9-51, 9-52); 29 (credit) and 34 (instalments paid in excess), with the refund asked
 * from 150 € (the CA12's « demande de remboursement », Cerfa 11417); 57 (VAT due before deducting VAT on
 * fixed assets, the base of the next instalments: form 3514, « ligne 57 de la déclaration CA12 »).
 */
describe("the CA12's line codes", () => {
  it("are the 3517-S-SD's, in its order", () => {
    const codes = ca12Form2026.boxes.map((b) => b.code);
    for (const code of ["02", "03", "04", "16", "23", "24", "25", "29", "34", "57"])
      expect(codes).toContain(code);
    const label = (code: string) => ca12Form2026.boxes.find((b) => b.code === code)?.label.fr;
    expect(label("24")).toBe("Report du crédit de la déclaration précédente");
    expect(label("25")).toBe("Omissions ou compléments de déduction");
    expect(label("23")).toBe("Biens constituant des immobilisations");
    // « Autre TVA à déduire » is the heading of lines 24 to 26, not a line 21 of its own.
    expect(codes).not.toContain("21");
    expect(codes.indexOf("24")).toBeLessThan(codes.indexOf("25"));
    expect(codes.indexOf("25")).toBeLessThan(codes.indexOf("27"));
  });
});
