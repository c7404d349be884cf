import { ApiError } from "../../lib/http.ts";

/** A match of the duplicate warning (409 `contact.duplicate(s)`). */
export type DuplicateMatch = { id: string; name: string; reasons: string[] };

/** The possible duplicates a refused creation names, or null when it was refused for another reason. */
export const duplicatesOf = (error: unknown): DuplicateMatch[] | null => {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.problem) return null;
  if (error.problem.code !== "contact.duplicate" && error.problem.code !== "contact.duplicates") return null;
  return error.problem.duplicates ?? [];
};

/**
 * The fields a refusal names (`errors[].path`, e.g. `addresses.0.postalCode`), as the form's field
 * names given by `fieldOf`; the fields it cannot place are left to the form's error alert.
 */
export const fieldErrorsOf = (
  error: unknown,
  fieldOf: (path: string) => string | null,
): Record<string, string> => {
  if (!(error instanceof ApiError) || !error.problem) return {};
  const out: Record<string, string> = {};
  for (const e of error.problem.errors ?? []) {
    const field = e.field ? fieldOf(e.field) : null;
    if (field) out[field] ??= e.message;
  }
  return out;
};

/** A refusal's path as the field of a form of one item (`addresses.0.postalCode` → `postalCode`). */
export const lastSegment = (path: string): string | null => path.split(".").at(-1) ?? null;

/**
 * What a contact's form does with its save's answer: `done` once saved; what the refusal says of a
 * field, on that field (named by `fieldOf`), the rest left to the form's error alert.
 */
export const doneOrFieldErrors = (
  form: { setErrors: (errors: Record<string, string>) => void },
  done: () => void,
  fieldOf: (path: string) => string | null = lastSegment,
) => ({
  onSuccess: done,
  onError: (error: unknown) => form.setErrors(fieldErrorsOf(error, fieldOf)),
});
