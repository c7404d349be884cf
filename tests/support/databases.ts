import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Database, type DatabaseKind, migrateToLatest, openDatabase } from "@registre/store";
import { inject } from "vitest";
import { createDatabase, urlFor } from "./postgres-admin.ts";

/** Tests that need a database run once per kind. */
export const databaseKinds: readonly DatabaseKind[] = ["pglite", "postgres"];

let counter = 0;

export type TestDatabase = Database & { readonly url: string | undefined };

/**
 * A fresh, migrated database of its own: a copy of the run's migrated PGlite folder (the embedded
 * database as production keeps it, on disk), or a copy of the run's template on the server. Copying
 * skips PGlite's initdb, which costs seconds of CPU per database (tests/support/global-setup.ts).
 */
export const openTestDatabase = async (kind: DatabaseKind, maxConnections = 10): Promise<TestDatabase> => {
  if (kind === "pglite") {
    const template = inject("pgliteTemplate");
    if (!template) {
      const database = await openDatabase({ dataDir: "memory://" });
      await migrateToLatest(database.db);
      return { ...database, url: undefined };
    }
    return openPgliteCopy(template);
  }
  const template = inject("pgTemplate");
  const name = `${template.replace(/_template$/, "")}_${process.pid}_${++counter}`;
  await createDatabase(name, template);
  const url = urlFor(inject("pgAdminUrl"), name);
  return { ...(await openDatabase({ url, maxConnections })), url };
};

/** A copy of a PGlite folder, opened; the copy is removed when the database is closed. */
export const openPgliteCopy = async (template: string): Promise<TestDatabase> => {
  const dataDir = join(template, "..", `${process.pid}_${++counter}`);
  cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    url: undefined,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
