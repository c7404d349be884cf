/** The i18n codes the validators answer with; `null` means the value is valid. */
export type ValidationCode =
  | "validation.invalidEmail"
  | "validation.invalidPhone"
  | "validation.invalidIban"
  | "validation.invalidSiret"
  | "validation.invalidPassword"
  | "validation.invalidVatNumber"
  | "validation.onlyNumbers";
