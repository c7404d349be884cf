import {
  companyName,
  email,
  exactDigits,
  maxLength,
  onlyNumbers,
  phone,
  type Rule,
  required,
  vatNumber,
} from "../../lib/validation.ts";

export type FieldSpec = {
  name: string;
  /** Key of the label in the `account` namespace. */
  label: string;
  rules: readonly Rule[];
  kind?: "text" | "email" | "tel" | "select";
  options?: readonly string[];
  autoComplete?: string;
  numeric?: boolean;
};

export type AccountResource = {
  /** Route segment: /account/{route} and /account/{route}/edit. */
  route: "phone" | "email" | "address" | "legal";
  /** API collection: /api/account/{api}. */
  api: "phones" | "emails" | "addresses" | "legal";
  fields: FieldSpec[];
  /** The field shown as the title of each row. */
  primary: string;
};

export const accountResources: Record<AccountResource["route"], AccountResource> = {
  phone: {
    route: "phone",
    api: "phones",
    primary: "number",
    fields: [
      {
        name: "type",
        label: "fields.phoneType",
        rules: [required],
        kind: "select",
        options: ["cellular", "work", "home", "fax"],
      },
      { name: "number", label: "fields.phone", rules: [required, phone], kind: "tel", autoComplete: "tel" },
    ],
  },
  email: {
    route: "email",
    api: "emails",
    primary: "email",
    fields: [
      {
        name: "type",
        label: "fields.emailType",
        rules: [required],
        kind: "select",
        options: ["work", "personal", "billing"],
      },
      {
        name: "email",
        label: "fields.email",
        rules: [required, email],
        kind: "email",
        autoComplete: "email",
      },
    ],
  },
  address: {
    route: "address",
    api: "addresses",
    primary: "street",
    fields: [
      {
        name: "street",
        label: "fields.street",
        rules: [required, maxLength(200)],
        autoComplete: "address-line1",
      },
      {
        name: "postcode",
        label: "fields.postcode",
        rules: [required, onlyNumbers, exactDigits(5)],
        autoComplete: "postal-code",
        numeric: true,
      },
      {
        name: "city",
        label: "fields.city",
        rules: [required, maxLength(100)],
        autoComplete: "address-level2",
      },
      {
        name: "country",
        label: "fields.country",
        rules: [required],
        kind: "select",
        options: ["FR", "BE", "CH", "LU", "MC"],
      },
    ],
  },
  legal: {
    route: "legal",
    api: "legal",
    primary: "companyName",
    fields: [
      {
        name: "companyName",
        label: "fields.companyName",
        rules: [companyName, maxLength(200)],
        autoComplete: "organization",
      },
      {
        name: "siret",
        label: "fields.siret",
        rules: [required, onlyNumbers, exactDigits(14)],
        numeric: true,
      },
      { name: "vatNumber", label: "fields.vatNumber", rules: [vatNumber] },
    ],
  },
};

export type AccountRecord = { id: string } & Record<string, unknown>;
