import { parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { addMonths } from "../documents/sales-stats.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

describe.each(databaseKinds)("the dashboard's sales figures (/dashboard/stats/sales) on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  it("answers twelve months of validated sales minus credit notes and purchases, the best customers and items with their margin, by VAT rate", async () => {
    const o = await documentsOrganisation(call, register, "Ventes");
    const today = parisDate(new Date());
    const day = o.year.start <= today && today <= o.year.end ? today : o.year.start;
    const month = day.slice(0, 7);
    const invoice = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [
        { kind: "item", itemId: o.itemId, quantity: "10" },
        {
          kind: "free",
          label: "Déplacement",
          quantity: "1",
          unitPrice: "45.5",
          vatRate: "10",
          account: "708000",
        },
      ],
    });
    await o.ok("PUT", `/docs/${invoice.id}/status/validated`);
    // A draft counts for nothing until validated.
    await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "99" }],
    });
    const credit = await o.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: day,
      from: { relation: "creditNote", docId: invoice.id, selection: { kind: "whole" } },
    });
    await o.ok("PUT", `/docs/${credit.id}/status/validated`);
    const second = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "3" }],
    });
    await o.ok("PUT", `/docs/${second.id}/status/validated`);
    const purchase = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "purchases",
      issueDate: day,
      supplierNumber: "B-778",
      supplierDate: day,
      contactId: o.supplierId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    await o.ok("PUT", `/docs/${purchase.id}/status/validated`);
    await harness.ctx.runner.drain();

    const stats = await call("GET", `/dashboard/stats/sales?to=${month}`, o.token);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ from: addMonths(month, -11), to: month });
    expect(stats.body.months).toHaveLength(12);
    // 3 h at 80 € remain once the first invoice is credited whole; 2 h bought at 40 €.
    expect(stats.body.months[11]).toEqual({
      month,
      revenue: 24_000,
      purchases: 8_000,
      revenueLastYear: 0,
      purchasesLastYear: 0,
    });
    expect(stats.body.totals).toEqual({
      revenue: 24_000,
      purchases: 8_000,
      revenueLastYear: 0,
      purchasesLastYear: 0,
    });
    expect(stats.body.customers).toEqual([
      { contactId: o.customerId, name: "Alpha SARL", revenue: 24_000, revenueLastYear: 0 },
    ]);
    // The buy price, 40 €, was the item's at each validation: a margin of 3 × 40 €.
    expect(stats.body.items).toEqual([
      {
        itemId: o.itemId,
        label: "Conseil",
        quantity: "3",
        revenue: 24_000,
        revenueLastYear: 0,
        costed: 24_000,
        cost: 12_000,
        margin: 12_000,
      },
    ]);
    expect(stats.body.vatRates).toEqual([
      { vatRate: "10", revenue: 0, purchases: 0 },
      { vatRate: "20", revenue: 24_000, purchases: 8_000 },
    ]);

    // A year later the same month is last year's.
    const next = await call("GET", `/dashboard/stats/sales?to=${addMonths(month, 12)}`, o.token);
    expect(next.body.months[11]).toMatchObject({
      revenue: 0,
      revenueLastYear: 24_000,
      purchasesLastYear: 8_000,
    });
    expect(next.body.customers).toEqual([]);

    // A month that is not one is refused; an unknown type is not found; another organisation sees nothing.
    const bad = await send("GET", "/dashboard/stats/sales?to=2026-13", o.token);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("to");
    expect((await call("GET", "/dashboard/stats/turnover", o.token)).status).toBe(404);
    const other = await documentsOrganisation(call, register, "Autre");
    const empty = await call("GET", `/dashboard/stats/sales?to=${month}`, other.token);
    expect(empty.body.totals).toEqual({ revenue: 0, purchases: 0, revenueLastYear: 0, purchasesLastYear: 0 });
  });
});
