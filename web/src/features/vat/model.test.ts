import {
  ca3FormFor,
  ca12Form2026,
  instalmentShare as coreShare,
  INSTALMENT_THRESHOLD as coreThreshold,
  toEuros as coreToEuros,
  correctionSums,
  instalmentForm2026,
  parseVatPeriod,
  resultBoxes,
} from "@registre/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/http.ts";
import { isPeriodKey, periodParts, periodStart, shiftPeriod } from "./format.ts";
import {
  correctablePeriods,
  correctionBoxes,
  correctionInputs,
  correctionProblems,
  emptyCorrection,
  formBoxesOf,
  frenchOf,
  INSTALMENT_THRESHOLD,
  instalmentShare,
  problemFields,
  toEuros,
} from "./model.ts";

const forms = [ca3FormFor("2026-03-01"), ca12Form2026, instalmentForm2026];

describe("the VAT screens' rules, as the core has them", () => {
  it("reads each form's due and carried boxes where the core does, and every role names a box of the form", () => {
    for (const form of forms) {
      const roles = formBoxesOf(form.id);
      const core = resultBoxes(form.id);
      expect([roles.due, roles.credit], form.id).toEqual([core.due, core.credit]);
      const codes = form.boxes.map((b) => b.code);
      for (const code of Object.values(roles)) if (code !== null) expect(codes, form.id).toContain(code);
    }
    expect(formBoxesOf("3517-S-SD")).toMatchObject({ available: "34", refund: "35", payBack: "13" });
    expect(formBoxesOf("3310-CA3-SD")).toMatchObject({ available: "25", refund: "26", payBack: "15" });
  });

  it("rounds cents to whole euros as the boxes are, and sums corrections by kind as the core does", () => {
    for (const cents of [0, 1, 49, 50, 99, 150, 12_345, 12_350, 999_999_950])
      expect(toEuros(cents)).toBe(coreToEuros(cents));
    const corrections = [
      { period: "2026-01", kind: "payBack" as const, amount: 12_050, reason: "a", account: "445660" },
      { period: "2026-02", kind: "payBack" as const, amount: 49, reason: "b", account: "445660" },
      { period: "2026-01", kind: "deduct" as const, amount: 7_749, reason: "c", account: "445660" },
    ];
    const sums = correctionSums(corrections);
    expect(correctionBoxes(corrections)).toEqual({
      payBack: coreToEuros(sums.payBack),
      deduct: coreToEuros(sums.deduct),
    });
    expect([instalmentShare, INSTALMENT_THRESHOLD]).toEqual([coreShare, coreThreshold]);
  });

  it("knows the instalments' periods: their parts, first day and order (July, December, then the CA12)", () => {
    for (const key of ["2026-03", "2026-Q2", "2026", "2026-AC1", "2026-AC2"]) {
      expect(isPeriodKey(key)).toBe(true);
      expect(periodStart(key), key).toBe(parseVatPeriod(key).start);
    }
    expect(periodParts("2026-AC2")).toEqual({ year: 2026, instalment: 2 });
    expect(isPeriodKey("2026-AC3")).toBe(false);
    expect([shiftPeriod("2026-AC1", 1), shiftPeriod("2026-AC2", 1), shiftPeriod("2026", 1)]).toEqual([
      "2026-AC2",
      "2026",
      "2027-AC1",
    ]);
    expect([shiftPeriod("2026-AC1", -1), shiftPeriod("2026", -1)]).toEqual(["2025", "2026-AC2"]);
    expect([shiftPeriod("2026-12", 1), shiftPeriod("2026-Q1", -1)]).toEqual(["2027-01", "2025-Q4"]);
  });
});

describe("corrections of earlier returns, as typed", () => {
  it("says what is missing on each, by the API's field names", () => {
    const drafts = [
      { ...emptyCorrection(), period: "2026-01", amount: "120,50", reason: " Avoir reçu " },
      { ...emptyCorrection(), amount: "12,345" },
      {
        ...emptyCorrection(),
        period: "2026-02",
        kind: "deduct" as const,
        amount: "0",
        reason: "x".repeat(501),
      },
    ];
    expect(correctionProblems(drafts, "fr")).toEqual({
      "corrections.1.period": "vat.corrections.periodRequired",
      "corrections.1.amount": "editor.amountErrors.decimals",
      "corrections.1.reason": "vat.corrections.reasonRequired",
      "corrections.2.amount": "vat.corrections.amountRequired",
      "corrections.2.reason": "vat.corrections.reasonTooLong",
    });
    expect(correctionInputs(drafts.slice(0, 1), "fr")).toEqual([
      { period: "2026-01", kind: "payBack", amount: 12_050, reason: "Avoir reçu" },
    ]);
    expect(
      correctionInputs([{ ...drafts[0], amount: "1,234.5" } as (typeof drafts)[0]], "en")[0]?.amount,
    ).toBe(123_450);
  });

  it("offers the returns validated before this one, not its instalments, the latest first", () => {
    const period = (p: string, kind: "return" | "instalment", status: string, end: string) => ({
      period: p,
      kind,
      status: status as "validated",
      end,
    });
    expect(
      correctablePeriods(
        [
          period("2025", "return", "paid", "2025-12-31"),
          period("2026-AC1", "instalment", "validated", "2026-07-31"),
          period("2026-01", "return", "validated", "2026-01-31"),
          period("2026-02", "return", "toPrepare", "2026-02-28"),
          period("2026-03", "return", "validated", "2026-03-31"),
        ],
        "2026-03-01",
      ),
    ).toEqual(["2026-01", "2025"]);
  });

  it("puts a refusal of the API on the field it names", () => {
    const refusal = (problem: ConstructorParameters<typeof ApiError>[3]) =>
      problemFields(new ApiError("problem", "", 422, problem).problem);
    const base = { type: "about:blank", title: "", status: 422, detail: "Refusée" };
    expect(
      refusal({
        ...base,
        code: "validation.invalid",
        errors: [{ field: "corrections.0.reason", message: "Trop long" }],
      }),
    ).toEqual({
      "corrections.0.reason": "Trop long",
    });
    expect(
      refusal({ ...base, code: "vat.correctionNotEarlier", params: { field: "corrections.1.period" } }),
    ).toEqual({
      "corrections.1.period": "Refusée",
    });
    expect(
      refusal({ ...base, code: "vat.instalmentReferenceKnown", params: { field: "reference" } }),
    ).toEqual({
      reference: "Refusée",
    });
    expect(refusal({ ...base, code: "vat.periodNotOver" })).toEqual({});
    expect(problemFields(null)).toEqual({});
  });
});

describe("a period named in a French sentence", () => {
  it("elides « de » before a vowel, and names the year as a noun", () => {
    expect(frenchOf("octobre 2026")).toBe("d’octobre 2026");
    expect(frenchOf("août 2026")).toBe("d’août 2026");
    expect(frenchOf("mars 2026")).toBe("de mars 2026");
    expect(frenchOf("T1 2026")).toBe("de T1 2026");
    expect(frenchOf("l’acompte de juillet 2026")).toBe("de l’acompte de juillet 2026");
    expect(frenchOf("Année 2026")).toBe("de l’année 2026");
  });
});
