/** One or more ASCII digits 0-9, nothing else (no sign, separator or space). Empty is refused too. */
export const validateDigits = (value: string): "validation.onlyNumbers" | null =>
  /^[0-9]+$/.test(value) ? null : "validation.onlyNumbers";
