import { describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

/**
 * Both profiles read everything, so a member restricted to a few lists is reachable only through the
 * rights its assigned items give: here the accountant's profile grants nothing (this file only), and a
 * member holds just what the owner's items assign.
 */
vi.mock("@registre/core", async (importOriginal) => {
  const core = await importOriginal<typeof import("@registre/core")>();
  return {
    ...core,
    profileRights: (profile: Parameters<typeof core.profileRights>[0]) =>
      profile === "accountant" ? [] : core.profileRights(profile),
  };
});

/**
 * GET /dashboard/stats/{type} under each type's right: the books' figures (accounting, control, sales,
 * overview, forecast) under the right to read the books; the aged balance under the right to read that
 * side's invoices, or the books; the to-dos only those whose list the member may read.
 */
describe.each(databaseKinds)("the dashboard's figures under the member's rights on %s", (kind) => {
  const { call, send, register, join } = apiHarness(kind);

  it("refuses the books' figures to a member who reads only the sales invoices, naming the right; answers the sales side and its to-dos", async () => {
    const o = await documentsOrganisation(call, register, `Droits${kind}`);
    await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: o.year.start,
      contactId: o.customerId,
      lines: [
        { kind: "free", label: "Chaise", quantity: "1", unitPrice: "90", vatRate: "20", nature: "goods" },
      ],
    });
    const seller = await register(`Vendeur${kind}`);
    await join(o.token, seller, "accountant");
    const session = await call("POST", "/user/orgs/change", seller.token, { orgId: o.orgId });
    expect(session.status).toBe(200);
    const token = session.body.token as string;
    const assign = async (name: string, rights: { c: string; r: number }[]) => {
      const item = await o.ok("POST", "/auth/items", { name, rights });
      await o.ok("POST", "/auth/assignments", { itemId: item.id, userId: seller.id });
    };
    await assign("Ventes", [{ c: "sales.invoices", r: 4 }]);
    const stats = (type: string, query = "") => send("GET", `/dashboard/stats/${type}${query}`, token);

    for (const type of ["accounting", "control", "sales", "overview", "forecast"]) {
      const refused = await stats(type);
      expect(refused, type).toMatchObject({
        status: 403,
        body: { code: "identity.forbidden", params: { code: "accounting" } },
      });
      expect(refused.body.detail).toContain("(accounting)");
    }
    expect(await stats("aged")).toMatchObject({ status: 200, body: { direction: "sales" } });
    expect(await stats("aged", "?direction=sales")).toMatchObject({
      status: 200,
      body: { direction: "sales", ledger: null },
    });
    expect(await stats("aged", "?direction=purchases")).toMatchObject({
      status: 403,
      body: { code: "identity.forbidden", params: { code: "purchases.invoices" } },
    });
    // The sales drafts (one) and the reminders due: not the purchases, nor the statement lines.
    expect(await stats("todo")).toMatchObject({
      status: 200,
      body: {
        items: [
          { key: "salesDrafts", count: 1, path: "/org/docs/validate?direction=sales" },
          { key: "remindersDue", count: 0, path: "/org/sales/reminders" },
        ],
      },
    });

    // Given the books to read: the books' figures and either side's aged balance; the to-dos unchanged.
    await assign("Comptabilité", [{ c: "accounting", r: 4 }]);
    for (const type of ["accounting", "control", "sales", "overview", "forecast"])
      expect((await stats(type)).status, type).toBe(200);
    expect(await stats("aged", "?direction=purchases")).toMatchObject({
      status: 200,
      body: { direction: "purchases", ledger: expect.any(Number) },
    });
    expect((await stats("todo")).body.items.map((i: { key: string }) => i.key)).toEqual([
      "salesDrafts",
      "remindersDue",
    ]);
    // The owner is shown every to-do.
    expect(
      (await call("GET", "/dashboard/stats/todo", o.token)).body.items.map((i: { key: string }) => i.key),
    ).toEqual(["salesDrafts", "purchaseDrafts", "statementLines", "remindersDue"]);
  });
});
