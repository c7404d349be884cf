import type { OrganisationRow } from "@registre/projections";
import type { Command } from "commander";
import { createOrganisation } from "../organisations.ts";
import { withContext } from "./context.ts";
import { table } from "./format.ts";
import type { Cli } from "./io.ts";

export const registerOrgCommands = (program: Command, cli: Cli) => {
  const org = program.command("org").description("organisations");

  org
    .command("create")
    .description("create an organisation and print its id")
    .requiredOption("--name <name>", "company name")
    .requiredOption("--siren <siren>", "SIREN (9 digits)")
    .option("--vat <number>", "intra-community VAT number")
    .option("--fiscal-year-start <month>", "month the fiscal year starts (1-12)", (v) => Number(v), 1)
    .action(async (opts: { name: string; siren: string; vat?: string; fiscalYearStart: number }) => {
      await withContext(cli, async (ctx) => {
        // Running projections: each of the creation's commands waits for its read models, which
        // only set up would leave behind (every command waiting out READ_MODEL_WAIT_MS).
        await ctx.runner.start();
        try {
          const orgId = await createOrganisation(
            ctx,
            {
              name: opts.name,
              siren: opts.siren,
              vatNumber: opts.vat ?? null,
              fiscalYearStartMonth: opts.fiscalYearStart,
            },
            { commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "cli" },
          );
          await ctx.runner.drain();
          cli.print(orgId);
        } finally {
          await ctx.runner.stop();
        }
      });
    });

  org
    .command("list")
    .description("list the organisations")
    .option("--format <format>", "table or json", "table")
    .action(async (opts: { format: string }) => {
      await withContext(cli, async (ctx) => {
        await ctx.runner.setup();
        await ctx.runner.drain();
        const rows = (await ctx.database.db
          .selectFrom("organisations")
          .selectAll()
          .orderBy("name")
          .execute()) as OrganisationRow[];
        if (opts.format === "json") {
          cli.print(
            JSON.stringify(
              rows.map((r) => ({ id: r.org_id, name: r.name, siren: r.siren })),
              null,
              2,
            ),
          );
          return;
        }
        cli.print(
          table(
            ["id", "name", "siren", "vat number"],
            rows.map((r) => [r.org_id, r.name, r.siren, r.vat_number ?? ""]),
          ),
        );
      });
    });
};
