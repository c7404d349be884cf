import { isValidSiren as coreSiren, validateSiret } from "@registre/core";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  email,
  exactDigits,
  iban,
  isIban,
  isValidSiren,
  isValidSiret,
  isVatNumber,
  onlyNumbers,
  password,
  phone,
  required,
  siren,
  sirenProblem,
  siretProblem,
  validate,
  validateAll,
  vatNumber,
} from "./validation.ts";

describe("validation rules", () => {
  test("required", () => {
    expect(required("  ")?.key).toBe("required");
    expect(required("x")).toBeNull();
  });
  test("e-mail, phone, password", () => {
    expect(email("marie@example.fr")).toBeNull();
    expect(email("marie@")?.key).toBe("invalidEmail");
    expect(phone("+33 1 23 45 67 89")).toBeNull();
    expect(phone("06.12.34.56.78")).toBeNull();
    expect(phone("abc")?.key).toBe("invalidPhone");
    expect(password("motdepasse42")).toBeNull();
    expect(password("court1")?.key).toBe("invalidPassword");
    expect(password("sanschiffres")?.key).toBe("invalidPassword");
  });
  test("IBAN (mod 97) and VAT number (French key)", () => {
    expect(isIban("FR76 3000 6000 0112 3456 7890 189")).toBe(true);
    expect(isIban("FR76 3000 6000 0112 3456 7890 188")).toBe(false);
    expect(iban("FR00 1234")?.key).toBe("invalidIban");
    expect(isVatNumber("FR 40 303265045")).toBe(true);
    expect(isVatNumber("FR 41 303265045")).toBe(false);
    expect(isVatNumber("DE123456789")).toBe(true);
    expect(vatNumber("123")?.key).toBe("invalidVat");
  });
  test("digits", () => {
    expect(onlyNumbers("732 829 320")).toBeNull();
    expect(onlyNumbers("73a")?.key).toBe("onlyNumbers");
    expect(exactDigits(9)("732829320")).toBeNull();
    expect(exactDigits(9)("7328")).toEqual({ key: "exactDigits", values: { count: 9 } });
  });
  test("the first failing rule wins; every field is checked", () => {
    expect(validate("", [required, email])?.key).toBe("required");
    expect(validateAll({ a: "", b: "x@y" }, { a: [required], b: [email] })).toEqual({
      a: { key: "required" },
      b: { key: "invalidEmail" },
    });
  });
});

describe("SIREN and SIRET as typed in a form (issue 23)", () => {
  test("say what is wrong: the number of digits, the check key, another SIREN", () => {
    expect(sirenProblem("732 829 320")).toBeNull();
    expect(sirenProblem("73282932")).toEqual({ key: "sirenLength", count: 8 });
    expect(sirenProblem("732829321")).toEqual({ key: "sirenKey" });
    // A letter is not a digit: said so, not counted as one.
    expect(sirenProblem("732 829 32O")).toEqual({ key: "sirenDigits" });
    expect(siretProblem("732 829 320 0007A")).toEqual({ key: "siretDigits" });
    expect(siretProblem("732 829 320 00074")).toBeNull();
    expect(siretProblem("732 829 320 00074", "732829320")).toBeNull();
    expect(siretProblem("7328293200007")).toEqual({ key: "siretLength", count: 13 });
    expect(siretProblem("73282932000075")).toEqual({ key: "siretKey" });
    expect(siretProblem("73282932000074", "552120222")).toEqual({ key: "siretOtherSiren" });
    // La Poste's establishments: valid when their digits add up to a multiple of 5.
    expect(siretProblem("35600000000048")).toBeNull();
  });

  test("as a form's rule: one message, blank left to « required »", () => {
    expect(siren("")).toBeNull();
    expect(siren("732 829 320")).toBeNull();
    expect(siren("7328")).toEqual({ key: "sirenLength", values: { count: 4 } });
    expect(siren("732829321")).toEqual({ key: "sirenKey" });
    expect(validate("", [required, siren])).toEqual({ key: "required" });
  });

  test("agree with the core's rules, which the server applies", () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
    fc.assert(
      fc.property(digits(9), digits(5), (head, tail) => {
        const siren = head.join("");
        expect(isValidSiren(siren)).toBe(coreSiren(siren));
        for (const s of [siren, "356000000"]) {
          const siret = s + tail.join("");
          expect(isValidSiret(siret)).toBe(validateSiret(siret) === null);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
