import { execFileSync } from "node:child_process";
import { DomainError } from "@registre/core";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChart, runFiscal } from "../../api/src/accounting/books.ts";
import {
  changeDraft,
  deleteDraft,
  draftEntry,
  reverseEntry,
  validateEntry,
} from "../../api/src/accounting/entries.ts";
import { letterLines } from "../../api/src/accounting/lettering.ts";
import { trialBalanceReport } from "../../api/src/accounting/queries.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

const ACCOUNTS = ["512000", "411000", "401000", "607000", "706000", "445710", "445660", "101000", "471000"];
const AUX: Record<string, string> = { "411000": "CLIENT1", "401000": "FOURN1" };

type LineSpec = { account: string; side: "debit" | "credit"; amount: number };
const lineArb = fc.record({
  account: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...ACCOUNTS) },
    { weight: 1, arbitrary: fc.constant("999999") },
  ),
  side: fc.constantFrom("debit" as const, "credit" as const),
  amount: fc.integer({ min: 0, max: 5_000_000 }),
});
const dayArb = fc
  .integer({ min: 1, max: 90 })
  .map((d) => new Date(Date.UTC(2025, 0, d)).toISOString().slice(0, 10));

/** Mostly balanced entries (the last line takes the difference), sometimes not, sometimes on an unknown account. */
const contentArb = fc.record({
  journal: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom("VT", "HA", "OD", "BQ") },
    { weight: 1, arbitrary: fc.constant("XX") },
  ),
  date: dayArb,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
  balance: fc.oneof(
    { weight: 5, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
});

const toContent = (c: { journal: string; date: string; lines: LineSpec[]; balance: boolean }) => {
  const lines = c.lines.map((l) => ({
    account: l.account,
    auxiliary: AUX[l.account] ?? null,
    label: null,
    debit: l.side === "debit" ? l.amount : 0,
    credit: l.side === "credit" ? l.amount : 0,
  }));
  if (c.balance) {
    const net = lines.reduce((s, l) => s + l.debit - l.credit, 0);
    lines.push({
      account: "471000",
      auxiliary: null,
      label: null,
      debit: net < 0 ? -net : 0,
      credit: net > 0 ? net : 0,
    });
  }
  return { journal: c.journal, date: c.date, pieceRef: "PR", pieceDate: c.date, label: "Écriture", lines };
};

