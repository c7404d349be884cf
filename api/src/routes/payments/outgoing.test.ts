import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { paymentsOrganisation, lineShape as shape } from "../../testing/payments-setup.ts";

/** Money paid out (to a supplier) never waits for a deposit: the cheque leaves the bank, the cash the till. */
describe.each(databaseKinds)("payments paid out and deposits on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const setup = (name: string) => paymentsOrganisation(call, register, name);

  it("posts a supplier's cheque 401 / 512 on its date, leaves it and cash paid out of deposits, refuses depositing them and writes nothing", async () => {
    const o = await setup("ChequeEmis");
    // The modes say it: a deposit is for money received; paid out, a cheque leaves the bank, cash the till.
    const modes = await o.ok("GET", "/payments/modes");
    expect(
      modes.items.map((m: { id: string; account: string; paidOutAccount: string }) => [
        m.id,
        m.account,
        m.paidOutAccount,
      ]),
    ).toEqual([
      ["transfer", "512000", "512000"],
      ["cheque", "511200", "512000"],
      ["card", "512000", "512000"],
      ["directDebit", "512000", "512000"],
      ["cash", "530000", "530000"],
      ["other", "512000", "512000"],
    ]);
    const bought = await o.invoice("purchases", "1");
    const boughtToo = await o.invoice("purchases", "2");
    const sold = await o.invoice("sales", "1");
    const cheque = await o.ok("POST", "/payments/purchases", {
      date: o.day,
      amount: 4_800,
      modeId: "cheque",
      reference: "7654321",
      allocations: [{ docId: bought.id, amount: 4_800 }],
    });
    expect(cheque).toMatchObject({ account: "512000", bankAccount: "512000" });
    const entry = await call("GET", `/accounting/entries/mvt/${cheque.entryMvt}`, o.token);
    expect(entry.body.journal).toBe("BQ");
    expect(shape(entry.body.lines)).toEqual([
      ["512000", null, 0, 4_800],
      ["401000", "aux", 4_800, 0],
      // Services from a supplier without the débits option: their VAT is deductible once paid.
      ["445640", null, 0, 800],
      ["445660", null, 800, 0],
    ]);
    const cash = await o.ok("POST", "/payments/purchases", {
      date: o.day,
      amount: 9_600,
      modeId: "cash",
      allocations: [{ docId: boughtToo.id, amount: 9_600 }],
    });
    expect(cash).toMatchObject({ account: "530000" });
    // A customer's cheque received still waits for its deposit.
    const received = await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 9_600,
      modeId: "cheque",
      allocations: [{ docId: sold.id, amount: 9_600 }],
    });
    expect(received).toMatchObject({ account: "511200" });

    const init = await o.ok("GET", "/accounting/deposits/init");
    expect(init.items.map((p: { id: string }) => p.id)).toEqual([received.id]);
    const cashInit = await o.ok("GET", "/accounting/deposits/init?source=cash");
    expect(cashInit.items).toEqual([]);

    const before = await harness.ctx.store.head();
    for (const [payment, lang] of [
      [cheque, "fr"],
      [cash, "en"],
    ] as const) {
      const refused = await send(
        "POST",
        "/accounting/deposits",
        o.token,
        { date: o.day, paymentIds: [payment.id] },
        { lang },
      );
      expect(refused).toMatchObject({
        status: 422,
        body: { code: "deposit.paymentOutgoing", params: { field: "payments" } },
      });
      expect(refused.body.detail).toContain(lang === "fr" ? "ne se remet pas en banque" : "is not deposited");
    }
    // Alongside a cheque received, refused all the same.
    const mixed = await send("POST", "/accounting/deposits", o.token, {
      date: o.day,
      paymentIds: [received.id, cheque.id],
    });
    expect(mixed).toMatchObject({ status: 422, body: { code: "deposit.paymentOutgoing" } });
    expect(await harness.ctx.store.head()).toEqual(before);
    expect((await o.ok("GET", "/accounting/deposits")).items).toEqual([]);
  });
});
