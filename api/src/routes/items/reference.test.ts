import { randomUUID } from "node:crypto";
import { itemStreamId } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { itemReferenceStreamId } from "../../items/reference.ts";
import { apiHarness } from "../../testing/api-harness.ts";

/** An item's reference is unique by construction: a reservation stream per reference, in the item's commit. */
describe.each(databaseKinds)("item references reserved on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);
  const item = (reference: string, label = "Chaise") => ({
    use: "sale",
    kind: "goods",
    reference,
    label,
    unit: "C62",
    vatRate: "20",
  });
  /** The items read model runs for the organisation: caught up, stopped for none. */
  const healthy = async (orgId: string) => {
    await harness.ctx.runner.drain();
    const health = await (await harness.app.request("/api/health")).json();
    expect(health.status).toBe("ok");
    const items = (await harness.ctx.runner.status()).find((s) => s.name === "items");
    expect(items?.status).toBe("running");
    expect(items?.failures.filter((f) => f.orgId === orgId)).toEqual([]);
  };
  const references = async (token: string) =>
    ((await send("GET", "/items?status=all&limit=200", token)).body.items as { reference: string }[])
      .map((i) => i.reference)
      .sort();
  const refused = (answer: { status: number; body: { code: string; errors: { path: string }[] } }) => {
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: "item.duplicateReference", errors: [{ path: "reference" }] });
  };

  it("answers one of two creations at once with one reference, refuses the other on its field, the read model healthy", async () => {
    const { token, orgId } = await organisation("Agathe");
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        send("POST", "/items", token, item(`JUM-${round}`, "Premier")),
        send("POST", "/items", token, item(`jum-${round}`, "Second")),
        send("POST", "/items", token, item(`Jum-${round}`, "Troisième"), { lang: "en" }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      for (const answer of answers.filter((a) => a.status !== 201)) refused(answer);
      const [french, , english] = answers;
      if (french?.status === 409) expect(french.body.detail).toBe(`Code en double (JUM-${round}).`);
      if (english?.status === 409) expect(english.body.detail).toBe(`Duplicate code (Jum-${round}).`);
    }
    await healthy(orgId);
    expect((await references(token)).length).toBe(3);
  });

  it("refuses a taken reference the read model does not show yet (the reservation alone)", async () => {
    const { token, orgId } = await organisation("Basile");
    const first = await send("POST", "/items", token, item("LAG-1"));
    expect(first.status).toBe(201);
    // The read model as if it had not caught up: the shell's first check passes.
    await harness.ctx.database.db.deleteFrom("items").where("org_id", "=", orgId).execute();
    refused(await send("POST", "/items", token, item(" lag-1 ")));
    await healthy(orgId);
  });

  it("frees the old reference on a change of reference, keeps it on a change of case", async () => {
    const { token, orgId } = await organisation("Capucine");
    const a = await send("POST", "/items", token, item("REF-1"));
    expect((await send("PUT", `/items/${a.body.id}`, token, { reference: "REF-2" })).status).toBe(200);
    // The old one is free: its reservation was released in the same commit.
    expect((await send("POST", "/items", token, item("ref-1", "Autre"))).status).toBe(201);
    refused(await send("POST", "/items", token, item("REF-2", "Autre")));
    // A change of case keeps the reservation: REF-2 is still taken, by the same item.
    expect((await send("PUT", `/items/${a.body.id}`, token, { reference: "ref-2" })).status).toBe(200);
    await harness.ctx.database.db.deleteFrom("items").where("org_id", "=", orgId).execute();
    refused(await send("POST", "/items", token, item("Ref-2", "Autre")));
    await healthy(orgId);
  });

  it("refuses a change of reference to one another item holds, on its field", async () => {
    const { token, orgId } = await organisation("Dorian");
    await send("POST", "/items", token, item("PRIS"));
    const b = await send("POST", "/items", token, item("LIBRE"));
    refused(await send("PUT", `/items/${b.body.id}`, token, { reference: "pris" }));
    expect(await references(token)).toEqual(["LIBRE", "PRIS"]);
    await healthy(orgId);
  });

  it("keeps an archived item's reference, frees a deleted item's", async () => {
    const { token, orgId } = await organisation("Eloise");
    const a = await send("POST", "/items", token, item("ARCH-1"));
    expect((await send("PUT", `/items/${a.body.id}`, token, { status: "archived" })).status).toBe(200);
    refused(await send("POST", "/items", token, item("arch-1", "Autre")));
    expect((await send("DELETE", `/items/${a.body.id}`, token)).status).toBe(204);
    const again = await send("POST", "/items", token, item("arch-1", "Autre"));
    expect(again.status).toBe(201);
    const events = await harness.ctx.store.readStream(orgId, itemReferenceStreamId("ARCH-1"));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["ItemReferenceClaimed", { item: a.body.id, reference: "ARCH-1" }],
      ["ItemReferenceReleased", { item: a.body.id }],
      ["ItemReferenceClaimed", { item: again.body.id, reference: "arch-1" }],
    ]);
    await healthy(orgId);
  });

  it("checks an item created before reservations in the read model, and lets it change its reference", async () => {
    const { token, orgId } = await organisation("Fabien");
    const id = randomUUID();
    await harness.ctx.store.append(
      orgId,
      itemStreamId(id),
      "no_stream",
      [
        {
          type: "ItemCreated",
          data: {
            id,
            use: "sale",
            kind: "goods",
            reference: "ANCIEN",
            label: "Ancien",
            description: null,
            unit: "C62",
            vatRate: "20",
            vatExemption: null,
            sellAccount: "707000",
            buyAccount: null,
            buyPrice: null,
            sellPrice: null,
          },
        },
      ],
      { metadata: { commandId: randomUUID(), at: new Date().toISOString(), userId: "test" } },
    );
    await harness.ctx.runner.drain();
    refused(await send("POST", "/items", token, item("ancien", "Nouveau")));
    expect((await send("PUT", `/items/${id}`, token, { reference: "ANCIEN-2" })).status).toBe(200);
    expect((await send("POST", "/items", token, item("ancien", "Nouveau"))).status).toBe(201);
    refused(await send("POST", "/items", token, item("ancien-2", "Nouveau")));
    await healthy(orgId);
  });

  it("answers a retried creation its first result, claiming nothing twice", async () => {
    const { token, orgId } = await organisation("Gaspard");
    const key = randomUUID();
    const first = await send("POST", "/items", token, item("RETRY"), { key });
    const second = await send("POST", "/items", token, item("RETRY"), { key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const events = await harness.ctx.store.readStream(orgId, itemReferenceStreamId("retry"));
    expect(events.map((e) => e.type)).toEqual(["ItemReferenceClaimed"]);
  });
});
