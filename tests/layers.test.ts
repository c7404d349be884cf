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

/**
 * The API's floors, from the ground up: a file imports only files of its own floor or of the floors
 * below it. Each entry is a folder (`http/`) or a file (`commands.ts`) of `api/src/`; a file belongs to
 * its longest entry. The foundation is what every feature stands on (the context and the command
 * pipeline, HTTP, the ports, sessions and rights, the schemas, the PDF kit, the files kept, the worker
 * pool and the pure readers it runs); the VAT returns stand with the accounting they post to; a document's
 * share link and a member's invitation are sent by e-mail, so stand with the mail. Each feature reads the ones
 * below it and is read by the ones above — a document posts entries and names contacts, a payment settles
 * documents, a bank statement's line is matched with payments, the year-end checks read them all; the
 * dashboard's figures read every feature.
 */
const API_FLOORS: readonly (readonly string[])[] = [
  [
    "context.ts",
    "commands.ts",
    "ids.ts",
    "read-models.ts",
    "http/",
    "ports/",
    "uploads/",
    "pdf/",
    "schemas/",
    "identity/",
    "reference/",
    "files/",
    "readers/",
    "workers/",
    "einvoicing/openapi/",
    // The subscription's read-only gate is the access check's (http/access.ts); the platform's parameters
    // (trial and grace lengths) are what it reads.
    "billing/",
    "platform/",
  ],
  ["accounting/", "vat/", "organisations.ts"],
  ["contacts/", "items/"],
  ["documents/", "reports-export/"],
  ["payments/"],
  ["banks/"],
  ["reconcile/", "year-end/"],
  // The platform's invoices print with the documents' PDF kit and are sent by e-mail.
  ["mail/", "imports/", "files/shares.ts", "identity/invitations.ts", "einvoicing/", "billing-invoices/"],
  ["reminders/"],
  ["dashboard/"],
  ["routes/", "demo/"],
  ["app.ts", "server.ts", "bootstrap.ts", "cli/", "index.ts"],
];

const API_SRC = join(ROOT, "api", "src");

/** The floor of a file of `api/src/` (its longest entry), or undefined when no entry holds it. */
const floorOf = (file: string): number | undefined => {
  const path = relative(API_SRC, file).split("\\").join("/");
  let found: { floor: number; length: number } | undefined;
  API_FLOORS.forEach((entries, floor) => {
    for (const entry of entries)
      if (
        (entry.endsWith("/") ? path.startsWith(entry) : path === entry) &&
        entry.length > (found?.length ?? 0)
      )
        found = { floor, length: entry.length };
  });
  return found?.floor;
};

/** Every import of an `api/src/` file that reaches a floor above its own, named with both floors. */
const apiFloorCrossings = (): string[] =>
  sources(API_SRC).flatMap((file) => {
    const from = floorOf(file);
    return importsOf(readFileSync(file, "utf8"))
      .filter((specifier) => specifier.startsWith("."))
      .flatMap((specifier) => {
        const target = join(file, "..", specifier);
        const to = floorOf(target);
        if (from === undefined || to === undefined || to <= from) return [];
        return [`${relative(ROOT, file)} (floor ${from}) imports ${specifier} (floor ${to})`];
      });
  });

/** A route file's lines that speak SQL: a query builder, a raw statement, the database itself. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql[<`]|\.database\.db\b|\breadModels\(/;

const sqlInRoutes = (): string[] =>
  sources(join(API_SRC, "routes")).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (SQL.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
  );

describe("layers", () => {
  it("keeps the core pure: no node:*, no database, no HTTP, no shell of Registre", () => {
    expect(crossings("core")).toEqual([]);
  });

  it("lets each shell import only the layers below it", () => {
    expect(["migrations", "store", "projections", "api"].flatMap(crossings)).toEqual([]);
  });

  it("keeps the API's floors: a file of api/src imports nothing of a floor above its own", () => {
    expect(apiFloorCrossings()).toEqual([]);
  });

  it("keeps SQL out of the route files: a query has a name in its feature's read module", () => {
    expect(sqlInRoutes()).toEqual([]);
  });

  it("gives every source file of api/src a floor", () => {
    expect(sources(API_SRC).filter((file) => floorOf(file) === undefined)).toEqual([]);
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
    const floor = (path: string) => floorOf(join(API_SRC, path));
    expect(floor("commands.ts")).toBe(0);
    expect(floor("identity/invitations.ts")).toBeGreaterThan(floor("identity/sessions.ts") ?? 0);
    expect(floor("documents/commands.ts")).toBeGreaterThan(floor("contacts/commands.ts") ?? 0);
    expect(floor("banks/statements.ts")).toBeGreaterThan(floor("payments/payments.ts") ?? 0);
    expect(floor("app.ts")).toBe(API_FLOORS.length - 1);
    expect(
      ['const r = await ctx.database.db.selectFrom("x")', "sql`select 1`", "readModels(ctx.database)"].filter(
        (l) => SQL.test(l),
      ),
    ).toHaveLength(3);
    expect(SQL.test('import { sqlState } from "./sql.ts";')).toBe(false);
  });
});
