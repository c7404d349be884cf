import type { Command } from "commander";
import { environmentFromProcess, openContext } from "../bootstrap.ts";
import { startServer } from "../server.ts";

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
      const shutdown = async () => {
        console.log("stopping…");
        await server.close();
        process.exit(0);
      };
      process.once("SIGINT", shutdown);
      process.once("SIGTERM", shutdown);
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
