import { readSchedule } from "@registre/projections";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { readModelStates } from "../read-models.ts";
import { withContext } from "./context.ts";
import { table } from "./format.ts";
import type { Cli } from "./io.ts";

const describeFailure = (
  projector: string,
  f: { orgId: string; name: string | null; position: number; error: string; retryAt?: string | null },
) =>
  `${projector} is stopped for organisation ${f.orgId}${f.name ? ` (${f.name})` : ""} at event position ${f.position}: ${f.error}${f.retryAt ? ` (tries again at ${f.retryAt})` : ""}`;

export const registerProjectionCommands = (program: Command, cli: Cli) => {
  const projections = program.command("projections").description("read models built from the event log");

  projections
    .command("status")
    .description(
      "each projector and reactor: version, generation, checkpoint, lag, and the organisations it is stopped for (exit 1 if any); the schedule's jobs",
    )
    .action(async () => {
      await withContext(cli, async (ctx) => {
        await ctx.runner.setup();
        const status = await ctx.runner.status();
        cli.print(
          table(
            [
              "projector",
              "version",
              "generation",
              "checkpoint (tx, position)",
              "lag",
              "status",
              "failed orgs",
              "kind",
            ],
            status.map((s) => [
              s.name,
              s.version,
              s.generation,
              `${s.checkpoint.txId}, ${s.checkpoint.position}`,
              s.lag,
              s.status,
              s.failures.length,
              s.kind,
            ]),
          ),
        );
        const jobs = await readSchedule(ctx.database);
        if (jobs.length > 0)
          cli.print(
            `\n${table(
              ["job", "next run", "last run", "outcome"],
              jobs.map((j) => [
                j.name,
                j.nextRunAt.toISOString(),
                j.lastStartedAt?.toISOString() ?? "never",
                j.running
                  ? "running"
                  : j.lastOutcome === "failed"
                    ? `failed: ${j.lastError}`
                    : (j.lastOutcome ?? ""),
              ]),
            )}`,
          );
        const failed = (await readModelStates(ctx)).flatMap((s) =>
          s.failures.map((f) => describeFailure(s.name, f)),
        );
        if (failed.length > 0) {
          cli.print(`\n${failed.join("\n")}`);
          cli.print("\nOnce fixed: registre projections resume <projector> [--org <id>]");
          cli.exit(1);
        }
      });
    });

  projections
    .command("resume <name>")
    .description(
      "after a fix: apply what a projector held back for a failed organisation (all of them without --org), from the event it failed on",
    )
    .option("--org <id>", "only this organisation")
    .action(async (name: string, opts: { org?: string }) => {
      await withContext(cli, async (ctx) => {
        await ctx.runner.setup();
        if (![...ctx.runner.projectors, ...ctx.runner.reactors].some((p) => p.name === name))
          throw new Error(`unknown projector or reactor ${name}`);
        const outcome = await ctx.runner.resume(name, opts.org);
        for (const id of outcome.resumed) cli.print(`${name}: organisation ${id} resumed`);
        for (const f of outcome.failed) {
          cli.print(describeFailure(name, { ...f, name: null }));
          cli.exit(1);
        }
        if (outcome.resumed.length === 0 && outcome.failed.length === 0)
          cli.print(`${name}: no failed organisation${opts.org ? ` ${opts.org}` : ""} to resume`);
      });
    });

  projections
    .command("rebuild [name]")
    .description("rebuild one projector (or all) from the event log into a new generation, then swap it in")
    .action(async (name: string | undefined) => {
      await withContext(cli, async (ctx) => {
        await ctx.runner.setup();
        const names = name ? [name] : ctx.runner.projectors.map((p) => p.name);
        const unknown = names.filter((n) => !ctx.runner.projectors.some((p) => p.name === n));
        if (unknown.length > 0) throw new Error(`unknown projector ${unknown.join(", ")}`);
        for (const n of names) {
          const bar = new cliProgress.SingleBar(
            {
              format: `${n.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted}`,
              hideCursor: true,
              stream: cli.io.stderr,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(1, 0);
          const result = await ctx.runner.rebuild(n, (done, total) => {
            bar.setTotal(Math.max(total, 1));
            bar.update(done);
          });
          bar.stop();
          const rate = result.seconds > 0 ? Math.round(result.events / result.seconds) : result.events;
          cli.print(`${n}: ${result.events} events in ${result.seconds.toFixed(2)} s — ${rate} events/s`);
          if (result.failures > 0) {
            cli.print(
              `${n}: stopped for ${result.failures} organisation(s); see registre projections status`,
            );
            cli.exit(1);
          }
        }
      });
    });
};
