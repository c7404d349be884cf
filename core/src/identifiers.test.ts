import { describe, expect, it } from "vitest";
import { hasOwnSiren, sirenOfVatNumber } from "./identifiers.ts";

describe("a party with the organisation's own SIREN", () => {
  it("is told by its SIREN, as typed", () => {
    expect(hasOwnSiren("552120222", { siren: "552 120 222" })).toBe(true);
    expect(hasOwnSiren("552120222", { siren: "732829320" })).toBe(false);
  });

  it("or by the SIREN its French VAT number carries", () => {
    expect(sirenOfVatNumber("FR 27 552120222")).toBe("552120222");
    expect(sirenOfVatNumber("DE123456789")).toBeNull();
    expect(hasOwnSiren("552120222", { siren: null, vatNumber: "FR27552120222" })).toBe(true);
    expect(hasOwnSiren("552120222", { vatNumber: "FR44732829320" })).toBe(false);
  });

  it("never when either side has none", () => {
    expect(hasOwnSiren("552120222", {})).toBe(false);
    expect(hasOwnSiren("", { siren: "" })).toBe(false);
  });
});
