import { describe, expect, test } from "vitest";
import type { z } from "../lib/zod.ts";
import { fieldRules } from "./form.tsx";

/** Messages as their key and the values after the label, so that a test reads which rule spoke. */
const rules = fieldRules((key, { label, ...values }) => {
  const rest = Object.keys(values).length > 0 ? ` ${JSON.stringify(values)}` : "";
  return `${label}: ${key}${rest}`;
}, "fr");

/** What a schema makes of a value: its output, or its first message. */
const read = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { error: result.error.issues[0]?.message };
};

describe("the kit's field rules", () => {
  test("an e-mail address is trimmed, required unless optional, and checked", () => {
    expect(read(rules.email("E-mail"), "  marie@example.fr ")).toEqual({ ok: "marie@example.fr" });
    expect(read(rules.email("E-mail"), "  ")).toEqual({ error: "E-mail: required" });
    expect(read(rules.email("E-mail"), "marie@")).toEqual({ error: "E-mail: invalidEmail" });
    expect(read(rules.email("E-mail", { optional: true }), "")).toEqual({ ok: "" });
    expect(read(rules.email("E-mail", { optional: true }), "marie@")).toEqual({
      error: "E-mail: invalidEmail",
    });
  });

  test("a new password needs ten characters, a letter and a digit; it is kept as typed", () => {
    expect(read(rules.password("Mot de passe"), "")).toEqual({ error: "Mot de passe: required" });
    expect(read(rules.password("Mot de passe"), "short1")).toEqual({
      error: "Mot de passe: invalidPassword",
    });
    expect(read(rules.password("Mot de passe"), "abcdefghij")).toEqual({
      error: "Mot de passe: invalidPassword",
    });
    expect(read(rules.password("Mot de passe"), " abcdefgh12 ")).toEqual({ ok: " abcdefgh12 " });
  });

  test("a password to sign in is only required", () => {
    expect(read(rules.secret("Mot de passe"), "")).toEqual({ error: "Mot de passe: required" });
    expect(read(rules.secret("Mot de passe"), "x")).toEqual({ ok: "x" });
  });

  test("a SIREN is required, and its length or its key said once", () => {
    expect(read(rules.siren("SIREN"), " ")).toEqual({ error: "SIREN: required" });
    expect(read(rules.siren("SIREN"), "123 456")).toEqual({ error: 'SIREN: sirenLength {"count":6}' });
    expect(read(rules.siren("SIREN"), "12345678A")).toEqual({ error: "SIREN: sirenDigits" });
    expect(read(rules.siren("SIREN"), "732 829 321")).toEqual({ error: "SIREN: sirenKey" });
    expect(read(rules.siren("SIREN"), "732 829 320")).toEqual({ ok: "732 829 320" });
  });

  test("a VAT number is optional, and checked when given", () => {
    expect(read(rules.vatNumber("TVA"), "")).toEqual({ ok: "" });
    expect(read(rules.vatNumber("TVA"), "FR44732829320")).toEqual({ ok: "FR44732829320" });
    expect(read(rules.vatNumber("TVA"), "FR00732829320")).toEqual({ error: "TVA: invalidVat" });
  });

  test("an amount is read into integer cents, its problem worded by the catalogue", () => {
    expect(read(rules.cents("Montant"), "1 234,5")).toEqual({ ok: 123450 });
    expect(read(rules.cents("Montant"), "")).toEqual({ error: "Montant: required" });
    expect(read(rules.cents("Montant", { optional: true }), " ")).toEqual({ ok: 0 });
    expect(read(rules.cents("Montant"), "12,345")).toEqual({ error: "Montant: amountDecimals" });
    expect(read(rules.cents("Montant"), "-3")).toEqual({ error: "Montant: amountNegative" });
    expect(read(rules.cents("Montant"), "douze")).toEqual({ error: "Montant: amountInvalid" });
  });

  test("an amount that may be left out is null when empty, and checked otherwise", () => {
    expect(read(rules.optionalCents("Minimum"), " ")).toEqual({ ok: null });
    expect(read(rules.optionalCents("Minimum"), "0")).toEqual({ ok: 0 });
    expect(read(rules.optionalCents("Minimum"), "12,5")).toEqual({ ok: 1250 });
    expect(read(rules.optionalCents("Minimum"), "1,234")).toEqual({ error: "Minimum: amountDecimals" });
  });

  test("a rule of lib/validation.ts is worded as the others", () => {
    const digits = rules.check("Code", (value) => (/^\d*$/.test(value) ? null : { key: "onlyNumbers" }));
    expect(read(digits, "12")).toEqual({ ok: "12" });
    expect(read(digits, "1a")).toEqual({ error: "Code: onlyNumbers" });
  });
});
