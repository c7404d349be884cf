import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layers, enforced: the core is pure (no I/O, no framework, nothing of the shells), and each
 * shell imports only the layers below it. A source file (tests aside) importing across is named here.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === "node_modules" || name === "testing" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Every module a file imports or re-exports, statically or dynamically. */
const importsOf = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:^|\s)(?:import|export)\s[^"';]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? "");

const packageOf = (specifier: string): string =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? "");

/** What each workspace may import besides its own files: its declared packages, nothing else. */
const allowed: Record<string, (pkg: string) => boolean> = {
  // fast-xml-parser: a pure parser (strings in, objects out, no I/O) for the e-invoices' XML.
  core: (p) => ["ibantools", "jsvat-next", "libphonenumber-js", "saxes", "fast-xml-parser"].includes(p),
  migrations: (p) => p === "kysely",
  store: (p) => !p.startsWith("@registre/") || ["@registre/core", "@registre/migrations"].includes(p),
  projections: (p) => !p.startsWith("@registre/") || ["@registre/core", "@registre/store"].includes(p),
  api: (p) => !["@registre/web", "react", "react-dom"].includes(p),
};

/**
 * What the web may import of the core (core/package.json's exports): the documents' live totals, and the
 * constants its screens show — documents' kinds and statuses, their lifecycle and transforms, the closing
 * steps, a contact's panels — so that they are the core's, never copied.
 */
const webCoreSubpaths = [
  "@registre/core/documents",
  "@registre/core/documents/document",
  "@registre/core/documents/lifecycle",
  "@registre/core/documents/transform",
  "@registre/core/accounting/closing",
  "@registre/core/contacts/preferences",
];

const crossings = (workspace: string): string[] => {
  const src = join(ROOT, workspace, "src");
  const ok = allowed[workspace] ?? (() => true);
  return sources(src).flatMap((file) => {
    const imports = importsOf(readFileSync(file, "utf8"));
    // A helper of the tests (it asserts with Vitest) may reach the test support.
    if (imports.includes("vitest")) return [];
    return imports
      .filter((specifier) => {
        if (specifier.startsWith(".")) {
          // A relative import stays in the workspace.
          const target = join(file, "..", specifier);
          return relative(join(ROOT, workspace), target).startsWith("..");
        }
        return !ok(packageOf(specifier));
      })
      .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`);
  });
};

describe("layers", () => {
  it("keeps the core pure: no node:*, no database, no HTTP, no shell of Registre", () => {
    expect(crossings("core")).toEqual([]);
  });

  it("lets each shell import only the layers below it", () => {
    expect(["migrations", "store", "projections", "api"].flatMap(crossings)).toEqual([]);
  });

  it("lets the web reach the core only through its pure subpaths: the live totals, the constants it shows", () => {
    const reached = sources(join(ROOT, "web", "src")).flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((specifier) => specifier.startsWith("@registre/"))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(
      reached.filter((line) => !webCoreSubpaths.some((path) => line.endsWith(` imports ${path}`))),
    ).toEqual([]);
    for (const path of webCoreSubpaths)
      expect(
        reached.some((line) => line.endsWith(` imports ${path}`)),
        path,
      ).toBe(true);
  });

  it("would see a crossing (the check itself works)", () => {
    expect(
      importsOf('import { x } from "node:fs";\nexport * from "kysely";\nconst m = await import("hono");'),
    ).toEqual(["node:fs", "kysely", "hono"]);
    expect(allowed.core?.(packageOf("node:crypto"))).toBe(false);
    expect(allowed.core?.(packageOf("@registre/store"))).toBe(false);
    expect(allowed.projections?.(packageOf("@registre/api"))).toBe(false);
  });
});
