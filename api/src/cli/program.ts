import { DomainError } from "@registre/core";
import { Command, CommanderError } from "commander";
import { translate } from "../http/messages.ts";
import { registerAuditCommands } from "./audit.ts";
import { registerEventCommands } from "./events.ts";
import { registerFecCommands } from "./fec.ts";
import { type CliIo, createCli } from "./io.ts";
import { registerOrgCommands } from "./org.ts";
import { registerProjectionCommands } from "./projections.ts";
import { registerReportCommands } from "./report.ts";
import { registerServerCommands } from "./server.ts";

/**
 * Runs the `registre` command line `argv` (the arguments after the program's name) against `io`,
 * and answers its exit code. Nothing here reads or changes the process's globals (its environment,
 * streams, signals or exit code): `main.ts` passes them, tests pass their own.
 */
export const runCli = async (argv: readonly string[], io: CliIo): Promise<number> => {
  const cli = createCli(io);
  const program = new Command()
    .name("registre")
    .description(
      "Registre: business management and French accounting.\n" +
        "Database: DATABASE_URL=postgres://… for a Postgres server, otherwise the embedded one in DATA_DIR (./data).",
    )
    // Set before the commands are added: they inherit both.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError();

  registerServerCommands(program, cli);
  registerOrgCommands(program, cli);
  registerProjectionCommands(program, cli);
  registerAuditCommands(program, cli);
  registerEventCommands(program, cli);
  registerFecCommands(program, cli);
  registerReportCommands(program, cli);

  try {
    await program.parseAsync([...argv], { from: "user" });
    return cli.exitCode();
  } catch (error) {
    // Commander wrote its message (a wrong argument, or the help) already.
    if (error instanceof CommanderError) return error.exitCode;
    const message =
      error instanceof DomainError
        ? translate(error.code, "fr", error.params)
        : error instanceof Error
          ? error.message
          : String(error);
    cli.warn(`registre: ${message}`);
    return 1;
  }
};
