import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppContext, startServer } from "@registre/api";
import type { DatabaseKind } from "@registre/store";
import { openTestDatabase } from "./databases.ts";

export type TestServer = {
  readonly url: string;
  /** The server's own data folder (its mail outbox and files), removed on close; with `dataDir` only. */
  readonly dataDir: string | undefined;
  /** The server's own context (its database, event store and runner), for tests that reach behind the API. */
  readonly ctx: AppContext;
  close(): Promise<void>;
};

/**
 * A real Registre server on a free port over a fresh test database (PGlite by default), serving
 * the built web app; for browser tests. With `seed`, the demo organisation and the demo login exist;
 * with `dataDir`, mail and files go to a temporary folder of its own.
 */
export const startTestServer = async (
  kind: DatabaseKind = "pglite",
  options: { seed?: boolean; dataDir?: boolean } = {},
): Promise<TestServer> => {
  const database = await openTestDatabase(kind);
  const dataDir = options.dataDir ? mkdtempSync(join(tmpdir(), "registre-e2e-")) : undefined;
  const server = await startServer({
    database,
    dataDir,
    port: 0,
    host: "127.0.0.1",
    seed: options.seed ?? false,
  });
  return {
    url: server.url,
    dataDir,
    ctx: server.ctx,
    close: async () => {
      await server.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
