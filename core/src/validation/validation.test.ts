import { describe, expect, it } from "vitest";
import {
  normaliseIban,
  normalisePhone,
  normaliseSiret,
  validateDigits,
  validateEmail,
  validateIban,
  validatePassword,
  validatePhone,
  validateSiret,
  validateVatNumber,
} from "./index.ts";

describe("validateEmail", () => {
  it.each([
    "jean.dupont@example.fr",
    "Jean.Dupont@Example.FR",
    "compta+factures@atelier-dupont.fr",
    "o'brien@example.co.uk",
    "a@b.io",
    "x_y-z{1}@sub.domain.example",
    "contact@école.fr",
    "info@xn--cole-9oa.fr",
    `${"a".repeat(64)}@example.fr`,
    `a@${"b".repeat(63)}.fr`,
  ])("accepts %s", (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    "",
    "jean.dupont",
    "@example.fr",
    "jean@",
    "jean@@example.fr",
    "jean@dupont@example.fr",
    "jean dupont@example.fr",
    " jean@example.fr",
    "jean@example.fr ",
    ".jean@example.fr",
    "jean.@example.fr",
    "jean..dupont@example.fr",
    '"jean dupont"@example.fr',
    "jéan@example.fr",
    "jean@localhost",
    "jean@example",
    "jean@example.f",
    "jean@example.123",
    "jean@192.168.0.1",
    "jean@[192.168.0.1]",
    "jean@-example.fr",
    "jean@example-.fr",
    "jean@exa_mple.fr",
    "jean@example..fr",
    "jean@.example.fr",
    "jean@example.fr.",
    "jean@exa mple.fr",
    "jean@example.fr,paul@example.fr",
    "jean@example.fr\nBcc: victim@example.fr",
    `${"a".repeat(65)}@example.fr`,
    `a@${"b".repeat(64)}.fr`,
    // 64 + 1 + 190 = 255 octets: each part within its limit, the whole over 254.
    `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.fr`,
    // A label within 63 characters whose punycode form is longer than 63 octets.
    `a@${"é".repeat(60)}.fr`,
  ])("refuses %j", (email) => {
    expect(validateEmail(email)).toBe("validation.invalidEmail");
  });

  it("counts the whole address in octets, up to 254", () => {
    const domainOf = (length: number) =>
      `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(length - 195)}.fr`;
    expect(domainOf(252)).toHaveLength(252);
    expect(validateEmail(`a@${domainOf(252)}`)).toBeNull();
    expect(validateEmail(`ab@${domainOf(252)}`)).toBe("validation.invalidEmail");
    expect(validateEmail(`a@${domainOf(253)}`)).toBe("validation.invalidEmail");
  });

  it("measures an internationalised domain in its punycode form", () => {
    // 18 characters, 58 octets as xn--u9jxfoe1dzdp15tozdkm63kh1xwn0a85aq7iiy8dt0mvz8d60al94r.
    const label = "日本語のドメイン名前例示試験用文字列";
    expect(validateEmail(`a@${label}.fr`)).toBeNull();
    // 99 characters, but 299 octets on the wire.
    expect(validateEmail(`a@${Array(5).fill(label).join(".")}.fr`)).toBe("validation.invalidEmail");
  });
});

describe("validatePhone and normalisePhone", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["0612345678", "+33612345678"],
    ["06.12.34.56.78", "+33612345678"],
    ["06-12-34-56-78", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["+33 (0)6 12 34 56 78", "+33612345678"],
    ["0033 6 12 34 56 78", "+33612345678"],
    ["01 42 68 53 00", "+33142685300"],
    ["09 70 80 80 80", "+33970808080"],
    ["05 96 12 34 56", "+33596123456"],
    ["+32 2 555 12 12", "+3225551212"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+1 202 555 0143", "+12025550143"],
  ])("accepts %s as %s", (phone, e164) => {
    expect(validatePhone(phone)).toBeNull();
    expect(normalisePhone(phone)).toBe(e164);
  });

  it.each([
    "",
    "06",
    "06 12 34 56 7",
    "06 12 34 56 789",
    "00 00 00 00 00",
    "06 12 34 56 78 abc",
    "tél. 06 12 34 56 78",
    "+33 0 12 34 56 78",
    "+999 12 34 56 78",
    "phone",
  ])("refuses %j", (phone) => {
    expect(validatePhone(phone)).toBe("validation.invalidPhone");
    expect(normalisePhone(phone)).toBeUndefined();
  });

  it("reads national numbers in the default country", () => {
    // A Belgian national number: valid in Belgium, too short for France.
    expect(validatePhone("02 555 12 12", "BE")).toBeNull();
    expect(normalisePhone("02 555 12 12", "BE")).toBe("+3225551212");
    expect(validatePhone("02 555 12 12")).toBe("validation.invalidPhone");
    // A UK mobile number in its national form.
    expect(normalisePhone("07400 123456", "GB")).toBe("+447400123456");
    expect(normalisePhone("07400 123456")).toBeUndefined();
  });
});

