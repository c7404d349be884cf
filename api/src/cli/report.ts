import { formatFecAmount, type StatementSection } from "@registre/core";
import { Argument, type Command, Option } from "commander";
import {
  balanceSheetCsv,
  entriesCsv,
  generalLedgerCsv,
  incomeStatementCsv,
  journalTotals,
  trialBalanceCsv,
} from "../accounting/csv.ts";
import {
  balanceSheetReport,
  type DateRange,
  findFiscalYear,
  type GeneralLedgerRow,
  generalLedgerPage,
  incomeStatementReport,
  type LedgerCursor,
  trialBalanceReport,
} from "../accounting/queries.ts";
import type { AppContext } from "../context.ts";
import { withContext } from "./context.ts";
import { table } from "./format.ts";
import { type Cli, parseUuid } from "./io.ts";

const REPORTS = ["balance", "ledger", "journal", "income", "balance-sheet"] as const;
type Report = (typeof REPORTS)[number];
type Format = "table" | "csv" | "json";

const amount = (cents: number) => formatFecAmount(cents);

const ledgerRows = async function* (ctx: AppContext, orgId: string, range: DateRange) {
  let after: LedgerCursor | undefined;
  for (;;) {
    const page = await generalLedgerPage(ctx, orgId, { ...range, after, limit: 1000 });
    yield* page.rows;
    if (!page.next) return;
    after = page.next;
  }
};

const journalRows = async (ctx: AppContext, orgId: string, range: DateRange) => {
  const rows = await ctx.database.db
    .selectFrom("ledger_lines")
    .select(["journal", "number", "date", "piece_ref", "account", "auxiliary", "label", "debit", "credit"])
    .where("org_id", "=", orgId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end)
    .orderBy("journal")
    .orderBy("position")
    .orderBy("line")
    .execute();
  return rows as {
    journal: string;
    number: string;
    date: string;
    piece_ref: string;
    account: string;
    auxiliary: string | null;
    label: string;
    debit: number;
    credit: number;
  }[];
};

const sectionsTable = (title: string, sections: readonly StatementSection[]) =>
  `${title}\n${table(
    ["section", "rubric", "label", "amount"],
    sections.flatMap((s) => [
      ...s.lines.map((l) => [s.key, l.key, l.label, amount(l.amount)]),
      [s.key, "", `Total ${s.label}`, amount(s.total)],
    ]),
  )}`;

const run = async (
  cli: Cli,
  ctx: AppContext,
  report: Report,
  orgId: string,
  range: DateRange,
  format: Format,
) => {
  const write = cli.write;
  switch (report) {
    case "balance": {
      const balance = await trialBalanceReport(ctx, orgId, range);
      if (format === "json") return write(`${JSON.stringify(balance, null, 2)}\n`);
      if (format === "csv") return write(trialBalanceCsv(balance));
      const t = balance.totals;
      return write(
        `${table(
          ["account", "label", "debit", "credit", "balance debit", "balance credit"],
          [
            ...balance.rows.map((r) => [
              r.account,
              r.label,
              amount(r.debit),
              amount(r.credit),
              amount(r.balanceDebit),
              amount(r.balanceCredit),
            ]),
            ["Total", "", amount(t.debit), amount(t.credit), amount(t.balanceDebit), amount(t.balanceCredit)],
          ],
        )}\n`,
      );
    }
    case "ledger": {
      if (format === "csv") {
        for await (const chunk of generalLedgerCsv(ctx, orgId, range)) await write(chunk);
        return;
      }
      const rows: GeneralLedgerRow[] = [];
      for await (const row of ledgerRows(ctx, orgId, range)) rows.push(row);
      if (format === "json") return write(`${JSON.stringify(rows, null, 2)}\n`);
      return write(
        `${table(
          [
            "account",
            "date",
            "journal",
            "number",
            "piece",
            "auxiliary",
            "label",
            "debit",
            "credit",
            "balance",
            "let",
          ],
          rows.map((r) => [
            r.account,
            r.date,
            r.journal,
            r.number,
            r.pieceRef,
            r.auxiliary ?? "",
            r.label,
            amount(r.debit),
            amount(r.credit),
            amount(r.balance),
            r.letterCode ?? "",
          ]),
        )}\n`,
      );
    }
    case "journal": {
      if (format === "csv") {
        for await (const chunk of entriesCsv(ctx, orgId, range, { order: "journal" })) await write(chunk);
        return;
      }
      const totals = await journalTotals(ctx, orgId, range);
      const rows = await journalRows(ctx, orgId, range);
      if (format === "json")
        return write(
          `${JSON.stringify(
            totals.map((t) => ({ ...t, lines: rows.filter((r) => r.journal === t.journal) })),
            null,
            2,
          )}\n`,
        );
      for (const t of totals) {
        const lines = rows.filter((r) => r.journal === t.journal);
        await write(
          `${t.journal} ${t.label}\n${table(
            ["number", "date", "piece", "account", "auxiliary", "label", "debit", "credit"],
            [
              ...lines.map((r) => [
                r.number,
                r.date,
                r.piece_ref,
                r.account,
                r.auxiliary ?? "",
                r.label,
                amount(r.debit),
                amount(r.credit),
              ]),
              [
                `Total ${t.journal}`,
                "",
                "",
                "",
                "",
                `${t.entries} entries`,
                amount(t.debit),
                amount(t.credit),
              ],
            ],
          )}\n\n`,
        );
      }
      const debit = totals.reduce((s, t) => s + t.debit, 0);
      const credit = totals.reduce((s, t) => s + t.credit, 0);
      return write(`Total, all journals: debit ${amount(debit)}, credit ${amount(credit)}\n`);
    }
    case "income": {
      const statement = await incomeStatementReport(ctx, orgId, range);
      if (format === "json") return write(`${JSON.stringify(statement, null, 2)}\n`);
      if (format === "csv") return write(incomeStatementCsv(statement));
      return write(
        `${sectionsTable("Income statement", statement.sections)}\n\nnet turnover ${amount(statement.netTurnover)}\nresult ${amount(statement.result)}\n`,
      );
    }
    case "balance-sheet": {
      const sheet = await balanceSheetReport(ctx, orgId, range);
      if (format === "json") return write(`${JSON.stringify(sheet, null, 2)}\n`);
      if (format === "csv") return write(balanceSheetCsv(sheet));
      return write(
        `${sectionsTable("Assets", sheet.assets)}\ntotal assets ${amount(sheet.totalAssets)}\n\n${sectionsTable("Liabilities", sheet.liabilities)}\ntotal liabilities ${amount(sheet.totalLiabilities)}\n`,
      );
    }
    default:
      return report satisfies never;
  }
};

export const registerReportCommands = (program: Command, cli: Cli) => {
  program
    .command("report")
    .description(
      "accounting reports of a fiscal year: balance (trial balance), ledger (general ledger), journal (entries by journal with totals), income, balance-sheet",
    )
    .addArgument(new Argument("<report>", "which report").choices(REPORTS))
    .requiredOption("--org <id>", "organisation id", parseUuid)
    .requiredOption("--year <year>", "the fiscal year: the year of its end (2025) or its id")
    .addOption(new Option("--format <format>", "output").choices(["table", "csv", "json"]).default("table"))
    .action(async (report: Report, opts: { org: string; year: string; format: Format }) => {
      await withContext(cli, async (ctx) => {
        await ctx.runner.setup();
        await ctx.runner.drain();
        const year = await findFiscalYear(ctx, opts.org, opts.year);
        await run(cli, ctx, report, opts.org, { start: year.start, end: year.end }, opts.format);
      });
    });
};
