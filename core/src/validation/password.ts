export const passwordMinLength = 10;
export const passwordMaxLength = 200;

/**
 * At least 10 and at most 200 characters (counted as Unicode code points, so an accented letter or an
 * emoji is one), with at least one letter (any script) and one decimal digit.
 */
export const validatePassword = (value: string): "validation.invalidPassword" | null => {
  const length = [...value].length;
  if (length < passwordMinLength || length > passwordMaxLength) return "validation.invalidPassword";
  if (!/\p{L}/u.test(value) || !/\p{Nd}/u.test(value)) return "validation.invalidPassword";
  return null;
};
