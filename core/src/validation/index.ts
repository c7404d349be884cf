export * from "./codes.ts";
export * from "./digits.ts";
export * from "./email.ts";
export * from "./iban.ts";
export * from "./password.ts";
export * from "./phone.ts";
export * from "./siret.ts";
export * from "./vat-number.ts";
