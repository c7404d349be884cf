import { countryCodes, isCountryCode } from "@registre/core";
import countries from "i18n-iso-countries";
import { describe, expect, it } from "vitest";

describe("the countries an address may name", () => {
  it("are ISO 3166-1's officially assigned codes (i18n-iso-countries', Kosovo's user-assigned XK aside) and XI", () => {
    const iso = Object.keys(countries.getAlpha2Codes()).filter((code) => code !== "XK");
    expect([...countryCodes].sort()).toEqual([...iso, "XI"].sort());
  });

  it("refuse two capitals that are no country", () => {
    for (const code of ["UK", "EL", "XK", "ZZ", "fr"]) expect(isCountryCode(code)).toBe(false);
    for (const code of ["FR", "GB", "GR", "DE", "XI", "SS"]) expect(isCountryCode(code)).toBe(true);
  });
});
