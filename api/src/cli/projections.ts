import cliProgress from "cli-progress";
import type { Command } from "commander";
import { withContext } from "./context.ts";
import { table } from "./format.ts";

export const registerProjectionCommands = (program: Command) => {
  const projections = program.command("projections").description("read models built from the event log");

  projections
    .command("status")
    .description("each projector: version, generation, checkpoint, lag, and the error that stopped it")
    .action(async () => {
      await withContext(async (ctx) => {
        await ctx.runner.setup();
        const status = await ctx.runner.status();
        console.log(
          table(
            ["projector", "version", "generation", "checkpoint (tx, position)", "lag", "status"],
            status.map((s) => [
              s.name,
              s.version,
              s.generation,
              `${s.checkpoint.txId}, ${s.checkpoint.position}`,
              s.lag,
              s.status,
            ]),
          ),
        );
        for (const s of status.filter((x) => x.status === "failed"))
          console.log(`\n${s.name} stopped at event position ${s.errorPosition}: ${s.error}`);
        if (status.some((s) => s.status === "failed")) process.exitCode = 1;
      });
    });

  projections
    .command("rebuild [name]")
    .description("rebuild one projector (or all) from the event log into a new generation, then swap it in")
    .action(async (name: string | undefined) => {
      await withContext(async (ctx) => {
        await ctx.runner.setup();
        const names = name ? [name] : ctx.runner.projectors.map((p) => p.name);
        const unknown = names.filter((n) => !ctx.runner.projectors.some((p) => p.name === n));
        if (unknown.length > 0) throw new Error(`unknown projector ${unknown.join(", ")}`);
        for (const n of names) {
          const bar = new cliProgress.SingleBar(
            {
              format: `${n.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted}`,
              hideCursor: true,
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
          console.log(`${n}: ${result.events} events in ${result.seconds.toFixed(2)} s — ${rate} events/s`);
        }
      });
    });
};
