import { DomainError } from "../decider.ts";
import { compactIdentifier } from "../identifiers.ts";
import { isCountryCode } from "../reference/countries.ts";
import {
  normalisePhone,
  validateEmail,
  validatePhone,
  validateSiret,
  validateVatNumber,
} from "../validation/index.ts";

/** The personal account's sub-resources (spec: /account/addresses, emails, phones, legal). */
export const accountItemKinds = ["phones", "emails", "addresses", "legal"] as const;
export type AccountItemKind = (typeof accountItemKinds)[number];
export type AccountItemValue = Readonly<Record<string, string>>;

const phoneTypes = ["cellular", "work", "home", "fax"];
const emailTypes = ["work", "personal", "billing"];

const text = (value: Record<string, unknown>, field: string, max: number, required = true): string => {
  const raw = value[field];
  const v = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (required && v.length === 0) throw new DomainError("validation.required", { field });
  if (v.length > max) throw new DomainError("validation.tooLong", { field, max });
  return v;
};

const oneOf = (value: Record<string, unknown>, field: string, allowed: readonly string[]): string => {
  const v = text(value, field, 40);
  if (!allowed.includes(v)) throw new DomainError("validation.notAllowed", { field, value: v });
  return v;
};

const refuse = (code: string | null, field: string): void => {
  if (code) throw new DomainError(code, { field });
};

/** Checks and normalises one item of a kind: the value that is recorded, or a refusal naming the field. */
export const normaliseAccountItem = (
  kind: AccountItemKind,
  value: Record<string, unknown>,
): AccountItemValue => {
  switch (kind) {
    case "phones": {
      const number = text(value, "number", 40);
      refuse(validatePhone(number), "number");
      return { type: oneOf(value, "type", phoneTypes), number: normalisePhone(number) ?? number };
    }
    case "emails": {
      const email = text(value, "email", 254).toLowerCase();
      refuse(validateEmail(email), "email");
      return { type: oneOf(value, "type", emailTypes), email };
    }
    case "addresses": {
      const country = text(value, "country", 2).toUpperCase();
      if (!isCountryCode(country))
        throw new DomainError("validation.notAllowed", { field: "country", value: country });
      return {
        street: text(value, "street", 200),
        postcode: text(value, "postcode", 20),
        city: text(value, "city", 100),
        country,
      };
    }
    case "legal": {
      const companyName = text(value, "companyName", 200);
      const siret = compactIdentifier(text(value, "siret", 20, false));
      const vatNumber = compactIdentifier(text(value, "vatNumber", 20, false));
      if (siret) refuse(validateSiret(siret), "siret");
      if (vatNumber) refuse(validateVatNumber(vatNumber), "vatNumber");
      return { companyName, siret, vatNumber };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
};
