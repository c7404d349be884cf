import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Change = {
  kind: string;
  mvt: string | null;
  number: string | null;
  code: string | null;
  reverses: string | null;
};

/**
 * The accountant's time machine (issue 26, point 3): the trial balance folded from the event log up to
 * a moment is the one the live report gave at that moment, and what was recorded after is listed.
 */
describe.each(databaseKinds)("the ledger as of a moment on %s", (kind) => {
  const { call, register } = apiHarness(kind);

  it("gives the trial balance as it stood then and what changed since", async () => {
    const beforeAnything = new Date();
    await pause(20);
    const o = await documentsOrganisation(call, register, "Historique");
    const entry = async (lines: [string, number, number][], validate = true) =>
      (
        await o.ok("POST", "/accounting/entries", {
          journal: "OD",
          date: o.year.start,
          pieceRef: "P",
          label: "Écriture",
          lines: lines.map(([account, debit, credit]) => ({ account, debit, credit })),
          validate,
        })
      ).mvt as string;
    const capital = await entry([
      ["512000", 100_000, 0],
      ["101300", 0, 100_000],
    ]);
    const advance = await entry([
      ["467000", 20_000, 0],
      ["512000", 0, 20_000],
    ]);
    const draft = await entry(
      [
        ["606400", 5_000, 0],
        ["512000", 0, 5_000],
      ],
      false,
    );
    await pause(30);
    const moment = new Date();
    await pause(30);
    const year = { start: o.year.start, end: o.year.end };
    const live = await o.ok("POST", "/accounting/reports/balance", year);

    // After the moment: the draft validated, the advance repaid and lettered, the capital reversed.
    await o.ok("POST", `/accounting/entries/${draft}/validate`);
    const repaid = await entry([
      ["512000", 20_000, 0],
      ["467000", 0, 20_000],
    ]);
    const { code } = await o.ok("PUT", "/accounting/entries/mark", {
      lines: [`${advance}/1`, `${repaid}/2`],
    });
    const reversal = (await o.ok("POST", `/accounting/entries/${capital}/reverse`, { date: o.year.start }))
      .mvt as string;
    await o.ok("POST", `/accounting/entries/${reversal}/validate`);

    const query = (at: Date) =>
      `/accounting/history?at=${encodeURIComponent(at.toISOString())}&start=${year.start}&end=${year.end}`;
    const then = await o.ok("GET", query(moment));
    expect(then.trialBalance).toEqual({ rows: live.rows, totals: live.totals });
    expect(then.validated).toBe(2);
    expect(then.drafts).toEqual({ count: 1, debit: 5_000, credit: 5_000 });
    expect(then.position).toBeGreaterThan(0);
    expect(
      then.changedSince.map((c: Change) => [c.kind, c.mvt, c.number === null, c.code, c.reverses]),
    ).toEqual([
      ["validated", draft, false, null, null],
      ["added", repaid, true, null, null],
      ["validated", repaid, false, null, null],
      ["lettered", null, true, code, null],
      ["reversed", reversal, true, null, capital],
      ["validated", reversal, false, null, capital],
    ]);
    expect(then.changedSince[0].userId).toEqual(expect.any(String));
    expect(then.changesTotal).toBe(6);
    expect([then.changesPage, then.changesLimit]).toEqual([1, 50]);

    // The changes by pages: each page the next ones in the log's order, each entry named as it stood just
    // before the page (the draft validated on page 1 is no longer new on page 2); the pages make the whole.
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = await o.ok("GET", `${query(moment)}&limit=2&page=${page}`);
      expect([answer.changesTotal, answer.changesPage, answer.changesLimit]).toEqual([6, page, 2]);
      expect(answer.trialBalance).toEqual(then.trialBalance);
      pages.push(answer.changedSince);
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flat()).toEqual(then.changedSince);
    const tooMany = await call("GET", `${query(moment)}&limit=201`, o.token);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ errors: [{ path: "limit" }] });
    const pageZero = await call("GET", `${query(moment)}&page=0`, o.token);
    expect(pageZero.body).toMatchObject({ errors: [{ path: "page" }] });

    // The same moment by its place in the log: the same books, the same changes since.
    const byPlace = await o.ok(
      "GET",
      `/accounting/history?position=${then.position}&start=${year.start}&end=${year.end}`,
    );
    expect(byPlace).toMatchObject({
      position: then.position,
      trialBalance: then.trialBalance,
      validated: 2,
      drafts: then.drafts,
      changedSince: then.changedSince,
      changesTotal: 6,
    });
    expect(new Date(byPlace.at).getTime()).toBeLessThanOrEqual(moment.getTime());
    // One place further: the draft validated, in the books now and no longer among the drafts.
    const next = await o.ok("GET", `/accounting/history?position=${then.changedSince[0].position}`);
    expect(next.validated).toBe(3);
    expect(next.drafts).toEqual({ count: 0, debit: 0, credit: 0 });
    expect(next.changesTotal).toBe(5);

    // Who: the member's name, without the member list.
    expect(then.changedSince[0].who).toEqual(expect.any(String));

    // An entry's history down to the event, and the entry as it stood then.
    const atThen = `position=${then.position}`;
    const capitalThen = await o.ok("GET", `/accounting/history/entries/${capital}?${atThen}`);
    expect(capitalThen.asOf).toMatchObject({ status: "validated", origin: "manual" });
    expect(capitalThen.steps.map((s: { kind: string; after: boolean }) => [s.kind, s.after])).toEqual([
      ["drafted", false],
      ["validated", false],
      ["reversedBy", true],
    ]);
    expect(capitalThen.steps[2].by).toBe(reversal);
    expect(capitalThen.steps[0].who).toEqual(expect.any(String));
    const draftThen = await o.ok("GET", `/accounting/history/entries/${draft}?${atThen}`);
    expect(draftThen.asOf).toMatchObject({ status: "draft", number: null });
    expect(draftThen.asOf.content.lines).toHaveLength(2);
    const draftNow = await o.ok("GET", `/accounting/history/entries/${draft}`);
    expect(draftNow.position).toBeNull();
    expect(draftNow.asOf.status).toBe("validated");
    const advanceNow = await o.ok("GET", `/accounting/history/entries/${advance}`);
    expect(advanceNow.steps.map((s: { kind: string; code: string | null }) => [s.kind, s.code])).toEqual([
      ["drafted", null],
      ["validated", null],
      ["lettered", code],
    ]);
    const unknown = await call(
      "GET",
      "/accounting/history/entries/00000000-0000-4000-8000-000000000000",
      o.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "entry.notFound" });

    // An account's ledger as it stood then: the two validated entries on the bank, not the draft.
    const bankThen = await o.ok("GET", `/accounting/history/ledger?account=512000&${atThen}`);
    expect(bankThen).toMatchObject({ entries: 2, totals: { debit: 100_000, credit: 20_000 } });
    expect(bankThen.lines.map((l: { mvt: string }) => l.mvt)).toEqual([advance, capital]);
    const bankNow = await o.ok(
      "GET",
      `/accounting/history/ledger?account=512000&at=${encodeURIComponent(new Date(Date.now() + 1_000).toISOString())}`,
    );
    expect(bankNow).toMatchObject({ entries: 5, totals: { debit: 120_000, credit: 125_000 } });
    const noMoment = await call("GET", "/accounting/history/ledger?account=512000", o.token);
    expect(noMoment.status).toBe(422);

    // Now: the live trial balance, nothing changed since.
    const nowLive = await o.ok("POST", "/accounting/reports/balance", year);
    const now = await o.ok("GET", query(new Date(Date.now() + 1_000)));
    expect(now.trialBalance).toEqual({ rows: nowLive.rows, totals: nowLive.totals });
    expect(now.changedSince).toEqual([]);

    // Before anything: empty.
    const empty = await o.ok(
      "GET",
      `/accounting/history?at=${encodeURIComponent(beforeAnything.toISOString())}`,
    );
    expect(empty.trialBalance.rows).toEqual([]);
    expect(empty.position).toBe(0);
    expect(empty.changedSince).toHaveLength(11);
    expect(empty.changesTotal).toBe(11);

    // A moment that is not one: problem+json naming the field.
    const bad = await call("GET", "/accounting/history?at=yesterday", o.token);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: "validation.invalid", errors: [{ path: "at" }] });
    const none = await call("GET", "/accounting/history", o.token);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: "validation.invalid", errors: [{ path: "at" }] });
    const both = await call(
      "GET",
      `/accounting/history?at=${encodeURIComponent(moment.toISOString())}&position=1`,
      o.token,
    );
    expect(both.status).toBe(422);
  });
});
