import { createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkFec, decodeFec, type FecFinding } from "@registre/core";
import { type Command, InvalidArgumentError, Option } from "commander";
import { exportFec, importFec } from "../accounting/fec.ts";
import { withContext } from "./context.ts";
import { type Cli, parseUuid } from "./io.ts";

/** "error   line 12: …" / "warning line 3: …". */
export const describeFinding = (f: FecFinding): string => `${f.severity.padEnd(7)} ${f.message}`;

export const parseDay = (value: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError("expected a date YYYY-MM-DD");
  return value;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const registerFecCommands = (program: Command, cli: Cli) => {
  const fec = program
    .command("fec")
    .description("the FEC (fichier des écritures comptables, LPF art. A47 A-1): check, export, import");

  fec
    .command("check")
    .description(
      "check a FEC file as the DGFiP's tool does; exit 1 with the findings, line by line, on any error",
    )
    .argument("<file>", "the FEC file")
    .option("--strict", "every warning is an error (what Registre's own exports must pass)")
    .action(async (file: string, opts: { strict?: boolean }) => {
      const { text } = decodeFec(await readFile(file));
      const findings = checkFec(basename(file), text, { strict: opts.strict === true });
      for (const f of findings) cli.print(describeFinding(f));
      const errors = findings.filter((f) => f.severity === "error").length;
      const warnings = findings.length - errors;
      if (errors > 0) {
        cli.print(`${basename(file)}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`);
        cli.exit(1);
      } else cli.print(warnings > 0 ? `OK (${plural(warnings, "warning")})` : "OK");
    });

  fec
    .command("export")
    .description("write the FEC of a fiscal year and its description file, and check the file (strict)")
    .requiredOption("--org <id>", "organisation id", parseUuid)
    .requiredOption("--year <year>", "the fiscal year: the year of its end (2025) or its id")
    .option("--out <dir>", "folder to write into", ".")
    .addOption(
      new Option("--separator <separator>", "field separator").choices(["tab", "pipe"]).default("tab"),
    )
    .option(
      "--until <date>",
      "only entries up to this day, the file named as if the year closed then",
      parseDay,
    )
    .action(
      async (opts: { org: string; year: string; out: string; separator: "tab" | "pipe"; until?: string }) => {
        await withContext(cli, async (ctx) => {
          await ctx.runner.setup();
          await ctx.runner.drain();
          const exported = await exportFec(ctx, opts.org, opts.year, {
            separator: opts.separator === "pipe" ? "|" : "\t",
            until: opts.until,
          });
          const dir = resolve(opts.out);
          await mkdir(dir, { recursive: true });
          const path = join(dir, exported.fileName);
          const descriptionPath = join(dir, exported.descriptionFileName);
          await pipeline(Readable.from(exported.chunks), createWriteStream(path));
          await writeFile(descriptionPath, exported.description, "utf8");
          const findings = checkFec(exported.fileName, await readFile(path, "utf8"), { strict: true });
          const errors = findings.filter((f) => f.severity === "error");
          for (const f of findings) cli.print(describeFinding(f));
          if (errors.length > 0) {
            cli.print(`${path} does not pass the FEC check: ${plural(errors.length, "error")}`);
            cli.exit(1);
            return;
          }
          // Only zero-amount lines (imported from another software) can remain, as warnings.
          cli.print(
            `${path}: ${plural(exported.lineCount, "line")} of entries, checked (strict): ${
              findings.length === 0 ? "no finding" : plural(findings.length, "zero-amount line")
            }`,
          );
          cli.print(descriptionPath);
        });
      },
    );

  fec
    .command("import")
    .description("import a FEC file whole, or nothing with the reasons line by line (exit 1)")
    .requiredOption("--org <id>", "organisation id", parseUuid)
    .option("--dry-run", "check only: nothing is written")
    .argument("<file>", "the FEC file")
    .action(async (file: string, opts: { org: string; dryRun?: boolean }) => {
      const bytes = await readFile(file);
      await withContext(cli, async (ctx) => {
        await ctx.runner.start();
        try {
          let shown = 0;
          const result = await importFec(
            ctx,
            opts.org,
            bytes,
            basename(file),
            { commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "cli" },
            {
              dryRun: opts.dryRun === true,
              onProgress: (done, total) => {
                if (cli.io.stderr.isTTY && (done - shown >= 100 || done === total)) {
                  shown = done;
                  cli.io.stderr.write(`\r${done}/${total} entries`);
                  if (done === total) cli.io.stderr.write("\n");
                }
              },
            },
          );
          for (const w of result.warnings) cli.print(describeFinding(w));
          for (const e of result.errors) cli.print(describeFinding(e));
          if (result.errors.length > 0) {
            cli.print(
              `${basename(file)} refused: ${plural(result.errors.length, "error")}, ${plural(result.warnings.length, "warning")}; nothing was written`,
            );
            cli.exit(1);
            return;
          }
          const created = [
            result.journalsCreated.length > 0 ? `journals ${result.journalsCreated.join(", ")}` : "",
            result.accountsCreated > 0 ? plural(result.accountsCreated, "account") : "",
            result.auxiliaryAccountsCreated > 0
              ? plural(result.auxiliaryAccountsCreated, "auxiliary account")
              : "",
            ...result.fiscalYearsOpened.map((y) => `fiscal year ${y.start} to ${y.end}`),
          ].filter(Boolean);
          const verb = opts.dryRun ? "would import" : "imported";
          cli.print(
            `${basename(file)}: ${verb} ${result.entries} ${result.entries === 1 ? "entry" : "entries"} (${plural(result.lines, "line")}), ${plural(result.lettered, "lettering set")}; ${plural(result.warnings.length, "warning")}`,
          );
          if (created.length > 0) cli.print(`created: ${created.join("; ")}`);
          for (const y of result.fiscalYearsMoved)
            cli.print(`fiscal year moved, nothing was posted in it: now ${y.start} to ${y.end}`);
        } finally {
          await ctx.runner.stop();
        }
      });
    });
};
