import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frenchVatKey } from "../contacts/records.ts";
import { isValidSiren } from "../identifiers.ts";
import { isValidVatNumber } from "../vat-number.ts";
import { normaliseIban, validateIban } from "./iban.ts";
import { validateSiret } from "./siret.ts";

/** The Luhn digit that makes `digits` + it valid. */
const luhnKey = (digits: string): string => {
  for (let key = 0; key <= 9; key++) {
    const all = `${digits}${key}`;
    let sum = 0;
    for (let i = 0; i < all.length; i++) {
      let d = Number(all[all.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return String(key);
  }
  throw new Error("unreachable");
};

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

const siren = digits(8).map((head) => head + luhnKey(head));
const siret = fc.tuple(siren, digits(4)).map(([s, nic]) => s + nic + luhnKey(s + nic));

/** A French IBAN: bank, branch, account (digits), the RIB key, then the IBAN's mod-97 check digits. */
const frenchIban = fc.tuple(digits(5), digits(5), digits(11)).map(([bank, branch, account]) => {
  const rib = 97n - ((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n);
  const bban = `${bank}${branch}${account}${String(rib).padStart(2, "0")}`;
  // FR = 15 27; the check digits make BBAN + "FR" + check ≡ 1 (mod 97).
  const check = 98n - (BigInt(`${bban}152700`) % 97n);
  return `FR${String(check).padStart(2, "0")}${bban}`;
});

/** `value` with the digit at `index` (a digit position) replaced by another digit. */
const changeOneDigit = (value: string, index: number, delta: number): string => {
  const positions = [...value].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
  const at = positions[index % positions.length] as number;
  const digit = (Number(value[at]) + 1 + (delta % 9)) % 10;
  return value.slice(0, at) + digit + value.slice(at + 1);
};

describe("identifiers, on generated numbers", () => {
  it("accepts every SIREN with its Luhn key and refuses it with one digit changed", () => {
    fc.assert(
      fc.property(siren, fc.nat(), fc.nat(), (value, index, delta) => {
        expect(isValidSiren(value)).toBe(true);
        const changed = changeOneDigit(value, index, delta);
        // La Poste's SIREN is valid by exception, Luhn or not.
        fc.pre(changed !== "356000000");
        expect(isValidSiren(changed)).toBe(false);
      }),
    );
  });

  it("accepts every SIRET with its Luhn key and refuses it with one digit changed", () => {
    fc.assert(
      fc.property(siret, fc.nat(), fc.nat(), (value, index, delta) => {
        fc.pre(!value.startsWith("356000000"));
        expect(validateSiret(value)).toBeNull();
        const changed = changeOneDigit(value, index, delta);
        fc.pre(!changed.startsWith("356000000"));
        expect(validateSiret(changed)).toBe("validation.invalidSiret");
      }),
    );
  });

  it("accepts every French IBAN with its RIB key and check digits, and refuses one digit changed", () => {
    fc.assert(
      fc.property(frenchIban, fc.nat(), fc.nat(), (value, index, delta) => {
        expect(validateIban(value)).toBeNull();
        expect(normaliseIban(value.replace(/(.{4})/g, "$1 "))).toBe(value);
        expect(validateIban(changeOneDigit(value, index, delta))).toBe("validation.invalidIban");
      }),
    );
  });

  it("accepts the French VAT number made from a SIREN with its key, and refuses any other key", () => {
    fc.assert(
      fc.property(siren, fc.integer({ min: 0, max: 96 }), (value, other) => {
        const key = frenchVatKey(value);
        expect(isValidVatNumber(`FR${key}${value}`)).toBe(true);
        fc.pre(other !== Number(key));
        expect(isValidVatNumber(`FR${String(other).padStart(2, "0")}${value}`)).toBe(false);
      }),
    );
  });
});
