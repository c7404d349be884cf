import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { customerBody, documentsOrganisation } from "../testing/documents-setup.ts";
import { agedBalance, agedBucketOf, daysBetween } from "./aged.ts";

/** `day` moved by `n` days. */
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("the aged buckets", () => {
  it("puts a document in its bucket by the days past its due date, at each boundary", () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(agedBucketOf)).toEqual([
      "notDue",
      "notDue",
      "days1to30",
      "days1to30",
      "days31to60",
      "days31to60",
      "days61to90",
      "days61to90",
      "over90",
      "over90",
    ]);
    expect(daysBetween("2026-02-27", "2026-03-01")).toBe(2);
    expect(daysBetween("2026-03-29", "2026-03-30")).toBe(1);
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
  });
});

describe.each(databaseKinds)("aged receivables and payables on %s", (kind) => {
  const { call, register, harness } = apiHarness(kind);

  it("sums the open invoices less the open credit notes per contact in their bucket at a day, and lists the late ones", async () => {
    const o = await documentsOrganisation(call, register, "Agee");
    const start = o.year.start;
    const at = plus(start, 120);
    /** A validated invoice of `hours` hours (96.00 € incl. tax each) due `late` days before `at`. */
    const invoice = async (hours: number, late: number, direction: "sales" | "purchases" = "sales") => {
      const draft = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction,
        issueDate: plus(at, -late - 10),
        dueDate: plus(at, -late),
        contactId: direction === "sales" ? o.customerId : o.supplierId,
        lines: [{ kind: "item", itemId: o.itemId, quantity: String(hours) }],
        ...(direction === "purchases" && {
          supplierNumber: `F-${hours}-${late}`,
          supplierDate: plus(at, -late - 10),
        }),
      });
      await o.ok("PUT", `/docs/${draft.id}/status/validated`);
      return draft.id as string;
    };
    // One invoice at each boundary — 0 and -3 days (not due), 1 and 30, 31 and 60, 61 and 90, 91 days — and
    // a second customer's 10-hour invoice 45 days late credited whole 20 days before `at` (both open: they
    // cancel out); validated in date order (the numbers follow the dates).
    const other = await o.ok("POST", "/contacts", {
      kind: "company",
      name: "Gamma SAS",
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "2 rue Neuve", postalCode: "33000", city: "Bordeaux" }],
      legal: { siren: "443 061 841" },
    });
    const docs: Record<number, string> = {};
    for (const [hours, late] of [
      [9, 91],
      [8, 90],
      [7, 61],
      [6, 60],
    ] as const)
      docs[hours] = await invoice(hours, late);
    const tenDraft = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: plus(at, -55),
      dueDate: plus(at, -45),
      contactId: other.id,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "10" }],
    });
    await o.ok("PUT", `/docs/${tenDraft.id}/status/validated`);
    for (const [hours, late] of [
      [5, 31],
      [4, 30],
    ] as const)
      docs[hours] = await invoice(hours, late);
    const credit = await o.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: plus(at, -20),
      from: { relation: "creditNote", docId: tenDraft.id, selection: { kind: "whole" } },
    });
    const creditNote = await o.ok("PUT", `/docs/${credit.id}/status/validated`);
    expect(creditNote).toMatchObject({ due: 96_000 });
    for (const [hours, late] of [
      [3, 1],
      [1, 0],
      [2, -3],
    ] as const)
      docs[hours] = await invoice(hours, late);
    // A draft counts for nothing.
    await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: plus(at, -55),
      dueDate: plus(at, -45),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "50" }],
    });
    // A payment of 100.00 € on the 9-hour invoice (91 days late): 764.00 € left.
    const paid = await call("POST", "/payments", o.token, {
      direction: "sales",
      date: plus(start, 30),
      amount: 10_000,
      modeId: "transfer",
      allocations: [{ docId: docs[9], amount: 10_000 }],
    });
    expect(paid.status).toBe(201);
    // The payables: a 2-hour purchase 40 days late (2 × 48.00 €).
    const purchase = await invoice(2, 40, "purchases");
    await harness.ctx.runner.drain();

    const sales = await agedBalance(harness.ctx, o.orgId, { direction: "sales", at });
    const h = 9_600;
    expect(sales.at).toBe(at);
    expect(sales.totals).toEqual({
      notDue: 3 * h,
      days1to30: 7 * h - 10 * h,
      days31to60: 11 * h + 10 * h,
      days61to90: 15 * h,
      over90: 9 * h - 10_000,
      total: 45 * h - 10_000,
    });
    expect(sales.contacts).toEqual([
      {
        contactId: o.customerId,
        name: "Alpha SARL",
        documents: 9,
        notDue: 3 * h,
        days1to30: 7 * h,
        days31to60: 11 * h,
        days61to90: 15 * h,
        over90: 9 * h - 10_000,
        total: 45 * h - 10_000,
      },
      {
        contactId: other.id,
        name: "Gamma SAS",
        documents: 2,
        // The credit note, without a due date, counts on its issue date (20 days), against the invoice's 45.
        notDue: 0,
        days1to30: -10 * h,
        days31to60: 10 * h,
        days61to90: 0,
        over90: 0,
        total: 0,
      },
    ]);
    // Late: the past-due invoices oldest first (the credit note is not an invoice; 0 and -3 days are not late).
    expect(sales.late.map((l) => [l.id, l.daysLate, l.due])).toEqual([
      [docs[9], 91, 9 * h - 10_000],
      [docs[8], 90, 8 * h],
      [docs[7], 61, 7 * h],
      [docs[6], 60, 6 * h],
      [tenDraft.id, 45, 10 * h],
      [docs[5], 31, 5 * h],
      [docs[4], 30, 4 * h],
      [docs[3], 1, 3 * h],
    ]);
    expect(sales.late[0]).toMatchObject({
      id: docs[9],
      contactId: o.customerId,
      contactName: "Alpha SARL",
      issueDate: plus(at, -101),
      dueDate: plus(at, -91),
      totalInclTax: 9 * h,
    });
    expect(sales.lateCount).toBe(8);
    expect(sales.lateAmount).toBe(52 * h - 10_000);
    // Capped list, whole count.
    const capped = await agedBalance(harness.ctx, o.orgId, { direction: "sales", at, lateLimit: 2 });
    expect(capped.late).toHaveLength(2);
    expect(capped.lateCount).toBe(8);

    // A day later each boundary moves one bucket on.
    const next = await agedBalance(harness.ctx, o.orgId, { direction: "sales", at: plus(at, 1) });
    expect(next.contacts[0]).toMatchObject({
      notDue: 2 * h,
      days1to30: (1 + 3) * h,
      days31to60: (4 + 5) * h,
      days61to90: (6 + 7) * h,
      over90: (8 + 9) * h - 10_000,
    });
    // Before the documents were issued nothing is owed.
    const before = await agedBalance(harness.ctx, o.orgId, { direction: "sales", at: plus(start, -1) });
    expect(before.contacts).toEqual([]);
    expect(before.totals.total).toBe(0);

    const payables = await agedBalance(harness.ctx, o.orgId, { direction: "purchases", at });
    expect(payables.totals).toEqual({
      notDue: 0,
      days1to30: 0,
      days31to60: 9_600,
      days61to90: 0,
      over90: 0,
      total: 9_600,
    });
    expect(payables.late.map((l) => l.id)).toEqual([purchase]);

    // Another organisation sees nothing of it.
    const stranger = await documentsOrganisation(call, register, "AutreAgee");
    expect((await agedBalance(harness.ctx, stranger.orgId, { direction: "sales", at })).contacts).toEqual([]);
  });

  it("lists only the contacts owing the most when asked for a few, the totals and counts being those of them all", async () => {
    const o = await documentsOrganisation(call, register, "AgeeTete");
    const start = o.year.start;
    // Names whose order differs by case and accents: the two Élan owe the same, the most (50 hours each,
    // more than any other can owe), a tie to cut through when one contact is asked for.
    const customers = [o.customerId];
    for (const [name, siren] of [
      ["élan Conseil", "123456782"],
      ["Elan Études", "234567899"],
      ["Zoé Menuiserie", "345678916"],
      ["atelier bleu", "456789122"],
      ["Oméga", "567891239"],
    ])
      customers.push(
        (await o.ok("POST", "/contacts", { ...customerBody(name), legal: { siren } })).id as string,
      );
    const [alpha, elan, elan2, ...others] = customers as [string, string, string, ...string[]];
    // A seeded walk of invoices to the others: of 1 to 3 hours, issued 0 to 100 days after the year's
    // start, due 0 to 45 days after; all validated in date order (the numbers follow the dates).
    let seed = 26;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * below);
    };
    const walk = [alpha, ...others];
    const planned = Array.from({ length: 14 }, () => {
      const issued = next(101);
      return {
        customer: walk[next(walk.length)] as string,
        hours: 1 + next(3),
        issued,
        due: issued + next(46),
        id: "",
      };
    });
    const [paidOne, creditedOne] = planned;
    planned.push(
      { customer: elan, hours: 50, issued: 40, due: 70, id: "" },
      { customer: elan2, hours: 50, issued: 40, due: 70, id: "" },
    );
    for (const p of [...planned].sort((a, b) => a.issued - b.issued)) {
      const draft = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: plus(start, p.issued),
        dueDate: plus(start, p.due),
        contactId: p.customer,
        lines: [{ kind: "item", itemId: o.itemId, quantity: String(p.hours) }],
      });
      await o.ok("PUT", `/docs/${draft.id}/status/validated`);
      p.id = draft.id as string;
    }
    // A part payment, and another invoice credited whole (both left open: they cancel out).
    const paid = await call("POST", "/payments", o.token, {
      direction: "sales",
      date: plus(start, 101),
      amount: 1_234,
      modeId: "transfer",
      allocations: [{ docId: paidOne?.id, amount: 1_234 }],
    });
    expect(paid.status).toBe(201);
    const credit = await o.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: plus(start, 101),
      from: { relation: "creditNote", docId: creditedOne?.id, selection: { kind: "whole" } },
    });
    await o.ok("PUT", `/docs/${credit.id}/status/validated`);
    await harness.ctx.runner.drain();

    let tied = 0;
    for (const day of [-1, 20, 45, 71, 100, 130, 160, 240]) {
      const at = plus(start, day);
      const whole = await agedBalance(harness.ctx, o.orgId, { direction: "sales", at });
      expect(whole.contactCount).toBe(whole.contacts.length);
      const totals = whole.contacts.reduce(
        (sum, c) => sum + c.notDue + c.days1to30 + c.days31to60 + c.days61to90 + c.over90,
        0,
      );
      expect(whole.totals.total).toBe(totals);
      if (whole.contacts[0]?.total === whole.contacts[1]?.total && whole.contacts[0]?.contactId === elan)
        tied++;
      for (const contactLimit of [0, 1, 2, 3, 50]) {
        const first = await agedBalance(harness.ctx, o.orgId, {
          direction: "sales",
          at,
          contactLimit,
          lateLimit: 3,
        });
        expect([
          day,
          contactLimit,
          first.totals,
          first.contactCount,
          first.lateCount,
          first.lateAmount,
        ]).toEqual([day, contactLimit, whole.totals, whole.contactCount, whole.lateCount, whole.lateAmount]);
        expect(first.contacts).toEqual(whole.contacts.slice(0, contactLimit));
        expect(first.late).toEqual(whole.late.slice(0, 3));
      }
    }
    // The Élan tied first from day 45 on (issued day 40), élan Conseil first in French order.
    expect(tied).toBe(6);
    // Nothing owed on the payables' side: no contact, zero totals, with or without a limit.
    const none = await agedBalance(harness.ctx, o.orgId, {
      direction: "purchases",
      contactLimit: 0,
      at: plus(start, 200),
    });
    expect([none.contacts, none.contactCount, none.totals.total, none.lateCount, none.lateAmount]).toEqual([
      [],
      0,
      0,
      0,
      0,
    ]);
  });
});
