import { randomUUID } from "node:crypto";
import { contactStreamId } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

describe.each(databaseKinds)("merging contacts on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await send("POST", "/contacts", token, { acknowledgeDuplicates: true, ...body });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it("merges in one commit: every record kept, the merged one as history, other contacts' links follow", async () => {
    const { token, orgId } = await organisation("Merle");
    const kept = await create(token, {
      kind: "company",
      name: "Alpha",
      types: ["customer"],
      emails: [{ address: "compta@alpha.fr" }],
    });
    const merged = await create(token, {
      kind: "company",
      name: "ALPHA SARL",
      types: ["supplier"],
      emails: [{ address: "COMPTA@alpha.fr" }, { address: "achats@alpha.fr" }],
      ibans: [{ iban: "FR76 3000 6000 0112 3456 7890 189" }],
      criteria: ["Export"],
    });
    const jean = await create(token, { kind: "person", firstName: "Jean", lastName: "Martin" });
    const linked = await send("POST", `/contacts/${jean}/contacts`, token, {
      contactId: merged,
      job: "Gérant",
    });
    expect(linked.status).toBe(201);

    const key = randomUUID();
    const res = await send("POST", `/contacts/${kept}/merge`, token, { from: merged }, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: kept,
      name: "Alpha",
      types: ["customer", "supplier"],
      customerAccount: "CALPHA",
      supplierAccount: "FALPHA",
      criteria: ["Export"],
      ibans: [{ iban: "FR7630006000011234567890189" }],
      links: [{ contactId: jean, job: "GERANT", inverse: true }],
    });
    expect(res.body.emails.map((e: { address: string }) => e.address).sort()).toEqual([
      "achats@alpha.fr",
      "compta@alpha.fr",
    ]);

    // One commit over the three streams; the merged contact keeps its history and leaves the list.
    const store = harness.ctx.store;
    const events = (id: string) => store.readStream(orgId, contactStreamId(id));
    const [keptEvents, mergedEvents, jeanEvents] = [
      await events(kept),
      await events(merged),
      await events(jean),
    ];
    const mergedIn = keptEvents.find((e) => e.type === "ContactMergedIn");
    expect(mergedEvents.at(-1)).toMatchObject({ type: "ContactMergedInto", data: { targetId: kept } });
    expect(jeanEvents.at(-1)).toMatchObject({ type: "ContactLinkChanged", data: { contactId: kept } });
    expect(mergedEvents.at(-1)?.txId).toBe(mergedIn?.txId);
    expect(jeanEvents.at(-1)?.txId).toBe(mergedIn?.txId);
    expect(mergedEvents.map((e) => e.type)).toContain("ContactIbanAdded");

    const list = await send("GET", "/contacts?status=all", token);
    expect(list.body.items.map((c: { id: string }) => c.id).sort()).toEqual([kept, jean].sort());
    const old = await send("GET", `/contacts/${merged}`, token);
    expect(old.body).toMatchObject({ status: "merged", mergedInto: kept });
    const jeanNow = await send("GET", `/contacts/${jean}`, token);
    expect(jeanNow.body.links).toMatchObject([{ contactId: kept, name: "Alpha", job: "GERANT" }]);
    const history = await send("GET", `/contacts/${merged}/histories`, token);
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBe(mergedEvents.length);

    // The same key answers the same, writing nothing twice; the merged contact takes no command.
    const again = await send("POST", `/contacts/${kept}/merge`, token, { from: merged }, { key });
    expect(again.status).toBe(200);
    expect((await store.readStream(orgId, contactStreamId(kept))).length).toBe(keptEvents.length);
    const refused = await send("POST", `/contacts/${merged}/notes`, token, { text: "Encore" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("contact.merged");
  });

  it("refuses a contact merged with itself, a person with a company, an unknown one — in French or English", async () => {
    const { token } = await organisation("Pinson");
    const company = await create(token, { kind: "company", name: "Beta" });
    const person = await create(token, { kind: "person", firstName: "Anne", lastName: "Beta" });
    const self = await send("POST", `/contacts/${company}/merge`, token, { from: company });
    expect(self).toMatchObject({ status: 409, body: { code: "contact.mergeSame" } });
    expect(self.body.detail).toBe("Un contact ne peut pas être fusionné avec lui-même.");
    const kinds = await send("POST", `/contacts/${company}/merge`, token, { from: person }, { lang: "en" });
    expect(kinds).toMatchObject({ status: 409, body: { code: "contact.mergeKinds" } });
    expect(kinds.body.detail).toBe("A person and a company cannot be merged.");
    const unknown = await send("POST", `/contacts/${company}/merge`, token, { from: randomUUID() });
    expect(unknown).toMatchObject({ status: 404, body: { code: "contact.notFound" } });
    const bad = await send("POST", `/contacts/${company}/merge`, token, { from: "nope" });
    expect(bad.status).toBe(422);
  });
});