const commandArb = fc.oneof(
  { weight: 4, arbitrary: contentArb.map((c) => ({ kind: "draft" as const, c, validate: false })) },
  { weight: 3, arbitrary: contentArb.map((c) => ({ kind: "draft" as const, c, validate: true })) },
  { weight: 3, arbitrary: fc.nat().map((i) => ({ kind: "validate" as const, i })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat(), contentArb).map(([i, c]) => ({ kind: "change" as const, i, c })),
  },
  { weight: 1, arbitrary: fc.nat().map((i) => ({ kind: "delete" as const, i })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), dayArb).map(([i, date]) => ({ kind: "reverse" as const, i, date })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.nat(), { minLength: 2, maxLength: 4 })
      .map((is) => ({ kind: "letter" as const, is })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("2025-01-31", "2025-02-28").map((until) => ({ kind: "lock" as const, until })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(dayArb, fc.integer({ min: 1, max: 1_000_000 }))
      .map(([date, amount]) => ({ kind: "settle" as const, date, amount })),
  },
);

/**
 * A run: a settled invoice and an entry on an unknown journal first, so every run exercises lettering and a
 * refusal whatever the random draw, then random commands.
 */
const runArb = fc
  .tuple(
    fc
      .tuple(dayArb, fc.integer({ min: 1, max: 1_000_000 }))
      .map(([date, amount]) => ({ kind: "settle" as const, date, amount })),
    contentArb.map((c) => ({ kind: "draft" as const, c: { ...c, journal: "XX" }, validate: true })),
    fc.array(commandArb, { minLength: 5, maxLength: 18 }),
  )
  .map(([settle, refused, rest]) => [settle, refused, ...rest]);

const eventCount = async (ctx: AppContext, orgId: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*)::integer as n from events where org_id = ${orgId}::uuid`.execute(ctx.database.db)
    ).rows[0]?.n,
  );

const ledger = (ctx: AppContext, orgId: string) =>
  ctx.database.db
    .selectFrom("ledger_lines")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("mvt")
    .orderBy("line")
    .execute();

const newBooks = async (books: Books) => {
  const { ctx } = books;
  const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString() });
  const orgId = await createOrganisation(ctx, { name: "Propriétés SARL", siren: "123456782" }, metadata());
  for (const [control, number] of Object.entries(AUX))
    await runChart(
      ctx,
      orgId,
      { type: "CreateAuxiliaryAccount", data: { number, label: number, control } },
      metadata(),
    );
  return { orgId, metadata };
};

describe.each(databaseKinds)("accounting invariants under random commands (%s)", (kind) => {
  let books: Books;
  beforeAll(async () => {
    books = await openBooks(kind);
  }, 60_000);
  afterAll(async () => books?.close());

  it("keeps every entry balanced, the trial balance even, each balance = Σ its lines, locked periods unchanged; refusals change nothing", async () => {
    const { ctx } = books;
    // What the runs exercised: a property that only ever saw refusals would prove little.
    const seen = { validatedLines: 0, refused: 0, lettered: 0 };
    const numRuns = kind === "pglite" ? 12 : 8;
    await fc.assert(
      fc.asyncProperty(runArb, async (commands) => {
        books.setDay("2025-01-01");
        const { orgId, metadata } = await newBooks(books);
        const mvts: string[] = [];
        let locked: { until: string; lines: unknown[] } | null = null;
        for (const command of commands) {
          const before = await eventCount(ctx, orgId);
          try {
            switch (command.kind) {
              case "draft":
                mvts.push(
                  await draftEntry(ctx, orgId, toContent(command.c), metadata(), {
                    validate: command.validate,
                  }),
                );
                break;
              case "validate":
                if (mvts.length)
                  await validateEntry(ctx, orgId, mvts[command.i % mvts.length] as string, metadata());
                break;
              case "change":
                if (mvts.length)
                  await changeDraft(
                    ctx,
                    orgId,
                    mvts[command.i % mvts.length] as string,
                    toContent(command.c),
                    metadata(),
                  );
                break;
              case "delete":
                if (mvts.length)
                  await deleteDraft(ctx, orgId, mvts[command.i % mvts.length] as string, metadata());
                break;
              case "reverse":
                if (mvts.length)
                  mvts.push(
                    await reverseEntry(
                      ctx,
                      orgId,
                      mvts[command.i % mvts.length] as string,
                      command.date,
                      metadata(),
                    ),
                  );
                break;
              case "letter": {
                const lines = (await ledger(ctx, orgId)).filter((l) => l.account === "411000");
                if (lines.length >= 2)
                  await letterLines(
                    ctx,
                    orgId,
                    [
                      ...new Set(
                        command.is.map(
                          (i) => `${lines[i % lines.length]?.mvt}/${lines[i % lines.length]?.line}`,
                        ),
                      ),
                    ],
                    metadata(),
                  );
                break;
              }
              case "settle": {
                // An invoice and its payment, validated, then lettered together.
                const entry = (lines: [string, number, number][]) => ({
                  journal: "VT",
                  date: command.date,
                  pieceRef: "F",
                  pieceDate: command.date,
                  label: "Facture et règlement",
                  lines: lines.map(([account, debit, credit]) => ({
                    account,
                    auxiliary: AUX[account] ?? null,
                    label: null,
                    debit,
                    credit,
                  })),
                });
                const invoice = await draftEntry(
                  ctx,
                  orgId,
                  entry([
                    ["411000", command.amount, 0],
                    ["706000", 0, command.amount],
                  ]),
                  metadata(),
                  { validate: true },
                );
                const payment = await draftEntry(
                  ctx,
                  orgId,
                  entry([
                    ["512000", command.amount, 0],
                    ["411000", 0, command.amount],
                  ]),
                  metadata(),
                  { validate: true },
                );
                mvts.push(invoice, payment);
                await letterLines(ctx, orgId, [`${invoice}/1`, `${payment}/2`], metadata());
                break;
              }
              case "lock":
                await runFiscal(
                  ctx,
                  orgId,
                  { type: "LockPeriod", data: { until: command.until } },
                  metadata(),
                );
                locked = {
                  until: command.until,
                  lines: (await ledger(ctx, orgId))
                    .filter((l) => l.date <= command.until)
                    .map(({ letter_code, letter_date, ...l }) => l),
                };
                break;
            }
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            seen.refused++;
            expect(await eventCount(ctx, orgId)).toBe(before);
          }
        }
        await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], null, 10_000);
        const lines = await ledger(ctx, orgId);
        seen.validatedLines += lines.length;
        seen.lettered += lines.filter((l) => l.letter_code).length;
        const byEntry = new Map<string, number>();
        for (const l of lines) byEntry.set(l.mvt, (byEntry.get(l.mvt) ?? 0) + l.debit - l.credit);
        for (const net of byEntry.values()) expect(net).toBe(0);
        const balance = await trialBalanceReport(ctx, orgId, { start: "2025-01-01", end: "2025-12-31" });
        expect(balance.totals.debit).toBe(balance.totals.credit);
        const sums = new Map<string, { debit: number; credit: number }>();
        for (const l of lines) {
          const s = sums.get(l.account) ?? { debit: 0, credit: 0 };
          sums.set(l.account, { debit: s.debit + l.debit, credit: s.credit + l.credit });
        }
        expect(
          Object.fromEntries(balance.rows.map((r) => [r.account, { debit: r.debit, credit: r.credit }])),
          // An account whose lines are all zero has nothing to show: its balance is its Σ, 0.
        ).toEqual(Object.fromEntries([...sums].filter(([, t]) => t.debit !== 0 || t.credit !== 0)));
        // Each day's movements per account (what a ledger page's opening adds up) = Σ that day's lines.
        const days = new Map<string, { debit: number; credit: number; lines: number }>();
        for (const l of lines) {
          const key = `${l.account} ${l.date}`;
          const d = days.get(key) ?? { debit: 0, credit: 0, lines: 0 };
          days.set(key, { debit: d.debit + l.debit, credit: d.credit + l.credit, lines: d.lines + 1 });
        }
        const dayRows = await ctx.database.db
          .selectFrom("account_day_balances")
          .select(["account", "date", "debit", "credit", "lines"])
          .where("org_id", "=", orgId)
          .execute();
        expect(
          Object.fromEntries(
            dayRows.map((r) => [
              `${r.account} ${r.date}`,
              { debit: r.debit, credit: r.credit, lines: r.lines },
            ]),
          ),
        ).toEqual(Object.fromEntries(days));
        if (locked)
          expect(
            lines.filter((l) => l.date <= locked.until).map(({ letter_code, letter_date, ...l }) => l),
          ).toEqual(locked.lines);
      }),
      { numRuns },
    );
    // Each run opens with a settled invoice (4 lines, 2 lettered) and a refused entry.
    expect(seen.validatedLines).toBeGreaterThanOrEqual(4 * numRuns);
    expect(seen.lettered).toBeGreaterThanOrEqual(2 * numRuns);
    expect(seen.refused).toBeGreaterThanOrEqual(numRuns);
    console.info(`random commands: ${JSON.stringify(seen)}`);
  }, 300_000);

  it("agrees with hledger: the trial balance of random journals equals `hledger balance` on the same entries", async () => {
    const { ctx } = books;
    const entryArb = fc.record({
      date: dayArb,
      lines: fc.array(
        fc.record({
          account: fc.constantFrom(...ACCOUNTS.filter((a) => !AUX[a])),
          amount: fc.integer({ min: 1, max: 99_999_999 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 12 }), async (entries) => {
        books.setDay("2025-01-01");
        const { orgId, metadata } = await newBooks(books);
        let journal = "";
        for (const [n, e] of entries.entries()) {
          // Each line goes to the debit, a suspense line takes the total: a balanced entry.
          const lines = e.lines.map((l) => ({
            account: l.account,
            auxiliary: null,
            label: null,
            debit: l.amount,
            credit: 0,
          }));
          const total = lines.reduce((s, l) => s + l.debit, 0);
          lines.push({ account: "101000", auxiliary: null, label: null, debit: 0, credit: total });
          await draftEntry(
            ctx,
            orgId,
            { journal: "OD", date: e.date, pieceRef: `P${n}`, pieceDate: e.date, label: `E${n}`, lines },
            metadata(),
            {
              validate: true,
            },
          );
          journal += `${e.date} E${n}\n${lines.map((l) => `    ${l.account}  ${((l.debit - l.credit) / 100).toFixed(2)}\n`).join("")}\n`;
        }
        const hledger = (query: string) =>
          Object.fromEntries(
            execFileSync("hledger", ["-f", "-", "balance", "--flat", "--no-total", "-O", "csv", query], {
              input: journal,
              encoding: "utf8",
            })
              .trim()
              .split("\n")
              .slice(1)
              .map((row) => {
                const [account, amount] = row.split(",").map((f) => f.replace(/"/g, ""));
                return [account, Math.round(Number(amount) * 100)];
              }),
          );
        const debits = hledger("amt:>0");
        const credits = hledger("amt:<0");
        const balance = await trialBalanceReport(ctx, orgId, { start: "2025-01-01", end: "2025-12-31" });
        for (const row of balance.rows) {
          expect(row.debit).toBe(debits[row.account] ?? 0);
          expect(row.credit).toBe(0 - (credits[row.account] ?? 0));
        }
        expect(Object.keys({ ...debits, ...credits }).sort()).toEqual(
          balance.rows.map((r) => r.account).sort(),
        );
      }),
      { numRuns: 6 },
    );
  }, 300_000);

  it("rebuilds the ledger read models equal to the live ones, row for row", async () => {
    const { ctx } = books;
    const snapshot = async () =>
      Promise.all(
        [
          "entries",
          "ledger_lines",
          "account_balances",
          "auxiliary_balances",
          "account_day_balances",
          "entry_month_totals",
          "entry_day_totals",
          "entry_search",
          "accounts",
          "journals",
          "fiscal_years",
        ].map(
          async (t) =>
            (await sql`select * from ${sql.table(t)} order by 1, 2, 3, 4`.execute(ctx.database.db)).rows,
        ),
      );
    await ctx.runner.waitFor(await ctx.store.head(), ["ledger", "accounting_setup"], null, 10_000);
    const live = await snapshot();
    expect(live[1]?.length).toBeGreaterThan(0);
    await ctx.runner.rebuild("ledger");
    await ctx.runner.rebuild("accounting_setup");
    expect(await snapshot()).toEqual(live);
  }, 120_000);
});
