import { DomainError } from "../decider.ts";
import { formatDocumentNumber } from "./numbering.ts";

/**
 * The approved platforms' rule for an invoice's number (BT-1, the flow's tracking id): at most 35
 * characters, of letters, digits, space and `- + _ /` (a platform rejects any other). A series whose
 * numbers would break it is refused at the settings, not at sending.
 */
export const PLATFORM_NUMBER_MAX = 35;
const PLATFORM_NUMBER = /^[A-Za-z0-9 +_/-]+$/;
/**
 * A counter outgrows its `#`s: a number is measured with the counter at this many digits at least (a
 * million numbers in a sequence), so that a series accepted today keeps within the length later.
 */
export const PLATFORM_COUNTER_DIGITS = 6;

/** Whether a number may go through a platform. */
export const platformNumberProblem = (number: string): "tooLong" | "characters" | null => {
  if (number.length > PLATFORM_NUMBER_MAX) return "tooLong";
  return PLATFORM_NUMBER.test(number) ? null : "characters";
};

/**
 * Refuses a series format whose numbers would break the platforms' rule: the longest number it makes
 * (a date in December, the counter at its width or at `PLATFORM_COUNTER_DIGITS`), and its characters.
 * `docSettings.numberTooLong {field, max, example}` or `docSettings.numberCharacters {field, example}`.
 */
export const checkPlatformNumbering = (format: string, field: string): void => {
  const widths = [...format.matchAll(/\{(#+)\}/g)].map((m) => m[1]?.length ?? 0);
  const digits = Math.max(PLATFORM_COUNTER_DIGITS, ...widths);
  const example = formatDocumentNumber(format, "2026-12-31", 1);
  const longest = formatDocumentNumber(format, "2026-12-31", 10 ** digits - 1);
  const problem = platformNumberProblem(longest);
  if (problem === "tooLong")
    throw new DomainError("docSettings.numberTooLong", { field, max: PLATFORM_NUMBER_MAX, example: longest });
  if (problem === "characters") throw new DomainError("docSettings.numberCharacters", { field, example });
};
