import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { DocumentListQuery } from "../schemas/docs.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { listDocuments } from "./queries.ts";

describe.each(databaseKinds)("the documents list's capped count on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);

  it("counts and totals the whole selection under the cap; past it says capped and totals the first documents of the list's order", async () => {
    const o = await documentsOrganisation(call, register, "Liste");
    // Five quotes of 100, 200, … 500 € excl. tax on five days, numbered DE…00001 to 00005.
    for (let i = 1; i <= 5; i++)
      await o.ok("POST", "/docs", {
        kind: "quote",
        direction: "sales",
        issueDate: `2025-03-0${i}`,
        contactId: o.customerId,
        lines: [{ kind: "free", label: `Étude ${i}`, quantity: "1", unitPrice: `${i}00`, vatRate: "20" }],
      });
    const query = (q: Record<string, string>) => DocumentListQuery.parse({ direction: "sales", ...q });
    const all = await listDocuments(harness.ctx, o.orgId, query({ limit: "2" }));
    expect(all).toMatchObject({ total: 5, totals: { totalExclTax: 150_000, totalInclTax: 180_000 } });
    expect(all.capped).toBeUndefined();
    expect(all.items.map((d) => d.issueDate)).toEqual(["2025-03-05", "2025-03-04"]);

    // Cap 3: the newest three (500, 400, 300 €) by date, the cheapest three in ascending date order.
    const newest = await listDocuments(harness.ctx, o.orgId, query({ limit: "2" }), 3);
    expect(newest).toMatchObject({ total: 3, capped: true, totals: { totalExclTax: 120_000 } });
    const oldest = await listDocuments(harness.ctx, o.orgId, query({ sort: "date", limit: "2" }), 3);
    expect(oldest).toMatchObject({ total: 3, capped: true, totals: { totalExclTax: 60_000 } });
    expect(oldest.items.map((d) => d.issueDate)).toEqual(["2025-03-01", "2025-03-02"]);
    // Exactly at the cap: counted, not capped; a filter under it counts exactly.
    const five = await listDocuments(harness.ctx, o.orgId, query({}), 5);
    expect(five).toMatchObject({ total: 5, totals: { totalExclTax: 150_000 } });
    expect(five.capped).toBeUndefined();
    const march = await listDocuments(
      harness.ctx,
      o.orgId,
      query({ from: "2025-03-02", to: "2025-03-03" }),
      3,
    );
    expect(march).toMatchObject({ total: 2, totals: { totalExclTax: 50_000 } });
    // By contact and by number (a nullable column, its nulls last), the same selection.
    const byContact = await listDocuments(harness.ctx, o.orgId, query({ sort: "contact" }));
    expect(byContact.items.map((d) => d.issueDate)).toEqual([
      "2025-03-05",
      "2025-03-04",
      "2025-03-03",
      "2025-03-02",
      "2025-03-01",
    ]);
    const byNumber = await listDocuments(harness.ctx, o.orgId, query({ sort: "-number" }));
    expect(byNumber.items.map((d) => d.number?.slice(-1))).toEqual(["5", "4", "3", "2", "1"]);
    // Through the route: the answer carries `capped` only past the cap.
    const route = await call("GET", "/docs?direction=sales&kind=quote", o.token);
    expect(route.body.total).toBe(5);
    expect(route.body.capped).toBeUndefined();
  }, 60_000);
});
