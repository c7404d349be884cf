import { DomainError } from "../decider.ts";

/** A refusal with this code (and, when given, these params and this status): for `thenThrows`. */
export const refusedWith =
  (code: string, params?: Readonly<Record<string, string | number>>, status?: number) =>
  (error: unknown): boolean =>
    error instanceof DomainError &&
    error.code === code &&
    (params === undefined || JSON.stringify(error.params) === JSON.stringify(params)) &&
    (status === undefined || error.status === status);

/** Runs `run` and checks it throws the refusal described. */
export const expectRefused = (run: () => unknown, check: (error: unknown) => boolean): void => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  if (thrown === undefined) throw new Error("expected a refusal");
  if (!check(thrown)) throw new Error(`Unexpected error: ${String(thrown)} ${JSON.stringify(thrown)}`);
};

/** A refusal with this code naming this field (`params.field`), and when given, this status: for `thenThrows`. */
export const refusedOnField =
  (code: string, field: string, status?: number) =>
  (error: unknown): boolean =>
    error instanceof DomainError &&
    error.code === code &&
    error.params.field === field &&
    (status === undefined || error.status === status);
