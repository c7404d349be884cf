import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EntryContent, EntryLine } from "./entry.ts";
import { type LedgerHistoryEvent, ledgerAsOf, trialBalanceAsOf, validatedMovements } from "./history.ts";

/**
 * The time machine's shortcut, as a property: the trial balance as of a place P, summed from the validated
 * facts up to P alone (what the API's read model holds), equals the trial balance of the books the log's
 * prefix up to P builds — every entry folded with its own `evolve`, drafts changed and deleted, entries
 * validated and reversed, lettering in between — over random logs, at every place, with or without a
 * range of dates.
 */

const ACCOUNTS = ["401000", "411000", "512000", "606400", "613200", "706000", "445660", "445710"] as const;
const DATES = ["2025-01-15", "2025-06-30", "2025-12-31", "2026-02-01"] as const;

type Op =
  | { kind: "draft"; date: number; lines: [number, number, number][] }
  | { kind: "change"; which: number; date: number; lines: [number, number, number][] }
  | { kind: "delete"; which: number }
  | { kind: "validate"; which: number }
  | { kind: "reverse"; which: number }
  | { kind: "letter"; which: number };

const lineSpec = fc.tuple(
  fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
  fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
  fc.integer({ min: 1, max: 1_000_000 }),
);
const lines = fc.array(lineSpec, { minLength: 1, maxLength: 3 });
const which = fc.nat({ max: 20 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("draft" as const), date: fc.nat({ max: 3 }), lines }),
  fc.record({ kind: fc.constant("change" as const), which, date: fc.nat({ max: 3 }), lines }),
  fc.record({ kind: fc.constant("delete" as const), which }),
  fc.record({ kind: fc.constant("validate" as const), which }),
  fc.record({ kind: fc.constant("validate" as const), which }),
  fc.record({ kind: fc.constant("reverse" as const), which }),
  fc.record({ kind: fc.constant("letter" as const), which }),
);

/** Balanced lines: each spec debits one account and credits another by the same amount. */
const entryLines = (specs: readonly [number, number, number][]): EntryLine[] =>
  specs.flatMap(([d, c, amount]) => [
    { account: ACCOUNTS[d] ?? "512000", auxiliary: null, label: null, debit: amount, credit: 0 },
    { account: ACCOUNTS[c] ?? "512000", auxiliary: null, label: null, debit: 0, credit: amount },
  ]);
const contentOf = (date: number, specs: readonly [number, number, number][]): EntryContent => ({
  journal: "OD",
  date: DATES[date] ?? "2025-01-15",
  pieceRef: "P",
  pieceDate: DATES[date] ?? "2025-01-15",
  label: "Écriture",
  lines: entryLines(specs),
});

/** A log the commands would have written: each op applied to the entries it names, when it may be. */
const logOf = (ops: readonly Op[]): LedgerHistoryEvent[] => {
  const events: LedgerHistoryEvent[] = [];
  const drafts: {
    mvt: string;
    content: EntryContent;
    origin: { kind: "manual" } | { kind: "reversal"; of: string };
  }[] = [];
  const validated: { mvt: string; content: EntryContent }[] = [];
  let sequence = 0;
  const push = (e: Omit<LedgerHistoryEvent, "position" | "metadata">) =>
    events.push({
      ...e,
      position: events.length + 1,
      metadata: { commandId: `c${events.length + 1}`, at: "2026-01-01T00:00:00.000Z", userId: "u" },
    } as LedgerHistoryEvent);
  const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
  ops.forEach((o, i) => {
    if (o.kind === "draft") {
      const mvt = `m${i}`;
      const content = contentOf(o.date, o.lines);
      drafts.push({ mvt, content, origin: { kind: "manual" } });
      push({
        type: "EntryDrafted",
        streamId: `entry-${mvt}`,
        data: { ...content, mvt, origin: { kind: "manual" } },
      });
      return;
    }
    if (o.kind === "reverse") {
      const of = pick(validated, o.which);
      if (!of) return;
      const mvt = `m${i}`;
      const content = {
        ...of.content,
        lines: of.content.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
      };
      const origin = { kind: "reversal" as const, of: of.mvt };
      drafts.push({ mvt, content, origin });
      push({ type: "EntryDrafted", streamId: `entry-${mvt}`, data: { ...content, mvt, origin } });
      return;
    }
    if (o.kind === "letter") {
      const a = pick(validated, o.which);
      if (!a) return;
      push({
        type: "LinesLettered",
        streamId: "lettering-512000",
        data: {
          account: "512000",
          code: `A${i}`,
          auxiliary: null,
          date: a.content.date,
          lines: [`${a.mvt}/1`],
          amount: 0,
        },
      });
      return;
    }
    const draft = pick(drafts, o.which);
    if (!draft) return;
    const stream = `entry-${draft.mvt}`;
    if (o.kind === "change") {
      draft.content = contentOf(o.date, o.lines);
      push({ type: "EntryDraftChanged", streamId: stream, data: draft.content });
    } else if (o.kind === "delete") {
      drafts.splice(drafts.indexOf(draft), 1);
      push({ type: "EntryDraftDeleted", streamId: stream, data: { mvt: draft.mvt } });
    } else {
      drafts.splice(drafts.indexOf(draft), 1);
      sequence += 1;
      validated.push({ mvt: draft.mvt, content: draft.content });
      push({
        type: "EntryValidated",
        streamId: stream,
        data: {
          ...draft.content,
          mvt: draft.mvt,
          number: `OD${sequence}`,
          sequence,
          fiscalYearId: "y",
          validatedOn: "2026-01-01",
          origin: draft.origin,
        },
      });
    }
  });
  return events;
};

const range = fc.option(
  fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 })).map(([a, b]) => ({
    start: DATES[Math.min(a, b)] ?? "2025-01-15",
    end: DATES[Math.max(a, b)] ?? "2026-02-01",
  })),
  { nil: undefined },
);

describe("the trial balance as of a place in the log", () => {
  it("summed from the validated facts up to it equals the books the log's prefix builds", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), range, (ops, dates) => {
        const log = logOf(ops);
        for (let place = 0; place <= log.length; place++) {
          const prefix = log.slice(0, place);
          const books = ledgerAsOf(prefix, dates);
          const facts = trialBalanceAsOf(validatedMovements(prefix, dates), prefix);
          expect(facts).toEqual(books.trialBalance);
          expect(books.validated).toBe(prefix.filter((e) => e.type === "EntryValidated").length);
          expect(facts.totals.debit).toBe(facts.totals.credit);
        }
      }),
      { numRuns: 200 },
    );
  });
});
