import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import type { AppContext } from "./context.ts";

type Route = { readonly method: string; readonly path: string };

const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith(":");

/**
 * Whether `general` takes every request of `specific` although `specific` names a segment that
 * `general` leaves to a parameter: `/balance-sheet/:id` over `/balance-sheet/steps`.
 */
const takes = (general: Route, specific: Route) => {
  if (general.method !== specific.method) return false;
  const g = segments(general.path);
  const s = segments(specific.path);
  if (g.length !== s.length) return false;
  let wider = false;
  for (const [i, segment] of g.entries()) {
    const other = s[i] ?? "";
    if (isParam(segment)) wider ||= !isParam(other);
    else if (segment !== other) return false;
  }
  return wider;
};

/** Every operation route of the app, once, in the order Hono tries them. */
const operationRoutes = (routes: readonly Route[]): Route[] => {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (r.method === "ALL" || r.path.includes("*") || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Hono tries routes in the order they were registered, so a route with a parameter registered
 * before a route naming that segment would answer its requests. The sub-apps are mounted by prefix
 * in any order, except where this test says otherwise.
 */
describe("the route order", () => {
  it("lets no route with a parameter take the requests of a route registered after it", () => {
    const routes = operationRoutes(createApp({} as AppContext).routes);
    expect(routes.length).toBeGreaterThan(100);
    const shadowed = routes.flatMap((route, i) =>
      routes
        .slice(0, i)
        .filter((before) => takes(before, route))
        .map((before) => `${route.method} ${route.path} is taken by ${before.path}`),
    );
    expect(shadowed).toEqual([]);
  });

  it("knows a route that would be taken", () => {
    const general = { method: "GET", path: "/api/accounting/balance-sheet/:id" };
    expect(takes(general, { method: "GET", path: "/api/accounting/balance-sheet/steps" })).toBe(true);
    expect(takes(general, { method: "PUT", path: "/api/accounting/balance-sheet/steps" })).toBe(false);
    expect(takes(general, { method: "GET", path: "/api/accounting/balance-sheet/:key" })).toBe(false);
    expect(takes(general, { method: "GET", path: "/api/accounting/balance-sheet/steps/:id" })).toBe(false);
  });
});
