import { readModels } from "@registre/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { reconciliationReport } from "../reconcile/report.ts";
import { seedDemo } from "./index.ts";

/** The demo as it is on that day: its statements are August's, September's and October's. */
const SEEDED_ON = "2026-11-24T09:30:00Z";

/** Each database's statement lines as figures, to compare the two seeds. */
const seen: Record<string, string> = {};

describe.each(databaseKinds)("the demo's bank on %s", (kind) => {
  let ctx: AppContext;
  let orgId: string;
  beforeAll(async () => {
    // Seeded on a day of its own, so that the figures below hold whatever today is.
    const opened = await openContext({}, await openTestDatabase(kind));
    ctx = { ...opened, clock: () => new Date(SEEDED_ON) };
    await ctx.runner.start();
    orgId = (await seedDemo(ctx)) as string;
  }, 240_000);
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  const statements = () =>
    readModels(ctx.database)
      .selectFrom("bank_statements")
      .selectAll()
      .where("org_id", "=", orgId)
      .orderBy("date_from")
      .execute();
  const lines = () =>
    readModels(ctx.database)
      .selectFrom("bank_statement_lines")
      .selectAll()
      .where("org_id", "=", orgId)
      .orderBy("booking_date")
      .orderBy("no")
      .execute();
  /** The ledger lines on `account` of the entries statement lines were matched to. */
  const booked = async (account: string, by: string) => {
    const mvts = (await lines()).filter((l) => l.matched_by === by && l.match_mvt).map((l) => l.match_mvt);
    return readModels(ctx.database)
      .selectFrom("ledger_lines")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("account", "=", account)
      .where("mvt", "in", mvts.length > 0 ? (mvts as string[]) : ["00000000-0000-0000-0000-000000000000"])
      .execute();
  };

  it("has three months of a living workshop's statements, balances chained, all but a few lines reconciled", async () => {
    const list = await statements();
    expect(list.map((s) => s.format)).toEqual(["camt053", "camt053", "cfonb120"]);
    expect(list.map((s) => s.date_from)).toEqual(["2026-08-01", "2026-09-01", "2026-10-01"]);
    // The same figures on every start that day: lines, balances in cents, lines reconciled.
    expect(list.map((s) => [s.line_count, s.opening, s.closing, s.matched_count])).toEqual([
      // August and September carry the DGFIP's direct debit of the month before's VAT (July's, August's).
      // The balance carries last year's business too (its customers' transfers, its suppliers and VAT paid).
      [20, 1_274_044, 1_458_854, 20],
      [19, 1_458_854, 1_497_247, 19],
      [22, 1_497_247, 1_419_176, 17],
    ]);
    for (const [i, s] of list.entries()) {
      expect(s.warnings).toEqual([]);
      expect(s.line_count, s.label).toBeGreaterThanOrEqual(15);
      expect(s.line_count, s.label).toBeLessThanOrEqual(25);
      expect(s.closing).toBe((s.opening ?? 0) + s.total);
      if (i > 0) expect(s.opening).toBe(list[i - 1]?.closing);
      else expect(s.opening).toBeGreaterThan(0);
      // The two older months reconciled; the last one's five lines left to do.
      expect(s.line_count - s.matched_count, s.label).toBe(i === list.length - 1 ? 5 : 0);
    }
    const all = await lines();
    const left = all.filter((l) => l.match_mvt === null);
    expect(left.map((l) => l.statement_id)).toEqual(left.map(() => list.at(-1)?.id));
    // Left: a customer's transfer and a supplier's (suggestions), URSSAF (a proposed rule), two card purchases.
    expect(left.map((l) => l.label.slice(0, 13)).sort()).toEqual([
      "CB AMAZON PAY",
      "CB TOTALENERG",
      "PRLV SEPA URS",
      "VIR SEPA EMIS",
      "VIR SEPA RECU",
    ]);
    seen[kind] = JSON.stringify(all.map((l) => [l.booking_date, l.amount, l.label, l.matched_by]));
  });

  it("shows a difference of 0 on the reconciliation statement at each month's end", async () => {
    for (const [i, s] of (await statements()).entries()) {
      const report = await reconciliationReport(ctx, orgId, s.bank_id, s.date_to ?? "");
      expect(report.difference, s.label).toBe(0);
      expect(report.bankBalance).toBe(s.closing);
      expect(report.unmatchedBook).toEqual([]);
      expect(report.unmatchedLines).toHaveLength(i === 2 ? 5 : 0);
    }
  });

  it("paid its invoices by accepting the suggestions: transfers, one for two invoices, one in part, the deposit", async () => {
    const all = await lines();
    const bySuggestion = all.filter((l) => l.matched_by === "suggestion");
    expect(bySuggestion.filter((l) => l.match_kind === "deposit")).toHaveLength(1);
    expect(all.find((l) => l.match_kind === "deposit")?.label).toMatch(/^REMISE CHEQUES /);
    const ids = bySuggestion.filter((l) => l.match_kind === "payment").map((l) => l.match_id as string);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    const payments = await readModels(ctx.database)
      .selectFrom("payments")
      .select(["id", "direction", "amount", "allocations"])
      .where("org_id", "=", orgId)
      .where("id", "in", ids)
      .execute();
    expect(payments).toHaveLength(ids.length);
    expect(new Set(payments.map((p) => p.direction))).toEqual(new Set(["sales", "purchases"]));
    const allocations = (p: (typeof payments)[number]) => p.allocations;
    expect(payments.some((p) => p.direction === "sales" && allocations(p).length === 2)).toBe(true);
    const docs = await readModels(ctx.database)
      .selectFrom("documents")
      .select(["id", "due", "paid"])
      .where("org_id", "=", orgId)
      .where(
        "id",
        "in",
        payments.flatMap((p) => allocations(p).map((a) => a.doc)),
      )
      .execute();
    expect(docs.some((d) => d.paid > 0 && d.due > 0)).toBe(true);
    expect(docs.filter((d) => d.due === 0).length).toBeGreaterThan(docs.length / 2);
  });

  it("booked the rest by the bank rules on import, the URSSAF rule applied, entries made from the others", async () => {
    const all = await lines();
    const fees = await booked("627000", "rule");
    // The account fee and the card commission, each month.
    expect(fees).toHaveLength(6);
    expect(all.filter((l) => l.amount === -1_250 && l.matched_by === "rule")).toHaveLength(3);
    expect(await booked("707000", "rule")).toHaveLength(12);
    expect(await booked("445710", "rule")).toHaveLength(12);
    expect(await booked("613200", "rule")).toHaveLength(3);
    expect(await booked("651000", "rule")).toHaveLength(3);
    expect(await booked("646000", "rule")).toHaveLength(2);
    expect(await booked("606400", "user")).toHaveLength(2);
    expect(await booked("616100", "user")).toHaveLength(1);
    // Each month eleven lines booked by the automatic rules as imported (rent, hosting, software, telephone,
    // electricity, four card receipts, the commission, the fee), and URSSAF by its proposed rule but in the last;
    // the DGFIP's direct debits of July's and August's VAT on 445510 (September's return left nothing to pay).
    const byRule = all.filter((l) => l.matched_by === "rule");
    expect(await booked("445510", "rule")).toHaveLength(2);
    expect(byRule).toHaveLength(3 * 11 + 2 + 2);
    expect(byRule.filter((l) => l.label.includes("URSSAF"))).toHaveLength(2);
  });
});

describe("the demo's bank, seeded twice", () => {
  it("has the same lines on both databases", () => {
    expect(Object.keys(seen)).toHaveLength(databaseKinds.length);
    expect(new Set(Object.values(seen)).size).toBe(1);
  });
});
