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
 * side's invoices, or the books; the to-dos only those whose list the member may read. The aged balances
 * of the management reports (/docs/stats/aged-*) carry the books' figure by the same rule.
 */
describe.each(databaseKinds)("the dashboard's figures under the member's rights on %s", (kind) => {
  const { call, send, register, join } = apiHarness(kind);

  /** A member of `o`'s organisation (the accountant's profile: nothing here) and the items assigned to it. */
  const member = async (o: Awaited<ReturnType<typeof documentsOrganisation>>, name: string) => {
    const user = await register(name);
    await join(o.token, user, "accountant");
    const session = await call("POST", "/user/orgs/change", user.token, { orgId: o.orgId });
    expect(session.status).toBe(200);
    const assign = async (itemName: string, rights: { c: string; r: number }[]) => {
      const item = await o.ok("POST", "/auth/items", { name: itemName, rights });
      await o.ok("POST", "/auth/assignments", { itemId: item.id, userId: user.id });
    };
    return { token: session.body.token as string, assign };
  };

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
    const { token, assign } = await member(o, `Vendeur${kind}`);
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

  it("answers the aged reports' books figure (ledger) only to a member who may read the books", async () => {
    const o = await documentsOrganisation(call, register, `Grand${kind}`);
    // A validated invoice of an hour's advice (96.00 €) on the year's first day: the books' 411 hold it.
    const invoice = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: o.year.start,
      dueDate: o.year.start,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
    });
    await o.ok("PUT", `/docs/${invoice.id}/status/validated`);
    const { token, assign } = await member(o, `Comptable${kind}`);
    await assign("Ventes", [{ c: "sales.invoices", r: 4 }]);
    const report = (type: string, as = token) => send("GET", `/docs/stats/${type}?to=${o.year.start}`, as);

    // Reading the sales invoices only: the documents' figures, not the books'.
    expect(await report("aged-receivables")).toMatchObject({
      status: 200,
      body: { type: "aged-receivables", totals: { total: 9_600 }, ledger: null },
    });
    // The owner reads the books: the customers' accounts beside the documents, equal.
    expect(await report("aged-receivables", o.token)).toMatchObject({
      status: 200,
      body: { totals: { total: 9_600 }, ledger: 9_600 },
    });
    // Given the books to read: the figure answered; never for the other reports.
    await assign("Comptabilité", [{ c: "accounting", r: 4 }]);
    expect(await report("aged-receivables")).toMatchObject({ status: 200, body: { ledger: 9_600 } });
    for (const type of ["sales-by-customer", "sales-by-month"])
      expect(await report(type), type).toMatchObject({ status: 200, body: { ledger: null } });
  });
});
