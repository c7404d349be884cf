import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { createEventStore, openDatabase } from "@registre/store";
import { describe, expect, it } from "vitest";
import { cliDatabase, cliIn } from "./support/cli.ts";
import { databaseKinds } from "./support/databases.ts";
import { appendPoisonedEntry } from "./support/poisoned-entry.ts";

describe.each(databaseKinds)("registre projections with a failed organisation on %s", (kind) => {
  it("shows where the ledger stopped for the organisation, and resume keeps it there until fixed", async () => {
    const { url, dataDir, env } = await cliDatabase(kind);
    const cli = cliIn(env);
    const registre = async (...args: string[]) => {
      const result = await cli(...args);
      return { code: result.code, stdout: `${result.stdout}${result.stderr}` };
    };
    const orgId = (
      await registre("org", "create", "--name", "Atelier Démo SARL", "--siren", "123456782")
    ).stdout.trim();
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);

    // An entry whose amounts an older writer stored as text: the ledger cannot apply it.
    const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, "data", "db") });
    const appended = await appendPoisonedEntry(createEventStore(database), orgId);
    await database.close();
    const position = appended.checkpoint?.position;

    const rebuilt = await registre("projections", "rebuild", "ledger");
    expect(rebuilt.code).toBe(1);
    expect(rebuilt.stdout).toContain("ledger: stopped for 1 organisation(s)");
    // The amount in French text is refused as a bigint (by the totals' BigInt, or by PostgreSQL).
    const stopped = `ledger is stopped for organisation ${orgId} (Atelier Démo SARL) at event position ${position}: `;
    const status = await registre("projections", "status");
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/ledger\s+\d+\s+2\s+.*degraded\s+1/);
    expect(status.stdout).toContain(stopped);
    expect(status.stdout.split(stopped)[1]?.split("\n")[0]).toMatch(/bigint/i);
    expect(status.stdout).toContain("registre projections resume <projector> [--org <id>]");

    const resumed = await registre("projections", "resume", "ledger", "--org", orgId);
    expect(resumed.code).toBe(1);
    expect(resumed.stdout).toContain(
      `ledger is stopped for organisation ${orgId} at event position ${position}`,
    );
    const other = await registre("projections", "resume", "ledger", "--org", randomUUID());
    expect(other.code).toBe(0);
    expect(other.stdout).toContain("ledger: no failed organisation");
    expect((await registre("projections", "resume", "nothing")).code).toBe(1);
  }, 120_000);
});
