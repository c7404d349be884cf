import { join } from "node:path";
import { openDatabase } from "@registre/store";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cliDatabase, cliIn, cliSpawned } from "./support/cli.ts";
import { databaseKinds } from "./support/databases.ts";

describe.each(databaseKinds)("the registre CLI on %s", (kind) => {
  it("creates and lists organisations, verifies the audit trail, names a tampered event, and replays", async () => {
    const { url, dataDir, env } = await cliDatabase(kind);
    const registre = cliIn(env);

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
    expect(status.stdout).toMatch(/organisations\s+4\s+1/);
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
    const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, "data", "db") });
    const { rows } = await sql<{ position: number }>`
      update events set data = replace(data, 'Démo', 'Demo') returning position`.execute(database.db);
    await database.close();
    const tampered = await registre("audit", "verify", "--org", orgId);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(
      `BROKEN organisation ${orgId}, event #1 at position ${rows[0]?.position} (org-${orgId} v1)`,
    );
    // A wrong argument: commander's message on stderr, exit 1, and nothing run.
    const wrong = await registre("audit", "verify", "--org", "not-a-uuid");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("expected an organisation id (a UUID)");
  }, 120_000);
});

/**
 * The real binary (tsx's loader, then `main.ts` passing the process's arguments, environment,
 * streams and exit code to `runCli`), in a fresh DATA_DIR as a first run is: a command that
 * writes, one that reads, and one that fails. Every command's behaviour is tested in process.
 */
describe("the registre binary", () => {
  it("writes, reads, and exits 1 with the reason on stderr", async () => {
    const { env } = await cliDatabase("pglite");
    const registre = cliSpawned(env);
    const created = await registre("org", "create", "--name", "Atelier Démo SARL", "--siren", "123456782");
    expect(created.code).toBe(0);
    const orgId = created.stdout.trim();
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await registre("org", "list", "--format", "json");
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ id: orgId, name: "Atelier Démo SARL", siren: "123456782" }]);
    const refused = await registre("org", "create", "--name", "X", "--siren", "123456789");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("registre: ");
    expect(refused.stderr).toContain("n’est pas valide");
  }, 120_000);
});
