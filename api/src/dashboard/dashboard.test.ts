import { addDays } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { daysBetween } from "../documents/aged.ts";
import { answerChecker } from "../testing/answer-schemas.ts";
import { apiHarness, type Call } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

/** An app over the harness's context whose clock says `day` (10:00 UTC): "today" for every figure. */
const appAt = (ctx: AppContext, day: string) => {
  const app = createApp({ ...ctx, clock: () => new Date(`${day}T10:00:00Z`) });
  const check = answerChecker(app);
  const call: Call = async (method, path, token, body) => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const answer = await res.json();
    check(method, `/api${path}`, res.status, answer);
    return { status: res.status, body: answer };
  };
  const register = async (name: string) => {
    const { body } = await call("POST", "/register", undefined, {
      email: `${name.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@exemple.fr`,
      password: "motdepasse1",
      name,
    });
    return { email: body.user.email as string, token: body.token as string, id: body.user.id as string };
  };
  return { call, register };
};

/**
 * GET /dashboard/stats/{overview,forecast,aged,todo} on a few weeks' work built through the commands, on
 * fixed days of the year whatever the day the tests run — a year's first days, a month's first, a half
 * year's last, a year's last: two sales invoices and a purchase of goods (VAT due at invoicing) issued
 * 20 to 15 days before today, a part payment to the bank, a draft, a statement line; the work done by an
 * app whose clock says a week before today (the organisation's first year holds it), read by one whose
 * clock says today.
 */
/** The VAT period holding each day and what it shows (monthly returns, the organisation's default). */
const vatCases: Record<string, Record<string, unknown>> = {
  "2026-01-05": {
    start: "2026-01-01",
    collected: 0,
    deductible: 0,
    payBy: "2026-02-24",
    earlier: 26_000,
    earlierPayBy: "2026-01-24",
  },
  "2026-03-01": {
    start: "2026-03-01",
    collected: 0,
    deductible: 0,
    payBy: "2026-04-24",
    earlier: 26_000,
    earlierPayBy: "2026-03-24",
  },
  "2026-06-30": {
    start: "2026-06-01",
    collected: 30_000,
    deductible: 4_000,
    payBy: "2026-07-24",
    earlier: 0,
    earlierPayBy: null,
  },
  "2026-12-31": {
    start: "2026-12-01",
    collected: 30_000,
    deductible: 4_000,
    payBy: "2027-01-24",
    earlier: 0,
    earlierPayBy: null,
  },
};
const todays = Object.keys(vatCases);
//"2026-01-05", "2026-03-01", "2026-06-30", "2026-12-31"];

