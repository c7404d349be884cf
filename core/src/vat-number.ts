import * as jsvatModule from "jsvat-next";
import { compactIdentifier } from "./identifiers.ts";

type JsVat = {
  checkVAT: (vat: string, countries: readonly unknown[]) => { isValid: boolean };
  countries: readonly unknown[];
};
// jsvat-next ships CommonJS (a default export under Node) and an ES build (named exports under Vite).
const loaded = jsvatModule as unknown as Partial<JsVat> & { default?: JsVat };
const { checkVAT, countries } =
  typeof loaded.checkVAT === "function" ? (loaded as JsVat) : (loaded.default as JsVat);

/** Intra-community VAT number check (format and check key) for every EU country, via jsvat-next. */
export const isValidVatNumber = (vat: string): boolean => checkVAT(compactIdentifier(vat), countries).isValid;
