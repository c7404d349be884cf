import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

describe.each(databaseKinds)("bank rules on %s", (kind) => {
  const { call, send, register } = apiHarness(kind);

  it("creates, checks, edits, orders, switches to automatic and deletes rules", async () => {
    const o = await documentsOrganisation(call, register, "Rules");
    const fees = await o.ok("POST", "/banks/rules", {
      name: "Frais bancaires",
      when: { labelContains: ["FRAIS"], direction: "debit" },
      booking: { account: "627000", vatRate: "0" },
    });
    expect(fees).toMatchObject({ name: "Frais bancaires", order: 0, automatic: false, enabled: true });
    const phone = await o.ok("POST", "/banks/rules", {
      name: "Abonnement",
      automatic: true,
      when: { labelContains: ["ORANGE"], amountMax: 10_000 },
      booking: { account: "626000", vatRate: "20", contactId: o.supplierId, journal: "BQ" },
    });
    expect(phone.order).toBe(1);

    // What the decider leaves to the API: the booking's account, journal, VAT rate and contact exist.
    const refusals = [
      [{ account: "699999" }, "bankRule.accountUnknown", "booking.account"],
      [{ account: "411000" }, "bankRule.accountUnknown", "booking.account"],
      [{ account: "627000", journal: "ZZ" }, "bankRule.journalUnknown", "booking.journal"],
      [
        { account: "627000", contactId: "00000000-0000-4000-8000-000000000000" },
        "bankRule.contactUnknown",
        "booking.contactId",
      ],
    ] as const;
    for (const [booking, code, field] of refusals) {
      const res = await send(
        "POST",
        "/banks/rules",
        o.token,
        { name: "X", when: { labelContains: ["X"] }, booking },
        { lang: "en" },
      );
      expect(res.status, code).toBeGreaterThanOrEqual(400);
      expect(res.body, code).toMatchObject({ code });
      expect(JSON.stringify(res.body), code).toContain(field);
    }
    const noCondition = await send("POST", "/banks/rules", o.token, {
      name: "X",
      when: {},
      booking: { account: "627000" },
    });
    expect(noCondition.body).toMatchObject({ code: "bankRule.noCondition" });
    const badRate = await send("POST", "/banks/rules", o.token, {
      name: "X",
      when: { labelContains: ["X"] },
      booking: { account: "627000", vatRate: "19.6" },
    });
    expect(badRate.status).toBe(422);

    const edited = await o.ok("PUT", `/banks/rules/${fees.id}`, {
      name: "Frais et commissions",
      when: { labelContains: ["FRAIS", "COMMISSION"], direction: "debit", amountMax: 5_000 },
      booking: { account: "627000" },
    });
    expect(edited).toMatchObject({ name: "Frais et commissions", order: 0, when: { amountMax: 5_000 } });

    const ordered = await o.ok("PUT", "/banks/rules/order", { ids: [phone.id, fees.id] });
    expect(ordered.items.map((r: { id: string }) => r.id)).toEqual([phone.id, fees.id]);
    const incomplete = await send("PUT", "/banks/rules/order", o.token, { ids: [phone.id] });
    expect(incomplete.body).toMatchObject({ code: "bankRule.invalidOrder" });

    const automatic = await o.ok("PUT", `/banks/rules/${fees.id}/automatic`, { automatic: true });
    expect(automatic).toMatchObject({ automatic: true, name: "Frais et commissions" });

    expect((await call("DELETE", `/banks/rules/${phone.id}`, o.token)).status).toBe(204);
    const list = await o.ok("GET", "/banks/rules");
    expect(list.items.map((r: { id: string }) => r.id)).toEqual([fees.id]);
    expect((await call("GET", `/banks/rules/${phone.id}`, o.token)).status).toBe(404);
  });
});
