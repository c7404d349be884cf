import { verifyAudit } from "@registre/store";
import type { Command } from "commander";
import { withContext } from "./context.ts";
import { type Cli, parseUuid } from "./io.ts";

const problems = {
  hash_mismatch: "its content does not match its hash: it was changed after it was recorded",
  sequence_gap: "an event is missing from the organisation's sequence: one was deleted",
  stream_version_gap: "a stream version is missing or repeated",
  head_mismatch: "the organisation head does not hold the last event's hash",
} as const;

export const registerAuditCommands = (program: Command, cli: Cli) => {
  program
    .command("audit")
    .description("the tamper-evident audit trail")
    .command("verify")
    .description("recompute every organisation's hash chain; exit 1 naming the first broken event")
    .option("--org <id>", "only this organisation", parseUuid)
    .action(async (opts: { org?: string }) => {
      await withContext(cli, async (ctx) => {
        const report = await verifyAudit(ctx.database, opts.org ? { orgId: opts.org } : {});
        for (const f of report.findings) {
          const where = f.position === null ? "" : ` at position ${f.position} (${f.streamId} v${f.version})`;
          cli.print(`BROKEN organisation ${f.orgId}, event #${f.orgSeq}${where}: ${problems[f.problem]}`);
        }
        cli.print(
          `${report.organisations} organisation(s), ${report.events} event(s) verified, ${report.findings.length} broken chain(s)`,
        );
        if (report.findings.length > 0) cli.exit(1);
      });
    });
};
