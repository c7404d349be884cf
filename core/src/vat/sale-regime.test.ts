import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { euMemberStates, saleRegime, type VatCustomer, vatNumberState } from "./regime.ts";

const customer = (
  country: string | null,
  vatNumber: string | null,
  kind: VatCustomer["kind"] = "company",
): VatCustomer => ({ kind, country, vatNumber });

describe("a sale's regime, from the customer's country, VAT number and kind and what is sold", () => {
  it.each([
    // country, VAT number, customer kind, nature -> regime
    ["FR", "FR44732829320", "company", "goods", "domestic"],
    [null, null, "person", "services", "domestic"],
    ["MC", "FR12000000000", "company", "goods", "domestic"],
    ["DE", "DE136695976", "company", "goods", "intraEu"],
    ["DE", "DE136695976", "company", "services", "reverseCharge"],
    ["GR", "EL094259216", "company", "goods", "intraEu"],
    ["BE", "BE0403170701", "person", "goods", "intraEu"],
    ["DE", null, "company", "goods", "domestic"],
    ["DE", null, "person", "services", "domestic"],
    ["IT", "FR44732829320", "company", "goods", "domestic"],
    ["US", null, "company", "goods", "export"],
    ["CH", "CHE-116.281.710", "person", "goods", "export"],
    ["GB", "GB980780684", "company", "services", "reverseCharge"],
    ["US", null, "company", "services", "reverseCharge"],
    ["CA", null, "person", "services", "domestic"],
    ["de", "de136695976", "company", "goods", "intraEu"],
  ] as const)("%s, %s, %s, %s: %s", (country, vatNumber, kind, nature, regime) => {
    expect(saleRegime(customer(country, vatNumber, kind), nature)).toBe(regime);
  });

  it("a fixed asset sold is goods: exported or delivered within the EU as any", () => {
    expect(saleRegime(customer("DE", "DE136695976"), "fixedAsset")).toBe("intraEu");
    expect(saleRegime(customer("JP", null), "fixedAsset")).toBe("export");
  });

  it("reads the member state of a VAT number from its prefix (EL for Greece), ignoring spaces", () => {
    expect(vatNumberState("EL 094259216")).toBe("GR");
    expect(vatNumberState("de136695976")).toBe("DE");
    expect(vatNumberState("GB980780684")).toBeNull();
    expect(vatNumberState(null)).toBeNull();
  });

  it("property: in France never exempt; outside the EU goods always exported; within, the VAT number decides", () => {
    const countries = fc.constantFrom("FR", "MC", "DE", "ES", "IT", "US", "CH", "JP", "GB", "NO");
    const numbers = fc.constantFrom(null, "DE136695976", "ESA12345674", "FR44732829320", "GB980780684");
    fc.assert(
      fc.property(
        countries,
        numbers,
        fc.constantFrom("company", "person"),
        fc.constantFrom("goods", "services"),
        (country, vatNumber, kind, nature) => {
          const regime = saleRegime(customer(country, vatNumber, kind as VatCustomer["kind"]), nature);
          if (country === "FR" || country === "MC") return regime === "domestic";
          if (!euMemberStates.has(country))
            return nature === "goods" ? regime === "export" : regime !== "intraEu";
          const identified = vatNumberState(vatNumber) !== null && vatNumberState(vatNumber) !== "FR";
          if (!identified) return regime === "domestic";
          return regime === (nature === "goods" ? "intraEu" : "reverseCharge");
        },
      ),
    );
  });
});
