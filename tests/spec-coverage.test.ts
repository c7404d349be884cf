import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createApp } from "../api/src/app.ts";
import type { AppContext } from "../api/src/context.ts";
import { routes } from "../web/src/app/router.tsx";

/**
 * How much of the product spec exists: its section 7 calls (../shared/spec/api-calls.txt) found in
 * the OpenAPI document, and its section 2 screens (screens.txt) found in the web router. The
 * baselines only go up: a change that loses a call or a screen fails here.
 */
const BASELINE = { calls: 268, screens: 176 };
/**
 * The spec's calls not served yet, each named: any other call missing fails here (the billing
 * helper's until they land; the list only shrinks).
 */
const STILL_MISSING = new Set<string>([]);

const specFile = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../shared/spec/${name}`, import.meta.url)), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.replaceAll("{product}", "registre"));

/** `/a/{id}/b` and `/a/:x/b` alike: parameters compare by position, not by name. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, "{}").replace(/\/$/, "") || "/";

const webPaths = (list: readonly RouteObject[], prefix = ""): string[] =>
  list.flatMap((r) => {
    const here = r.index ? prefix || "/" : r.path ? `${prefix}/${r.path}`.replace(/\/+/g, "/") : prefix;
    return [...(r.index || r.path ? [here] : []), ...webPaths(r.children ?? [], here)];
  });

describe("spec coverage", () => {
  it("counts the spec's API calls that the API serves", async () => {
    const calls = specFile("api-calls.txt");
    expect(calls.length).toBe(268);
    const app = createApp({} as AppContext);
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${shape(path)}`),
      ),
    );
    const found = calls.filter((c) => {
      const [method, path] = c.split(" ");
      return served.has(`${method} ${shape(path ?? "")}`);
    });
    console.log(`spec coverage: ${found.length} of ${calls.length} API calls exist`);
    expect(calls.filter((c) => !found.includes(c) && !STILL_MISSING.has(c))).toEqual([]);
    expect(found.length).toBeGreaterThanOrEqual(BASELINE.calls);
  });

  it("counts the spec's screens that the web app routes", () => {
    const screens = specFile("screens.txt");
    expect(screens.length).toBe(176);
    const routed = new Set(
      webPaths(routes)
        .filter((p) => !p.endsWith("*"))
        .map(shape),
    );
    const found = screens.filter((s) => routed.has(shape(s)));
    console.log(`spec coverage: ${found.length} of ${screens.length} screens exist`);
    expect(found.length).toBeGreaterThanOrEqual(BASELINE.screens);
  });
});
