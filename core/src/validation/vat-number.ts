import { isValidVatNumber } from "../vat-number.ts";

/** An EU intra-community VAT number with a correct format and check key for its country (jsvat-next). */
export const validateVatNumber = (value: string): "validation.invalidVatNumber" | null =>
  isValidVatNumber(value) ? null : "validation.invalidVatNumber";
