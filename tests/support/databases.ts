import { type Database, type DatabaseKind, migrateToLatest, openDatabase } from "@registre/store";
import { inject } from "vitest";
import { createDatabase, urlFor } from "./postgres-admin.ts";

/** Tests that need a database run once per kind. */
export const databaseKinds: readonly DatabaseKind[] = ["pglite", "postgres"];

let counter = 0;

export type TestDatabase = Database & { readonly url: string | undefined };

/** A fresh, migrated database of its own: an in-memory PGlite, or a copy of the run's template. */
export const openTestDatabase = async (kind: DatabaseKind, maxConnections = 10): Promise<TestDatabase> => {
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    return { ...database, url: undefined };
  }
  const template = inject("pgTemplate");
  const name = `${template.replace(/_template$/, "")}_${process.pid}_${++counter}`;
  await createDatabase(name, template);
  const url = urlFor(inject("pgAdminUrl"), name);
  return { ...(await openDatabase({ url, maxConnections })), url };
};
