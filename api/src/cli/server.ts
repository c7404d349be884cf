import type { Command } from "commander";
import { openContext } from "../bootstrap.ts";
import type { Cli } from "./io.ts";
import { startDemoPlatform } from "./local-platform.ts";

export const registerServerCommands = (program: Command, cli: Cli) => {
  program
    .command("serve")
    .description("migrate, start the projections and serve the API and the web app (PORT, default 3000)")
    .option("-p, --port <port>", "port to listen on", (v) => Number(v), Number(cli.io.env.PORT ?? 3000))
    .action(async (opts: { port: number }) => {
      // Loaded here: the server (every route, the PDF, the web app) is hundreds of modules that the other
      // commands — a FEC import with the server stopped — do not need and started up seconds slower for.
      const { SHUTDOWN_GRACE_MS, startServer } = await import("../server.ts");
      const env = cli.environment;
      // The demo's approved platform beside Registre, unless REGISTRE_EINVOICING=off (cli/local-platform.ts).
      const platform = await startDemoPlatform(cli, env.dataDir);
      const started = await startServer({
        ...env,
        port: opts.port,
        log: cli.print,
        ...(platform && { demoPlatform: platform }),
      });
      const server = {
        ...started,
        close: async (grace?: number) => {
          await started.close(grace);
          await platform?.close();
        },
      };
      cli.print(
        `Registre is running on ${server.url} (${server.ctx.database.kind === "pglite" ? `embedded database in ${env.dataDir}` : "PostgreSQL"})`,
      );
      // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): stop accepting, let the requests in flight
      // finish, stop the projections, close the database, exit 0. A second signal does not wait: exit 1.
      await new Promise<void>((resolve) => {
        let stopping = false;
        let done = false;
        const finish = (code: number) => {
          if (done) return;
          done = true;
          unsubscribe();
          cli.exit(code);
          resolve();
        };
        const unsubscribe =
          cli.io.onSignal?.((signal) => {
            if (stopping) return finish(1);
            stopping = true;
            cli.print(`${signal}: stopping, letting the requests in flight finish…`);
            const grace = Number(cli.io.env.SHUTDOWN_GRACE_MS) || SHUTDOWN_GRACE_MS;
            server.close(grace).then(
              () => {
                if (!done) cli.print("stopped");
                finish(0);
              },
              (error: unknown) => {
                cli.warn(`could not stop cleanly: ${error instanceof Error ? error.stack : String(error)}`);
                finish(1);
              },
            );
          }) ?? (() => {});
      });
    });

  program
    .command("migrate")
    .description("apply the pending database migrations")
    .action(async () => {
      const ctx = await openContext({ ...cli.environment, log: cli.print });
      await ctx.database.close();
      cli.print("database is up to date");
    });
};
