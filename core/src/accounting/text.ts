import { DomainError } from "../decider.ts";

/**
 * A text as the books keep it: control characters and "|" (a FEC separator) become spaces, runs of
 * spaces one, the ends trimmed. Labels are cleaned once, when written, so that every export can pass
 * them through as they are.
 */
export const cleanText = (value: string): string =>
  value
    .replace(/[\p{Cc}|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A cleaned text that must not be empty nor longer than `max`. */
export const requiredText = (value: string | undefined, field: string, max: number): string => {
  const clean = cleanText(value ?? "");
  if (!clean) throw new DomainError("validation.required", { field });
  if (clean.length > max) throw new DomainError("validation.tooLong", { field, max });
  return clean;
};
