import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What the `registre` command loads before it runs a command: the modules `main.ts` imports statically,
 * and theirs. A FEC import with the server stopped paid seconds of start-up for the server's hundreds of
 * modules (every route and schema, the PDF): `serve` loads them when it runs.
 */
const staticImports = (file: string): string[] =>
  [
    ...readFileSync(file, "utf8").matchAll(
      /^(?:import|export)\s(?!type\s)[^"';]*?from\s+["'](\.[^"']+)["']/gm,
    ),
  ]
    .map((m) => resolve(dirname(file), m[1] ?? ""))
    .filter((path) => existsSync(path));

const loadedAtStart = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) walk(next);
  };
  walk(entry);
  return seen;
};

describe("the registre command's start-up", () => {
  it("does not load the server (routes, schemas, PDF) unless it serves", () => {
    const api = fileURLToPath(new URL("../", import.meta.url));
    const loaded = loadedAtStart(fileURLToPath(new URL("./main.ts", import.meta.url)));
    expect(loaded.has(resolve(api, "accounting/fec-import.ts"))).toBe(true);
    expect(loaded.has(resolve(api, "server.ts"))).toBe(false);
    expect(loaded.has(resolve(api, "app.ts"))).toBe(false);
    expect([...loaded].filter((file) => file.startsWith(resolve(api, "routes")))).toEqual([]);
  });
});
