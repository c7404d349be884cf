import { DomainError } from "@registre/core";
import { type Locale, translate } from "./messages.ts";
import { ProblemError } from "./problem.ts";

/**
 * A refusal that names its field becomes a problem whose `errors` point at it (`addresses.0.postalCode`
 * when `prefix` is `addresses.0`), in the request's language.
 */
export const withField = (error: unknown, locale: Locale, prefix = ""): unknown => {
  if (!(error instanceof DomainError)) return error;
  const field = error.params.field;
  if (typeof field !== "string") return error;
  const path = prefix ? `${prefix}.${field}` : field;
  return new ProblemError(error.status, error.code, error.params, [
    { path, code: error.code, message: translate(error.code, locale, error.params) },
  ]);
};

/** `check()`'s answer; a refusal naming its field thrown as a problem pointing at it (`withField`). */
export const fieldChecked = <T>(locale: Locale, prefix: string, check: () => T): T => {
  try {
    return check();
  } catch (error) {
    throw withField(error, locale, prefix);
  }
};
