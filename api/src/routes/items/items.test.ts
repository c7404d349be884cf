import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { itemUsage } from "../../items/usage.ts";
import { apiHarness } from "../../testing/api-harness.ts";

describe.each(databaseKinds)("items on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);
  afterEach(() => vi.restoreAllMocks());

  const newOrganisation = async (name: string) => {
    const owner = await register(name);
    const org = await call("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "732829320",
    });
    return org.body.token as string;
  };
  const chair = {
    use: "both",
    kind: "goods",
    reference: "CH-01",
    label: "Chaise en chêne",
    unit: "C62",
    vatRate: "20",
    buyPrice: "40",
    sellPrice: "79.9",
  };

  it("creates an item with two sale tiers, shows its price with tax and its margins per tier", async () => {
    const token = await newOrganisation("Alice");
    const created = await call("POST", "/items", token, {
      ...chair,
      saleTiers: [
        { fromQuantity: "50", unitPrice: "69" },
        { fromQuantity: "10", unitPrice: "74.5" },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      reference: "CH-01",
      sellPrice: "79.90",
      buyPrice: "40.00",
      sellPriceIncludingTax: "95.88",
      sellAccount: "707000",
      buyAccount: "607000",
      saleTiers: [
        { fromQuantity: "10", unitPrice: "74.50" },
        { fromQuantity: "50", unitPrice: "69.00" },
      ],
      status: "active",
    });
    const prices = await call("GET", `/items/${created.body.id}/prices`, token);
    expect(prices.body.margins).toEqual([
      { fromQuantity: null, sellPrice: "79.90", buyPrice: "40.00", margin: "39.90", rate: "99.75" },
      { fromQuantity: "10", sellPrice: "74.50", buyPrice: "40.00", margin: "34.50", rate: "86.25" },
      { fromQuantity: "50", sellPrice: "69.00", buyPrice: "40.00", margin: "29.00", rate: "72.50" },
    ]);
    // A tier by its own resource: added, changed, removed.
    const tier = await call("POST", "/items/prices", token, {
      itemId: created.body.id,
      side: "purchase",
      fromQuantity: "100",
      unitPrice: "35",
    });
    expect(tier.status).toBe(201);
    expect(tier.body).toMatchObject({ id: `${created.body.id}:purchase:100`, unitPrice: "35.00" });
    const changed = await call("PUT", `/items/prices/${encodeURIComponent(tier.body.id)}`, token, {
      unitPrice: "34",
    });
    expect(changed.body.unitPrice).toBe("34.00");
    expect((await call("GET", `/items/prices?itemId=${created.body.id}`, token)).body.items).toHaveLength(3);
    expect((await call("DELETE", `/items/prices/${encodeURIComponent(tier.body.id)}`, token)).status).toBe(
      204,
    );
    expect((await call("GET", `/items/${created.body.id}`, token)).body.purchaseTiers).toEqual([]);
  });

  it("refuses a duplicate reference and a wrong price on their fields, in French and in English", async () => {
    const token = await newOrganisation("Bruno");
    expect((await call("POST", "/items", token, chair)).status).toBe(201);
    const twice = await call("POST", "/items", token, { ...chair, reference: "ch-01" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "item.duplicateReference", errors: [{ path: "reference" }] });
    const res = await harness.app.request("/api/items", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "accept-language": "en",
      },
      body: JSON.stringify({ ...chair, reference: "CH-02", sellPrice: "12,345.6" }),
    });
    expect(res.status).toBe(422);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: "validation.invalidAmount", errors: [{ path: "sellPrice" }] });
    const account = await harness.app.request("/api/items", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "accept-language": "en",
      },
      body: JSON.stringify({ ...chair, reference: "CH-02", sellAccount: "411000" }),
    });
    expect(await account.json()).toMatchObject({
      code: "item.invalidAccount",
      detail: expect.stringContaining("Invalid account for Sales account"),
      errors: [{ path: "sellAccount" }],
    });
    const fr = await call("POST", "/items", token, {
      ...chair,
      reference: "CH-03",
      saleTiers: [{ fromQuantity: "0", unitPrice: "1" }],
    });
    expect(fr.body.detail).toContain("Quantité invalide");
  });

  it("lists and searches as you type, filters by side and archive", async () => {
    const token = await newOrganisation("Chloe");
    const make = (reference: string, label: string, use: string) =>
      call("POST", "/items", token, { ...chair, reference, label, use });
    const table = await make("TAB-01", "Table de ferme", "sale");
    await make("VIS-01", "Vis inox 4x40", "purchase");
    await make("POSE", "Pose de parquet (heure)", "sale");
    const search = await call("GET", "/items/search?q=ta", token);
    expect(search.body.items.map((i: { reference: string }) => i.reference)).toEqual(["TAB-01"]);
    expect((await call("GET", "/items/search?q=par", token)).body.items[0].reference).toBe("POSE");
    expect((await call("GET", "/items?use=purchase", token)).body.total).toBe(1);
    expect((await call("PUT", `/items/${table.body.id}`, token, { status: "archived" })).body.status).toBe(
      "archived",
    );
    expect((await call("GET", "/items/search?q=ta", token)).body.items).toEqual([]);
    expect((await call("GET", "/items?status=archived", token)).body.items).toHaveLength(1);
    expect((await call("GET", "/items?status=all&q=vis", token)).body.total).toBe(1);
  });

  it("updates the prices of a selection by a percentage in one commit, and a retry writes nothing", async () => {
    const token = await newOrganisation("Denis");
    const a = (
      await call("POST", "/items", token, {
        ...chair,
        reference: "A",
        sellPrice: "10",
        saleTiers: [{ fromQuantity: "5", unitPrice: "0.3333" }],
      })
    ).body;
    const b = (await call("POST", "/items", token, { ...chair, reference: "B", sellPrice: "19.99" })).body;
    const before = await harness.ctx.store.head();
    const key = randomUUID();
    const send = () =>
      harness.app.request("/api/items/bulk/prices", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          "idempotency-key": key,
        },
        body: JSON.stringify({ ids: [a.id, b.id], percentage: "10", prices: "sell" }),
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ changed: 2, ids: expect.arrayContaining([a.id, b.id]) });
    const after = await harness.ctx.store.head();
    // One transaction: every event of the command carries the same tx id.
    const events = (await harness.ctx.database.db
      .selectFrom("events")
      .select(["tx_id", "type"])
      .where(sql<boolean>`position > ${before?.position ?? 0}`)
      .where("type", "in", ["ItemPricesChanged", "ItemPriceTiersChanged"])
      .execute()) as { tx_id: string; type: string }[];
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e) => e.tx_id)).size).toBe(1);
    expect((await send()).status).toBe(200);
    expect(await harness.ctx.store.head()).toEqual(after);
    expect((await call("GET", `/items/${a.id}`, token)).body).toMatchObject({
      sellPrice: "11.00",
      saleTiers: [{ fromQuantity: "5", unitPrice: "0.37" }],
    });
    expect((await call("GET", `/items/${b.id}`, token)).body.sellPrice).toBe("21.99");
  });

  it("deletes an item not used, refuses one a document uses, and keeps its metas", async () => {
    const token = await newOrganisation("Emma");
    const item = (await call("POST", "/items", token, chair)).body;
    const meta = await call("POST", "/items/metas", token, {
      itemId: item.id,
      key: "ean",
      value: "3012345678901",
    });
    expect(meta.body).toEqual({ id: `${item.id}:ean`, itemId: item.id, key: "ean", value: "3012345678901" });
    expect((await call("GET", `/items/${item.id}/metas`, token)).body.items).toHaveLength(1);
    expect((await call("PUT", `/items/metas/${item.id}:ean`, token, { value: "123" })).body.value).toBe(
      "123",
    );
    vi.spyOn(itemUsage, "usedInDocuments").mockResolvedValue(true);
    const refused = await call("DELETE", `/items/${item.id}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Article utilisé, il ne peut pas être supprimé.");
    vi.restoreAllMocks();
    expect((await call("DELETE", `/items/metas/${item.id}:ean`, token)).status).toBe(204);
    expect((await call("DELETE", `/items/${item.id}`, token)).status).toBe(204);
    expect((await call("GET", `/items/${item.id}`, token)).status).toBe(404);
  });

  it("the read model rebuilt from the log equals the live one", async () => {
    const token = await newOrganisation("Fanny");
    const item = (
      await call("POST", "/items", token, { ...chair, saleTiers: [{ fromQuantity: "3", unitPrice: "70" }] })
    ).body;
    await call("PUT", `/items/${item.id}`, token, { label: "Chaise paillée", kind: "products" });
    await call("POST", "/items/metas", token, { itemId: item.id, key: "couleur", value: "naturel" });
    await call("POST", "/items", token, { ...chair, reference: "CH-02" });
    const rows = () =>
      harness.ctx.database.db
        .selectFrom("items")
        .selectAll()
        .orderBy("org_id")
        .orderBy("reference")
        .execute();
    const live = await rows();
    expect(live.find((r) => r.id === item.id)).toMatchObject({
      label: "Chaise paillée",
      search: "ch-01\u001fchaise paillée",
      sell_account: "701000",
      metas: { couleur: "naturel" },
    });
    await harness.ctx.runner.rebuild("items");
    expect(await rows()).toEqual(live);
  });
});
