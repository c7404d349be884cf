import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

/** The sub-records in the spec's flat shape: the same records, events and refusals as the nested routes. */
describe.each(databaseKinds)("contacts' sub-records in the flat shape on %s", (kind) => {
  const { send, organisation } = apiHarness(kind);

  it("adds, changes and removes each kind through /contacts/{sub}, seen through the nested routes", async () => {
    const { token } = await organisation("Flavie");
    const contact = (await send("POST", "/contacts", token, { kind: "company", name: "Scierie Vidal" })).body;
    const other = (await send("POST", "/contacts", token, { kind: "person", lastName: "Vidal" })).body;
    const parentId = contact.id as string;

    const address = await send("POST", "/contacts/addresses", token, {
      parentId,
      line1: "3 chemin du Moulin",
      postalCode: "24000",
      city: "Périgueux",
    });
    expect(address.status).toBe(201);
    expect(address.body).toMatchObject({ line1: "3 chemin du Moulin", city: "Périgueux", country: "FR" });
    const changed = await send("PUT", `/contacts/addresses/${address.body.id}`, token, {
      line1: "5 chemin du Moulin",
      postalCode: "24000",
      city: "Périgueux",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.line1).toBe("5 chemin du Moulin");
    const nested = await send("GET", `/contacts/${parentId}/addresses`, token);
    expect(nested.body.items).toEqual([
      expect.objectContaining({ id: address.body.id, line1: "5 chemin du Moulin" }),
    ]);

    const phone = await send("POST", "/contacts/phones", token, {
      parentId,
      kind: "work",
      number: "05 53 12 34 56",
    });
    expect(phone.body.number).toBe("+33553123456");
    const email = await send("POST", "/contacts/emails", token, { parentId, address: "bois@vidal.fr" });
    expect(email.status).toBe(201);
    const iban = await send("POST", "/contacts/ibans", token, {
      parentId,
      iban: "FR76 3000 6000 0112 3456 7890 189",
    });
    expect(iban.status).toBe(201);
    const note = await send("POST", "/contacts/notes", token, { parentId, text: "Livre le mardi." });
    expect(
      (await send("PUT", `/contacts/notes/${note.body.id}`, token, { text: "Livre le jeudi." })).body.text,
    ).toBe("Livre le jeudi.");
    const link = await send("POST", "/contacts/contacts", token, {
      parentId,
      contactId: other.id,
      job: "Gérant",
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ contactId: other.id });
    const legal = await send("POST", "/contacts/legals", token, { parentId, siren: "732829320" });
    expect(legal.body).toMatchObject({ siren: "732829320" });
    // The legal identity and the payment terms: one per contact, named by the contact's id.
    expect(
      (await send("PUT", `/contacts/legals/${parentId}`, token, { siren: "552120222" })).body.siren,
    ).toBe("552120222");
    await send("POST", "/contacts/paymentTerms", token, { parentId, days: 30 });
    expect((await send("PUT", `/contacts/paymentTerms/${parentId}`, token, { days: 45 })).body.days).toBe(45);
    // A meta: `<contactId>:<key>`.
    await send("POST", "/contacts/metas", token, { parentId, key: "ean", value: "123" });
    expect(
      (await send("PUT", `/contacts/metas/${parentId}:ean`, token, { value: "456" })).body,
    ).toMatchObject({
      key: "ean",
      value: "456",
    });

    const full = (await send("GET", `/contacts/${parentId}`, token)).body;
    expect(full).toMatchObject({
      phones: [{ id: phone.body.id }],
      emails: [{ id: email.body.id }],
      ibans: [{ id: iban.body.id }],
      notes: [{ id: note.body.id, text: "Livre le jeudi." }],
      legal: { siren: "552120222" },
      paymentTerms: { days: 45 },
      metas: [{ key: "ean", value: "456" }],
    });

    for (const path of [
      `/contacts/addresses/${address.body.id}`,
      `/contacts/phones/${phone.body.id}`,
      `/contacts/emails/${email.body.id}`,
      `/contacts/ibans/${iban.body.id}`,
      `/contacts/notes/${note.body.id}`,
      `/contacts/contacts/${link.body.id}`,
      `/contacts/legals/${parentId}`,
      `/contacts/paymentTerms/${parentId}`,
      `/contacts/metas/${parentId}:ean`,
    ])
      expect((await send("DELETE", path, token)).status, path).toBe(204);
    const emptied = (await send("GET", `/contacts/${parentId}`, token)).body;
    expect(emptied).toMatchObject({ addresses: [], phones: [], emails: [], ibans: [], notes: [], metas: [] });
    expect(emptied.legal ?? null).toBeNull();
    expect(emptied.paymentTerms ?? null).toBeNull();
  });

  it("refuses bad input, unknown records and another organisation's contact, changing nothing", async () => {
    const { token } = await organisation("Gaston");
    const stranger = await organisation("Hortense");
    const contact = (await send("POST", "/contacts", token, { kind: "company", name: "Tuilerie Roux" })).body;
    const phone = await send("POST", "/contacts/phones", token, {
      parentId: contact.id,
      number: "05 53 00 00 00",
    });

    const noParent = await send("POST", "/contacts/phones", token, { number: "05 53 00 00 01" });
    expect(noParent.status).toBe(422);
    expect(JSON.stringify(noParent.body)).toContain("parentId");
    const badIban = await send("POST", "/contacts/ibans", token, { parentId: contact.id, iban: "FR00 1234" });
    expect(badIban.status).toBe(422);
    const unknown = await send("PUT", `/contacts/phones/${crypto.randomUUID()}`, token, {
      number: "05 53 00 00 02",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("contact.recordNotFound");
    // Another organisation neither sees nor changes the record, nor adds to its contact.
    expect((await send("DELETE", `/contacts/phones/${phone.body.id}`, stranger.token)).status).toBe(404);
    expect(
      (await send("POST", "/contacts/notes", stranger.token, { parentId: contact.id, text: "intrus" }))
        .status,
    ).toBe(404);
    expect((await send("GET", `/contacts/${contact.id}`, token)).body).toMatchObject({
      phones: [{ id: phone.body.id, number: "+33553000000" }],
      notes: [],
    });
  });
});
