// Temporary stand-in for the real API while it is being built: serves web/dist and fakes the JSON routes.
// Not used by the tests. Run with: npx tsx tests/e2e/dev-stub-server.ts [port]
import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../../web/dist/", import.meta.url));

type Org = {
  id: string;
  name: string;
  siren: string;
  vatNumber: string | null;
  fiscalYearStartMonth: number;
  vatRegime: string;
  vatOnDebits: boolean;
  createdAt: string;
  updatedAt: string;
};
type HistoryEvent = {
  streamId: string;
  version: number;
  type: string;
  at: string;
  userId: string | null;
  summary: Record<string, unknown>;
};

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

export const startStubServer = async (port = 0): Promise<{ url: string; close(): Promise<void> }> => {
  const orgs = new Map<string, Org>();
  const history = new Map<string, HistoryEvent[]>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const problem = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: string,
    fr: string,
    en: string,
  ) => {
    const lang = (req.headers["accept-language"] ?? "fr").startsWith("en") ? "en" : "fr";
    res.writeHead(status, { "content-type": "application/problem+json", "content-language": lang });
    res.end(
      JSON.stringify({ type: "about:blank", title: code, status, code, detail: lang === "en" ? en : fr }),
    );
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
  };
  const record = (org: Org, type: string, summary: Record<string, unknown>) => {
    const events = history.get(org.id) ?? [];
    events.push({
      streamId: `org-${org.id}`,
      version: events.length + 1,
      type,
      at: new Date().toISOString(),
      userId: null,
      summary,
    });
    history.set(org.id, events);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    if (path === "/api/health")
      return json(res, 200, { status: "ok", database: "pglite", events: 0, projections: [] });
    if (path === "/api/registre/orgs" && req.method === "GET") {
      const items = [...orgs.values()].sort((a, b) => a.name.localeCompare(b.name, "fr"));
      return json(res, 200, { items, total: items.length });
    }
    if (path === "/api/registre/orgs" && req.method === "POST") {
      const body = await readBody(req);
      const name = typeof body.name === "string" ? body.name.trim() : "";
      const siren = typeof body.siren === "string" ? body.siren : "";
      if (!name)
        return problem(
          req,
          res,
          422,
          "organisation.nameRequired",
          "Le nom est obligatoire.",
          "Name is required.",
        );
      if (!/^\d{9}$/.test(siren) || !luhn(siren)) {
        return problem(
          req,
          res,
          422,
          "organisation.invalidSiren",
          `Le SIREN « ${siren} » n’est pas valide : la clé de contrôle ne correspond pas.`,
          `SIREN "${siren}" is not valid: the check digit does not match.`,
        );
      }
      if ([...orgs.values()].some((o) => o.siren === siren)) {
        return problem(
          req,
          res,
          409,
          "organisation.duplicateSiren",
          "Ce SIREN est déjà inscrit.",
          "SIREN already registered.",
        );
      }
      const now = new Date().toISOString();
      const org: Org = {
        id: randomUUID(),
        name,
        siren,
        vatNumber: typeof body.vatNumber === "string" ? body.vatNumber : null,
        fiscalYearStartMonth: typeof body.fiscalYearStartMonth === "number" ? body.fiscalYearStartMonth : 1,
        vatRegime: typeof body.vatRegime === "string" ? body.vatRegime : "reel_normal",
        vatOnDebits: body.vatOnDebits === true,
        createdAt: now,
        updatedAt: now,
      };
      orgs.set(org.id, org);
      const { id: _id, createdAt: _c, updatedAt: _u, ...summary } = org;
      record(org, "OrganisationCreated", summary);
      return json(res, 201, org);
    }
    const match = /^\/api\/registre\/orgs\/([^/]+)(\/history)?$/.exec(path);
    if (match) {
      const org = orgs.get(decodeURIComponent(match[1] ?? ""));
      if (!org)
        return problem(
          req,
          res,
          404,
          "organisation.notFound",
          "Organisation introuvable.",
          "Organisation not found.",
        );
      if (match[2]) return json(res, 200, { items: history.get(org.id) ?? [] });
      if (req.method === "GET") return json(res, 200, org);
      if (req.method === "PUT") {
        const body = await readBody(req);
        if (typeof body.name === "string" && body.name !== org.name) {
          record(org, "OrganisationRenamed", { name: body.name, previousName: org.name });
        }
        const { name, ...changes } = body;
        if (Object.keys(changes).length > 0) record(org, "OrganisationSettingsChanged", { changes });
        Object.assign(org, body, { updatedAt: new Date().toISOString() });
        return json(res, 200, org);
      }
    }
    if (path.startsWith("/api/")) return problem(req, res, 404, "notFound", "Introuvable.", "Not found.");

    const file = normalize(join(dist, path));
    const isFile = file.startsWith(dist) && (await stat(file).catch(() => null))?.isFile();
    const target = isFile ? file : join(dist, "index.html");
    res.writeHead(200, { "content-type": types[extname(target)] ?? "application/octet-stream" });
    res.end(await readFile(target));
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startStubServer(Number(process.argv[2] ?? 4173));
  console.log(`stub server on ${url}`);
}
