import { migrations } from "@registre/migrations";
import { type MigrationResultSet, Migrator } from "kysely";
import type { Database } from "./database.ts";

export type MigrationLog = (line: string) => void;

/** Applies every pending migration in name order; throws (after logging) if one fails. */
export const migrateToLatest = async (
  db: Database["db"],
  log: MigrationLog = () => {},
): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "registre_migrations",
    migrationLockTableName: "registre_migrations_lock",
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const applied: string[] = [];
  for (const r of results ?? []) {
    if (r.status === "Success") applied.push(r.migrationName);
    log(
      `${r.status === "Success" ? "applied" : r.status === "Error" ? "FAILED " : "skipped"} ${r.migrationName}`,
    );
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return applied;
};