describe.each(databaseKinds)("the main dashboard's figures (/dashboard/stats) on %s", (kind) => {
  const { harness } = apiHarness(kind);

  it.each(todays)(
    "answers this month against last year's, twelve months, cash per bank, the VAT due, the 90-day forecast, the aged balance and the to-dos, today %s",
    async (today) => {
      const day = (n: number) => addDays(today, n);
      const before = appAt(harness.ctx, day(-8));
      const o = await documentsOrganisation(
        before.call,
        before.register,
        `Tableau${kind}${today.replaceAll("-", "")}`,
      );
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
        issueDate: day(-20),
        dueDate: day(-10),
        contactId: o.customerId,
        lines: [goods("Armoire", "1000")],
      });
      const p = await validated({
        kind: "invoice",
        direction: "purchases",
        issueDate: day(-18),
        dueDate: day(20),
        supplierNumber: "F-200",
        supplierDate: day(-18),
        contactId: o.supplierId,
        lines: [{ ...goods("Bois", "200"), account: "607000" }],
      });
      const b = await validated({
        kind: "invoice",
        direction: "sales",
        issueDate: day(-15),
        dueDate: day(15),
        contactId: o.customerId,
        lines: [goods("Table", "500")],
      });
      await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: day(-14),
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
        date: day(-10),
        amount: 30_000,
        modeId: mode.id,
        contactId: o.customerId,
        allocations: [{ docId: a, amount: 30_000 }],
      });
      // A statement line of bank charges, not reconciled yet.
      await o.ok("POST", "/banks/statements", {
        bankId: bank.id,
        lines: [{ bookingDate: day(-8), amount: -450, label: "FRAIS TENUE DE COMPTE" }],
      });
      await harness.ctx.runner.drain();

      const now = appAt(harness.ctx, today);
      const stats = (type: string, query = "") =>
        now.call("GET", `/dashboard/stats/${type}${query}`, o.token);
      const month = today.slice(0, 7);
      // The invoices' month: today's, or the one before when today is within 20 days of its start.
      const invoiced = day(-20).slice(0, 7);
      const sold = { revenue: 150_000, purchases: 20_000, revenueLastYear: 0, purchasesLastYear: 0 };
      const nothing = { revenue: 0, purchases: 0, revenueLastYear: 0, purchasesLastYear: 0 };

      const overview = await stats("overview");
      expect(overview.status).toBe(200);
      expect(overview.body.today).toBe(today);
      expect(overview.body.month).toEqual({ month, ...(invoiced === month ? sold : nothing) });
      expect(overview.body.months).toHaveLength(12);
      expect(overview.body.months[11]).toEqual(overview.body.month);
      expect(overview.body.months.find((m: { month: string }) => m.month === invoiced)).toEqual({
        month: invoiced,
        ...sold,
      });
      expect(overview.body.cash).toMatchObject({
        total: 30_000,
        other: 0,
        asOf: today,
        banks: [{ id: bank.id, name: "Banque Populaire", closed: false, balance: 30_000 }],
      });
      // Collected 200 + 100 €, deductible 40 €: in the period holding today, or left by the one before it
      // (to pay by the 24th of the month after the period).
      const vat = overview.body.vat;
      const vatExpected = vatCases[today];
      expect(vat).toMatchObject({ ...vatExpected, unpaidReturns: [] });
      expect(vat.due).toBe(vat.collected - vat.deductible);
      expect(vat.due + vat.earlier).toBe(26_000);

      const forecast = await stats("forecast");
      expect(forecast.status).toBe(200);
      expect(forecast.body).toMatchObject({ from: today, to: addDays(today, 90), opening: 30_000 });
      expect(forecast.body.weeks).toHaveLength(13);
      expect(forecast.body.weeks[0]).toMatchObject({ start: today, end: addDays(today, 6) });
      expect(forecast.body.weeks[12]).toMatchObject({ start: addDays(today, 84), end: addDays(today, 90) });
      // A's 900 € left, overdue: this week; B (15 days) and P (20 days): the third week; the VAT at its day
      // (an overdue one this week).
      const weekOf = (payBy: string) => Math.floor(Math.max(0, daysBetween(today, payBy)) / 7);
      const flows = forecast.body.weeks.map((w: { receipts: number; payments: number; vat: number }) => [
        w.receipts,
        w.payments,
        w.vat,
      ]);
      const expected = Array.from({ length: 13 }, () => [0, 0, 0]);
      expected[0] = [90_000, 0, 0];
      expected[2] = [60_000, -24_000, 0];
      const payVat = (amount: number, payBy: string) => {
        const week = expected[weekOf(payBy)] as number[];
        week[2] = (week[2] ?? 0) - amount;
      };
      if (vat.due > 0) payVat(vat.due, vat.payBy);
      if (vat.earlier > 0) payVat(vat.earlier, vat.earlierPayBy);
      expect(flows).toEqual(expected);
      expect(forecast.body.totals).toEqual({
        receipts: 150_000,
        payments: -24_000,
        vat: -26_000,
        closing: 130_000,
      });
      expect(forecast.body.weeks[12].balance).toBe(130_000);

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
      const payables = await stats("aged", `?direction=purchases&at=${day(51)}`);
      expect(payables.body.totals).toMatchObject({ days31to60: 24_000, total: 24_000 });
      expect(payables.body.late.map((l: { id: string }) => l.id)).toEqual([p]);
      expect(b).toBeTruthy();
      // The dashboard's call: no contact listed, the first late ones; the totals and counts whole.
      expect(aged.body.contactCount).toBe(1);
      expect(aged.body.contacts).toHaveLength(1);
      const card = await stats("aged", "?contacts=0&late=5");
      expect(card.status).toBe(200);
      expect(card.body).toEqual({ ...aged.body, contacts: [] });
      const top = await stats("aged", "?contacts=1&late=0");
      expect(top.body).toEqual({ ...aged.body, late: [] });
      expect((await stats("aged", "?contacts=500&late=200")).body).toEqual(aged.body);
      // Out of range or not a whole number: refused in French (the default), naming the field.
      for (const [query, field] of [
        ["?contacts=-1", "contacts"],
        ["?contacts=501", "contacts"],
        ["?contacts=1.5", "contacts"],
        ["?late=abc", "late"],
        ["?late=201", "late"],
      ] as const) {
        const refused = await stats("aged", query);
        expect([
          query,
          refused.status,
          refused.body.code,
          refused.body.detail,
          refused.body.errors?.map((e: { path: string }) => e.path),
        ]).toEqual([
          query,
          422,
          "validation.invalid",
          "Certaines valeurs envoyées ne sont pas valides.",
          [field],
        ]);
      }

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
      const bad = await now.call("GET", "/dashboard/stats/aged?at=2026-02-30", o.token);
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body)).toContain("at");
      expect((await stats("aged", "?direction=both")).status).toBe(422);
      expect((await stats("nothing")).status).toBe(404);

      // A new organisation: nothing yet, every figure zero.
      const other = await documentsOrganisation(
        now.call,
        now.register,
        `Vide${kind}${today.replaceAll("-", "")}`,
      );
      const empty = await now.call("GET", "/dashboard/stats/forecast", other.token);
      expect(empty.status).toBe(200);
      expect(empty.body.totals).toEqual({ receipts: 0, payments: 0, vat: 0, closing: 0 });
      const emptyOverview = await now.call("GET", "/dashboard/stats/overview", other.token);
      expect(emptyOverview.body.cash).toMatchObject({ total: 0, banks: [], other: 0 });
      expect(emptyOverview.body.month).toMatchObject({ revenue: 0, purchases: 0 });
    },
  );
});
