/**
 * The FEC import's two other ways in, beside the in-process figure of `fec-import.ts` (issue 23, point
 * 2): through the HTTP API as the screen sends it (its dry run, then the import), and through the CLI
 * with the server stopped (`registre fec import`, a process of its own: its start-up, migrations check,
 * projections and worker thread included). Each into a fresh organisation of a fresh database.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFec } from "@registre/core";
import { startServer } from "../../api/src/server.ts";
import { randomSiren } from "../e2e/siren.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { benchDatabaseName, dropOnInterrupt } from "./common.ts";
import { generate } from "./fec-import-gen.ts";

export type FecPathFigures = {
  /** The screen's first request: the file checked, nothing written. */
  readonly dryRunSeconds: number;
  /** The screen's second request: the import, answered once the ledger shows it. */
  readonly apiSeconds: number;
  /** `registre fec import` of the same file, the whole process. */
  readonly cliSeconds: number;
  /** The same command for a 5-line file: what the process costs whatever the file. */
  readonly cliFixedSeconds: number;
};

const registre = fileURLToPath(new URL("../../api/bin/registre.js", import.meta.url));
const FILE_NAME = "552100554FEC20251231.txt";

export const measureFecPaths = async (lines: number): Promise<FecPathFigures> => {
  const name = benchDatabaseName("fec_paths");
  const drop = () => withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  const restore = dropOnInterrupt(drop);
  const dir = mkdtempSync(join(tmpdir(), "registre-fec-bench-"));
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  const url = urlFor(adminUrl(), name);
  const bytes = Buffer.from(writeFec(generate(lines), "|"));
  const fileOf = (label: string, content: Uint8Array) => {
    mkdirSync(join(dir, label));
    const path = join(dir, label, FILE_NAME);
    writeFileSync(path, content);
    return path;
  };
  try {
    const server = await startServer({
      databaseUrl: url,
      port: 0,
      host: "127.0.0.1",
      seed: false,
      reminders: "off",
    });
    const call = async (path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: "POST",
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          "content-type": body instanceof Uint8Array ? "application/octet-stream" : "application/json",
          "idempotency-key": crypto.randomUUID(),
        },
        body: body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
        signal: AbortSignal.timeout(600_000),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200 && res.status !== 201)
        throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const organisation = async (who: string) => {
      const user = await call("/register", undefined, {
        email: `${who}.${Date.now()}@exemple.fr`,
        password: "motdepasse1",
        name: who,
      });
      const org = await call("/user/orgs", user.token as string, { name: who, siren: randomSiren() });
      return { token: org.token as string, orgId: (org.user as { org: { id: string } }).org.id };
    };
    const screen = await organisation("Ecran");
    const cli = await organisation("Ligne");
    const small = await organisation("Petite");
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return (performance.now() - started) / 1000;
    };
    const importPath = `/accounting/entries/import?name=${FILE_NAME}`;
    const dryRunSeconds = await timed(() => call(`${importPath}&dryRun=true`, screen.token, bytes));
    const apiSeconds = await timed(async () => {
      const answer = await call(importPath, screen.token, bytes);
      if (Number(answer.errorCount) > 0) throw new Error(`import refused: ${JSON.stringify(answer.errors)}`);
    });
    await server.close();

    // The server stopped, as the CLI's import wants it.
    const command = (orgId: string, path: string) => () => {
      const result = spawnSync(process.execPath, [registre, "fec", "import", "--org", orgId, path], {
        env: { ...process.env, DATABASE_URL: url },
        encoding: "utf8",
      });
      if (result.status !== 0)
        throw new Error(`registre fec import: ${result.status} ${result.stderr.slice(-500)}`);
      return Promise.resolve();
    };
    const cliFixedSeconds = await timed(
      command(small.orgId, fileOf("small", Buffer.from(writeFec(generate(5), "|")))),
    );
    const cliSeconds = await timed(command(cli.orgId, fileOf("large", bytes)));
    return { dryRunSeconds, apiSeconds, cliSeconds, cliFixedSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await drop();
    restore();
  }
};
