import { type Checkpoint, START } from "@registre/store";
import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import { withContext } from "./context.ts";
import { describeEvent } from "./format.ts";
import { type Cli, parseUuid } from "./io.ts";

const parseInstant = (value: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new InvalidArgumentError("expected an ISO date-time, e.g. 2026-01-31T23:59:59Z");
  return date;
};

export const registerEventCommands = (program: Command, cli: Cli) => {
  const events = program.command("events").description("the event log");

  events
    .command("replay")
    .description("an organisation's events as they stood at a moment, in the order they were recorded")
    .requiredOption("--org <id>", "organisation id", parseUuid)
    .option("--until <datetime>", "only events recorded at or before this moment (ISO-8601)", parseInstant)
    .option("--stream <id>", "only this stream")
    .action(async (opts: { org: string; until?: Date; stream?: string }) => {
      await withContext(cli, async (ctx) => {
        let afterSeq = 0;
        let count = 0;
        const streams = new Set<string>();
        for (;;) {
          const page = await ctx.store.readOrganisation(opts.org, {
            afterSeq,
            limit: 1000,
            ...(opts.until && { until: opts.until }),
            ...(opts.stream && { streamId: opts.stream }),
          });
          for (const e of page) {
            cli.print(describeEvent(e));
            streams.add(e.streamId);
          }
          count += page.length;
          const last = page.at(-1);
          if (!last || page.length < 1000) break;
          afterSeq = last.orgSeq;
        }
        cli.print(
          `\n${count} event(s) in ${streams.size} stream(s)${opts.until ? ` as they stood at ${opts.until.toISOString()}` : ""}`,
        );
      });
    });

  events
    .command("tail")
    .description("print events as they are recorded (Ctrl-C to stop)")
    .option("--org <id>", "only this organisation", parseUuid)
    .option("--from-start", "print the whole log first")
    .action(async (opts: { org?: string; fromStart?: boolean }) => {
      await withContext(cli, async (ctx) => {
        let from: Checkpoint = START;
        if (!opts.fromStart)
          for (;;) {
            const batch = await ctx.store.readAll(from, { limit: 5000 });
            from = batch.checkpoint;
            if (!batch.full) break;
          }
        await new Promise<void>((resolve, reject) => {
          const sub = ctx.store.subscribe(from, { pollMs: 500 }).subscribe({
            next: (batch) => {
              for (const e of batch.events)
                if (!opts.org || e.orgId === opts.org) cli.print(describeEvent(e));
            },
            error: reject,
          });
          // Ctrl-C (or SIGTERM): stop following, close the database.
          const stop = cli.io.onSignal?.(() => {
            stop?.();
            sub.unsubscribe();
            resolve();
          });
        });
      });
    });
};
