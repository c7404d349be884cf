import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { openDatabase } from "@registre/store";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "./support/databases.ts";

const run = promisify(execFile);
const bin = fileURLToPath(new URL("../api/bin/registre.js", import.meta.url));

type Result = { code: number; stdout: string; stderr: string };

describe.each(databaseKinds)("the registre CLI on %s", (kind) => {
  it("creates and lists organisations, verifies the audit trail, names a tampered event, and replays", async () => {
    let env: NodeJS.ProcessEnv;
    let url: string | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), "registre-cli-"));
    if (kind === "postgres") {
      const database = await openTestDatabase("postgres");
      url = database.url;
      await database.close();
      env = { ...process.env, DATABASE_URL: url };
    } else {
      env = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir };
    }
    const registre = async (...args: string[]): Promise<Result> => {
      try {
        const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env, timeout: 60_000 });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    };

    const created = await registre("org", "create", "--name", "Atelier Démo SARL", "--siren", "123456782");
    expect(created.code).toBe(0);
    const orgId = created.stdout.trim();
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await registre("org", "create", "--name", "X", "--siren", "123456789");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("n’est pas valide");

    const list = await registre("org", "list", "--format", "json");
    expect(JSON.parse(list.stdout)).toEqual([{ id: orgId, name: "Atelier Démo SARL", siren: "123456782" }]);

    const status = await registre("projections", "status");
    expect(status.stdout).toMatch(/organisations\s+3\s+1/);
    const rebuilt = await registre("projections", "rebuild", "organisations");
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/organisations: 1 events in [\d.]+ s — \d+ events\/s/);

    const replay = await registre("events", "replay", "--org", orgId);
    expect(replay.stdout).toContain("OrganisationCreated  by cli");
    // The organisation, then its books: chart of accounts, journals and first fiscal year.
    expect(replay.stdout).toContain("4 event(s) in 4 stream(s)");
    const before = await registre("events", "replay", "--org", orgId, "--until", "2000-01-01T00:00:00Z");
    expect(before.stdout).toContain("0 event(s) in 0 stream(s) as they stood at 2000-01-01T00:00:00.000Z");

    const clean = await registre("audit", "verify");
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain("1 organisation(s), 4 event(s) verified, 0 broken chain(s)");

    // One byte changed behind Registre's back.
    const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, "db") });
    const { rows } = await sql<{ position: number }>`
      update events set data = replace(data, 'Démo', 'Demo') returning position`.execute(database.db);
    await database.close();
    const tampered = await registre("audit", "verify", "--org", orgId);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(
      `BROKEN organisation ${orgId}, event #1 at position ${rows[0]?.position} (org-${orgId} v1)`,
    );
  }, 120_000);
});