describe("validateIban and normaliseIban", () => {
  it.each([
    ["FR1420041010050500013M02606", "FR1420041010050500013M02606"],
    ["FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"],
    ["fr14 2004 1010 0505 0001 3m02 606", "FR1420041010050500013M02606"],
    ["FR14-2004-1010-0505-0001-3M02-606", "FR1420041010050500013M02606"],
    ["FR14\u00a02004\u00a01010\u00a00505\u00a00001\u00a03M02\u00a0606", "FR1420041010050500013M02606"],
    ["FR76 3000 6000 0112 3456 7890 189", "FR7630006000011234567890189"],
    ["DE89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["BE71 0961 2345 6769", "BE71096123456769"],
    ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"],
  ])("accepts %j as %s", (iban, electronic) => {
    expect(validateIban(iban)).toBeNull();
    expect(normaliseIban(iban)).toBe(electronic);
  });

  it.each([
    "",
    "FR",
    // One character changed: the mod-97 check fails.
    "FR1420041010050500013M02607",
    "FR1520041010050500013M02606",
    // One character too short, one too long for France.
    "FR1420041010050500013M0260",
    "FR1420041010050500013M026061",
    // A valid German BBAN under the French country code.
    "FR89370400440532013000",
    "XX1420041010050500013M02606",
    "FR14 2004 1010 0505 0001 3M02 606!",
    "20041010050500013M02606",
  ])("refuses %j", (iban) => {
    expect(validateIban(iban)).toBe("validation.invalidIban");
    expect(normaliseIban(iban)).toBeUndefined();
  });
});

describe("validateSiret", () => {
  it.each([
    "73282932000074",
    "732 829 320 00074",
    "44306184100047",
    "55210055400013",
    // La Poste's head office passes Luhn.
    "35600000000048",
    // La Poste establishments: digit sum a multiple of 5, Luhn failing.
    "35600000049837",
    "35600000009075",
  ])("accepts %s", (siret) => {
    expect(validateSiret(siret)).toBeNull();
  });

  it.each([
    "",
    "7328293200007",
    "732829320000740",
    "73282932000075",
    "73282932000047",
    "7328293200007A",
    "73282932000074 1",
    // Luhn holds over the 14 digits but the SIREN 123456789 does not.
    "12345678900023",
    // La Poste's SIREN with a NIC that fits neither Luhn nor the sum rule.
    "35600000012345",
    // The sum rule is La Poste's only: 73282932000018 has a digit sum of 40 and fails Luhn.
    "73282932000018",
  ])("refuses %j", (siret) => {
    expect(validateSiret(siret)).toBe("validation.invalidSiret");
  });

  it("normalises what people type", () => {
    expect(normaliseSiret(" 732 829 320 00074 ")).toBe("73282932000074");
    expect(normaliseSiret("732.829.320.00074")).toBe("73282932000074");
  });
});

describe("validatePassword", () => {
  it.each([
    "correcthorse1",
    "abcdefghi1",
    "1234567890a",
    "Mot de passe 2026",
    "été-hiver-9",
    `a1${"x".repeat(198)}`,
    // 200 characters but 398 UTF-16 units: an emoji counts as one character.
    `a1${"🔒".repeat(198)}`,
  ])("accepts %j", (password) => {
    expect(validatePassword(password)).toBeNull();
  });

  it.each([
    "",
    "abc123",
    "abcdefgh1",
    "abcdefghij",
    "1234567890",
    "!!!!!!!!!!!!",
    `a1${"x".repeat(199)}`,
    `a1${"🔒".repeat(199)}`,
  ])("refuses %j", (password) => {
    expect(validatePassword(password)).toBe("validation.invalidPassword");
  });

  it("counts characters, not UTF-16 units", () => {
    // Nine characters, eleven UTF-16 units: too short.
    expect(validatePassword("a1🔒🔒bcdef")).toBe("validation.invalidPassword");
  });
});

describe("validateVatNumber", () => {
  it.each(["FR40303265045", "FR 40 303 265 045", "fr40303265045", "DE136695976", "BE0428759497"])(
    "accepts %s",
    (vat) => {
      expect(validateVatNumber(vat)).toBeNull();
    },
  );

  it.each(["", "FR", "FR41303265045", "FR4030326504", "DE136695977", "40303265045", "XX40303265045"])(
    "refuses %j",
    (vat) => {
      expect(validateVatNumber(vat)).toBe("validation.invalidVatNumber");
    },
  );
});

describe("validateDigits", () => {
  it.each(["0", "0123", "75002", "12345678901234567890"])("accepts %s", (digits) => {
    expect(validateDigits(digits)).toBeNull();
  });

  it.each(["", " 12", "12 ", "1 2", "-12", "+12", "1.5", "1,5", "12a", "١٢٣", "１２"])(
    "refuses %j",
    (value) => {
      expect(validateDigits(value)).toBe("validation.onlyNumbers");
    },
  );
});
