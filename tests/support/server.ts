import { startServer } from "@registre/api";
import type { DatabaseKind } from "@registre/store";
import { openTestDatabase } from "./databases.ts";

/**
 * A real Registre server on a free port over a fresh test database (PGlite by default), serving
 * the built web app; for browser tests. With `seed`, the demo organisation and the demo login exist.
 */
export const startTestServer = async (
  kind: DatabaseKind = "pglite",
  options: { seed?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> => {
  const database = await openTestDatabase(kind);
  const server = await startServer({ database, port: 0, host: "127.0.0.1", seed: options.seed ?? false });
  return { url: server.url, close: server.close };
};
