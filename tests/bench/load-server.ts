/**
 * The load benchmark's server, run as a child process of `tests/bench/load.ts` so that the load
 * generator and the server do not share one event loop: the real Registre server (`startServer`, as
 * `registre serve` runs it) on DATABASE_URL, its read models caught up before it says it is ready,
 * and beside it a bare Hono endpoint on the same node server (`@hono/node-server`) answering a small
 * JSON. Prints one line `ready {"registre": url, "bare": url}`; stops on SIGTERM.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { startServer } from "@registre/api";
import { Hono } from "hono";

const main = async () => {
  const registre = await startServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR,
    port: 0,
    host: "127.0.0.1",
    seed: false,
  });
  await registre.ctx.runner.drain(undefined, 300_000);
  const bare = new Hono().get("/", (c) => c.json({ ok: true, name: "bare", at: 1 }));
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  const registreUrl = registre.url.replace("localhost", "127.0.0.1");
  console.log(`ready ${JSON.stringify({ registre: registreUrl, bare: `http://127.0.0.1:${port}` })}`);
  let stopping = false;
  process.on("SIGTERM", () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    registre.close(2000).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
