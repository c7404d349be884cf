import { describe, expect, it } from "vitest";
import type { Session } from "../../lib/session.ts";
import { navSections, visibleSections } from "./nav.tsx";

const member = (rights: { c: string; r: number }[], platformAdmin = false): Session => ({
  status: "authenticated",
  token: "t",
  user: {
    id: "u",
    email: "paul@example.fr",
    name: "Paul",
    platformAdmin,
    org: { id: "o", name: "Atelier" },
    rights,
  },
});

const shown = (session: Session) =>
  Object.fromEntries(visibleSections(session).map((s) => [s.key, s.items.map((i) => i.to)]));

describe("the organisation frame's navigation", () => {
  it("shows a member only the links the rights open, and no section left empty", () => {
    expect(shown(member([{ c: "sales.invoices", r: 4 }]))).toEqual({
      dashboard: ["/org/dashboard"],
      sales: ["/org/sales/invoices", "/org/sales/reminders"],
      account: ["/account"],
    });
  });

  it("shows the billing links only when the server takes payments", () => {
    const session = member([{ c: "sales.invoices", r: 4 }]);
    const account = (billing: boolean) =>
      visibleSections(session, { billing })
        .find((s) => s.key === "account")
        ?.items.map((i) => i.to);
    expect(account(false)).toEqual(["/account"]);
    expect(account(true)).toEqual([
      "/account",
      "/account/invoices",
      "/account/payments",
      "/account/paymentmode",
    ]);
  });

  it("makes a section the rights reduce to its own page that page's link, and keeps one reduced to another link", () => {
    const direct = (session: Session) =>
      Object.fromEntries(visibleSections(session).map((s) => [s.key, s.direct]));
    // Without the accounting right the dashboard is its page alone: a link, not a section of one.
    expect(direct(member([{ c: "sales.invoices", r: 4 }]))).toMatchObject({ dashboard: true, sales: false });
    expect(direct(member([{ c: "accounting", r: 4 }]))).toMatchObject({ dashboard: false });
  });

  it("needs the read bit: create or update alone opens nothing", () => {
    expect(shown(member([{ c: "entries", r: 2 | 8 }])).accounting).toBeUndefined();
    expect(shown(member([{ c: "entries", r: 4 }])).accounting).toEqual(["/org/accounting/entries"]);
  });

  it("shows everything but the platform to a member with every right, the platform to its administrators", () => {
    const all = navSections
      .flatMap((s) => s.items.flatMap((i) => (i.right ? [{ c: i.right, r: 30 }] : [])))
      .filter((r, i, list) => list.findIndex((o) => o.c === r.c) === i);
    expect(Object.keys(shown(member(all)))).toEqual(navSections.filter((s) => !s.platform).map((s) => s.key));
    expect(Object.keys(shown(member(all, true)))).toContain("platform");
    expect(visibleSections({ status: "anonymous" }).map((s) => s.key)).toEqual(["dashboard", "account"]);
  });
});
