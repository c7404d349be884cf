import { addDays } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { daysBetween } from "../documents/aged.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

/**
 * GET /dashboard/stats/{overview,forecast,aged,todo} on a small year built through the commands: two sales
 * invoices and a purchase of goods in the year's third month (VAT due at invoicing), a part payment to
 * the bank, a draft; read on a day of that month (an app whose clock says so).
 */
describe.each(databaseKinds)("the main dashboard's figures (/dashboard/stats) on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  it("answers this month against last year's, twelve months, cash per bank, the VAT due, the 90-day forecast, the aged balance and the to-dos", async () => {
    const o = await documentsOrganisation(call, register, `Tableau${kind}`);
    const y = o.year.start;
    const day = (n: number) => addDays(y, n);
    const bank = await o.ok("POST", "/banks", { name: "Banque Populaire" });
    const goods = (label: string, unitPrice: string) => ({
      kind: "free",
      label,
      quantity: "1",
      unitPrice,
      vatRate: "20",
      nature: "goods",
      account: "707000",
    });
    const validated = async (body: Record<string, unknown>) => {
      const draft = await o.ok("POST", "/docs", body);
      await o.ok("PUT", `/docs/${draft.id}/status/validated`);
      return draft.id as string;
    };
    // A: 1 000 € + 20 % due day 70; P: a 200 € purchase + 20 % due day 100; B: 500 € + 20 % due day 95.
    const a = await validated({
      kind: "invoice",
      direction: "sales",
      issueDate: day(60),
      dueDate: day(70),
      contactId: o.customerId,
      lines: [goods("Armoire", "1000")],
    });
    const p = await validated({
      kind: "invoice",
      direction: "purchases",
      issueDate: day(62),
      dueDate: day(100),
      supplierNumber: "F-200",
      supplierDate: day(62),
      contactId: o.supplierId,
      lines: [{ ...goods("Bois", "200"), account: "607000" }],
    });
    const b = await validated({
      kind: "invoice",
      direction: "sales",
      issueDate: day(65),
      dueDate: day(95),
      contactId: o.customerId,
      lines: [goods("Table", "500")],
    });
    await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day(66),
      contactId: o.customerId,
      lines: [goods("Chaise", "90")],
    });
    // 300 € of A received on the bank account.
    const mode = await o.ok("POST", "/payments/modes", {
      kind: "transfer",
      label: "Virement BP",
      bankId: bank.id,
    });
    await o.ok("POST", "/payments/sales", {
      date: day(70),
      amount: 30_000,
      modeId: mode.id,
      contactId: o.customerId,
      allocations: [{ docId: a, amount: 30_000 }],
    });
    // A statement line of bank charges, not reconciled yet.
    await o.ok("POST", "/banks/statements", {
      bankId: bank.id,
      lines: [{ bookingDate: day(72), amount: -450, label: "FRAIS TENUE DE COMPTE" }],
    });
    await harness.ctx.runner.drain();

    const today = day(80);
    const app = createApp({ ...harness.ctx, clock: () => new Date(`${today}T10:00:00Z`) });
    const stats = async (type: string, query = "") => {
      const res = await app.request(`/api/dashboard/stats/${type}${query}`, {
        headers: { authorization: `Bearer ${o.token}` },
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
      return { status: res.status, body: (await res.json()) as any };
    };
    const month = today.slice(0, 7);

    const overview = await stats("overview");
    expect(overview.status).toBe(200);
    expect(overview.body.today).toBe(today);
    expect(overview.body.month).toEqual({
      month,
      revenue: 150_000,
      purchases: 20_000,
      revenueLastYear: 0,
      purchasesLastYear: 0,
    });
    expect(overview.body.months).toHaveLength(12);
    expect(overview.body.months[11]).toEqual(overview.body.month);
    expect(overview.body.cash).toMatchObject({
      total: 30_000,
      other: 0,
      asOf: today,
      banks: [{ id: bank.id, name: "Banque Populaire", closed: false, balance: 30_000 }],
    });
    // Collected 200 + 100 €, deductible 40 €: all in the period holding day 80 (the third month; Q1 too).
    expect(overview.body.vat).toMatchObject({
      start: expect.stringMatching(/-(01|03)-01$/),
      collected: 30_000,
      deductible: 4_000,
      due: 26_000,
      earlier: 0,
      earlierPayBy: null,
      unpaidReturns: [],
    });
    const payBy = overview.body.vat.payBy as string;
    expect(payBy).toBe(`${y.slice(0, 4)}-04-24`);

    const forecast = await stats("forecast");
    expect(forecast.status).toBe(200);
    expect(forecast.body).toMatchObject({ from: today, to: addDays(today, 90), opening: 30_000 });
    expect(forecast.body.weeks).toHaveLength(13);
    expect(forecast.body.weeks[0]).toMatchObject({ start: today, end: addDays(today, 6) });
    expect(forecast.body.weeks[12]).toMatchObject({ start: addDays(today, 84), end: addDays(today, 90) });
    // A's 900 € left, overdue: this week; B (15 days) and P (20 days): the third week; the VAT at its day.
    const vatWeek = Math.floor(daysBetween(today, payBy) / 7);
    const flows = forecast.body.weeks.map((w: { receipts: number; payments: number; vat: number }) => [
      w.receipts,
      w.payments,
      w.vat,
    ]);
    const expected = Array.from({ length: 13 }, () => [0, 0, 0]);
    expected[0] = [90_000, 0, 0];
    expected[2] = [60_000, -24_000, 0];
    (expected[vatWeek] as number[])[2] = -26_000;
    expect(flows).toEqual(expected);
    expect(forecast.body.totals).toEqual({
      receipts: 150_000,
      payments: -24_000,
      vat: -26_000,
      closing: 130_000,
    });
    expect(forecast.body.weeks[12].balance).toBe(130_000);
    expect(forecast.body.weeks[0].balance).toBe(120_000);

    const aged = await stats("aged");
    expect(aged.status).toBe(200);
    expect(aged.body).toMatchObject({ direction: "sales", at: today, lateCount: 1, lateAmount: 90_000 });
    expect(aged.body.totals).toEqual({
      notDue: 60_000,
      days1to30: 90_000,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: 150_000,
    });
    expect(aged.body.late).toEqual([
      expect.objectContaining({ id: a, daysLate: 10, due: 90_000, totalInclTax: 120_000 }),
    ]);
    const payables = await stats("aged", `?direction=purchases&at=${day(131)}`);
    expect(payables.body.totals).toMatchObject({ days31to60: 24_000, total: 24_000 });
    expect(payables.body.late.map((l: { id: string }) => l.id)).toEqual([p]);
    expect(b).toBeTruthy();

    const todo = await stats("todo");
    expect(todo.status).toBe(200);
    expect(todo.body.items).toEqual([
      { key: "salesDrafts", count: 1, path: "/org/docs/validate?direction=sales" },
      { key: "purchaseDrafts", count: 0, path: "/org/docs/validate?direction=purchases" },
      { key: "statementLines", count: 1, path: "/org/banks/reconciliation" },
      // A is 10 days late, no reminder sent: the first level (J+1) is due.
      { key: "remindersDue", count: 1, path: "/org/sales/reminders" },
    ]);

    // A day that is not one is refused, naming the field; an unknown type is not found.
    const bad = await send("GET", "/dashboard/stats/aged?at=2026-02-30", o.token);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("at");
    expect((await send("GET", "/dashboard/stats/aged?direction=both", o.token)).status).toBe(422);
    expect((await call("GET", "/dashboard/stats/nothing", o.token)).status).toBe(404);

    // A new organisation: nothing yet, every figure zero.
    const other = await documentsOrganisation(call, register, `Vide${kind}`);
    const empty = await call("GET", "/dashboard/stats/forecast", other.token);
    expect(empty.status).toBe(200);
    expect(empty.body.totals).toEqual({ receipts: 0, payments: 0, vat: 0, closing: 0 });
    const emptyOverview = await call("GET", "/dashboard/stats/overview", other.token);
    expect(emptyOverview.body.cash).toMatchObject({ total: 0, banks: [], other: 0 });
    expect(emptyOverview.body.month).toMatchObject({ revenue: 0, purchases: 0 });
  });
});
