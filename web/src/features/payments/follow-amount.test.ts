import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocationFollowing, type OpenDocument } from "./follow-amount.ts";

const invoice = (id: string, issueDate: string, due: number, kind = "invoice"): OpenDocument => ({
  id,
  kind,
  issueDate,
  number: `FA-${id}`,
  due,
});

describe("a payment's allocation following its amount", () => {
  const docs = [
    invoice("b", "2026-02-10", 50_000),
    invoice("a", "2026-01-15", 71_460),
    invoice("c", "2026-03-01", 20_000),
    invoice("n", "2026-01-01", 10_000, "creditNote"),
  ];

  it("puts a partial amount on the oldest invoice only, never its whole due", () => {
    expect([...allocationFollowing(30_000, docs, { refund: false })]).toEqual([["a", 30_000]]);
  });

  it("goes on to the next oldest once one is settled, and leaves the rest of the amount as an advance", () => {
    expect([...allocationFollowing(100_000, docs, { refund: false })]).toEqual([
      ["a", 71_460],
      ["b", 28_540],
    ]);
    expect([...allocationFollowing(200_000, docs, { refund: false })]).toEqual([
      ["a", 71_460],
      ["b", 50_000],
      ["c", 20_000],
    ]);
  });

  it("starts with the document the payment comes from; a refund settles credit notes", () => {
    expect([...allocationFollowing(60_000, docs, { refund: false, first: "c" })]).toEqual([
      ["c", 20_000],
      ["a", 40_000],
    ]);
    expect([...allocationFollowing(5_000, docs, { refund: true })]).toEqual([["n", 5_000]]);
    expect([...allocationFollowing(0, docs, { refund: false })]).toEqual([]);
  });

  it("never allocates more than the amount nor more than a document's due", () => {
    const doc = fc.record({
      id: fc.uuid(),
      kind: fc.constantFrom("invoice", "creditNote"),
      issueDate: fc.constantFrom("2026-01-01", "2026-02-01", "2026-03-01"),
      number: fc.option(fc.string({ maxLength: 4 })),
      due: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(doc, { selector: (d) => d.id, maxLength: 8 }),
        fc.integer({ min: -1_000, max: 50_000_000 }),
        fc.boolean(),
        (open, total, refund) => {
          const allocation = allocationFollowing(total, open, { refund });
          const sum = [...allocation.values()].reduce((s, v) => s + v, 0);
          const reachable = open
            .filter((d) => (d.kind === "creditNote") === refund)
            .reduce((s, d) => s + d.due, 0);
          expect(sum).toBe(Math.min(Math.max(0, total), reachable));
          for (const [id, value] of allocation) {
            const d = open.find((o) => o.id === id);
            expect(value).toBeGreaterThan(0);
            expect(value).toBeLessThanOrEqual(d?.due ?? 0);
          }
        },
      ),
    );
  });
});
