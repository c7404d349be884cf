import { DomainError } from "@registre/core";
import { Command, InvalidArgumentError } from "commander";
import { translate } from "../http/messages.ts";
import { registerAuditCommands } from "./audit.ts";
import { registerEventCommands } from "./events.ts";
import { registerFecCommands } from "./fec.ts";
import { registerOrgCommands } from "./org.ts";
import { registerProjectionCommands } from "./projections.ts";
import { registerReportCommands } from "./report.ts";
import { registerServerCommands } from "./server.ts";

export const parseUuid = (value: string): string => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new InvalidArgumentError("expected an organisation id (a UUID)");
  return value.toLowerCase();
};

const program = new Command()
  .name("registre")
  .description(
    "Registre: business management and French accounting.\n" +
      "Database: DATABASE_URL=postgres://… for a Postgres server, otherwise the embedded one in DATA_DIR (./data).",
  )
  .showHelpAfterError();

registerServerCommands(program);
registerOrgCommands(program);
registerProjectionCommands(program);
registerAuditCommands(program);
registerEventCommands(program);
registerFecCommands(program);
registerReportCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const message =
    error instanceof DomainError
      ? translate(error.code, "fr", error.params)
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`registre: ${message}`);
  process.exitCode = 1;
}
