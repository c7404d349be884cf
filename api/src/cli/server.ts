import type { Command } from "commander";
import { environmentFromProcess, openContext } from "../bootstrap.ts";
import { SHUTDOWN_GRACE_MS, startServer } from "../server.ts";

export const registerServerCommands = (program: Command) => {
  program
    .command("serve")
    .description("migrate, start the projections and serve the API and the web app (PORT, default 3000)")
    .option("-p, --port <port>", "port to listen on", (v) => Number(v), Number(process.env.PORT ?? 3000))
    .action(async (opts: { port: number }) => {
      const env = environmentFromProcess();
      const server = await startServer({ ...env, port: opts.port, log: (line) => console.log(line) });
      console.log(
        `Registre is running on ${server.url} (${server.ctx.database.kind === "pglite" ? `embedded database in ${env.dataDir}` : "PostgreSQL"})`,
      );
      // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): stop accepting, let the requests in flight
      // finish, stop the projections, close the database, exit 0. A second signal does not wait.
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) process.exit(1);
        stopping = true;
        console.log(`${signal}: stopping, letting the requests in flight finish…`);
        const grace = Number(process.env.SHUTDOWN_GRACE_MS) || SHUTDOWN_GRACE_MS;
        server.close(grace).then(
          () => {
            console.log("stopped");
            process.exit(0);
          },
          (error: unknown) => {
            console.error("could not stop cleanly:", error);
            process.exit(1);
          },
        );
      };
      process.on("SIGINT", () => shutdown("SIGINT"));
      process.on("SIGTERM", () => shutdown("SIGTERM"));
    });

  program
    .command("migrate")
    .description("apply the pending database migrations")
    .action(async () => {
      const ctx = await openContext({ ...environmentFromProcess(), log: (line) => console.log(line) });
      await ctx.database.close();
      console.log("database is up to date");
    });
};
