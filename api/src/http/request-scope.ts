import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { translate } from "./messages.ts";
import { localeOf } from "./problem.ts";

/**
 * What one request learnt on its way that changes its answer. A route may run several commands in
 * a row (update an account, then close it), so a command whose read models are not caught up does
 * not throw: it says so here, and the answer is replaced at the end.
 */
type RequestScope = { notYetVisible: "lagging" | "failed" | null };

const storage = new AsyncLocalStorage<RequestScope>();

/** Seconds a client should wait before reading again: a lagging read model is a matter of moments. */
const RETRY_AFTER = { lagging: 1, failed: 30 } as const;

/**
 * Records that a command was stored but a read model it answers from does not show it yet
 * ("lagging": not within the budget; "failed": its organisation's read model is stopped).
 */
export const markNotYetVisible = (reason: "lagging" | "failed") => {
  const scope = storage.getStore();
  if (scope && scope.notYetVisible !== "failed") scope.notYetVisible = reason;
};

/**
 * Runs each request in its scope; a request that stored a command its read models do not show yet
 * answers 202 Accepted `{code: "command.notYetVisible", detail}` with `Retry-After`, instead of a
 * stale body, a misleading 404, or a 500 of a handler that read a row not projected yet (logged as
 * usual). A 503 stays: the database went away, and whether the rest was stored is unknown.
 */
export const requestScope = (): MiddlewareHandler => async (c, next) => {
  const scope: RequestScope = { notYetVisible: null };
  await storage.run(scope, next);
  if (!scope.notYetVisible || c.res.status === 503) return;
  const body = { code: "command.notYetVisible", detail: translate("command.notYetVisible", localeOf(c)) };
  c.res = new Response(JSON.stringify(body), {
    status: 202,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-language": localeOf(c),
      "retry-after": String(RETRY_AFTER[scope.notYetVisible]),
    },
  });
};
