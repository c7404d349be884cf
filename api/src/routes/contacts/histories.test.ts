import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

type Line = {
  text: string;
  type: string;
  entry: { id: string; date: string; changedAt: string | null } | null;
};

describe.each(databaseKinds)("contact history entries (/contacts/histories) on %s", (kind) => {
  const { send, organisation } = apiHarness(kind);

  it("writes, changes and removes an entry, shown beside the events' sentences by its day", async () => {
    const { token } = await organisation("Hugo");
    const contact = await send("POST", "/contacts", token, {
      kind: "company",
      name: "Studio Hugo",
      types: ["prospect"],
    });
    const contactId = contact.body.id as string;

    const written = await send("POST", "/contacts/histories", token, {
      contactId,
      date: "2026-01-15",
      kind: "call",
      text: "  Appel : intéressé par l’offre annuelle.  ",
    });
    expect(written).toMatchObject({
      status: 201,
      body: { contactId, date: "2026-01-15", kind: "call", text: "Appel : intéressé par l’offre annuelle." },
    });
    const id = written.body.id as string;
    expect(id.startsWith(`${contactId}:`)).toBe(true);

    let lines = (await send("GET", `/contacts/${contactId}/histories`, token)).body.items as Line[];
    // The entry happened before the contact was created: it comes after the creation's sentence.
    expect(lines.map((l) => l.type)).toEqual(["ContactCreated", "ContactHistoryEntryAdded"]);
    expect(lines[1]).toMatchObject({
      text: "Appel : intéressé par l’offre annuelle.",
      userName: "Hugo",
      entry: { id, kind: "call", date: "2026-01-15", changedAt: null },
    });

    const changed = await send("PUT", `/contacts/histories/${id}`, token, {
      kind: "meeting",
      date: "2099-12-31",
    });
    expect(changed).toMatchObject({ status: 200, body: { id, kind: "meeting", date: "2099-12-31" } });
    lines = (await send("GET", `/contacts/${contactId}/histories`, token)).body.items as Line[];
    // Shown once, as it reads now, first (its day is the newest); its change is not a line of its own.
    expect(lines).toHaveLength(2);
    expect(lines[0]?.entry).toMatchObject({ kind: "meeting", date: "2099-12-31" });
    expect(lines[0]?.entry?.changedAt).not.toBeNull();

    expect((await send("DELETE", `/contacts/histories/${id}`, token)).status).toBe(204);
    lines = (await send("GET", `/contacts/${contactId}/histories`, token)).body.items as Line[];
    expect(lines.map((l) => l.entry)).toEqual([null, null]);
    expect(lines[0]?.text).toBe(
      "Entrée d’historique supprimée : 2099-12-31 · Appel : intéressé par l’offre annuelle.",
    );
    const english = await send("GET", `/contacts/${contactId}/histories`, token, undefined, { lang: "en" });
    expect(english.body.items[0].text).toMatch(/^History entry removed: 2099-12-31/);

    // Gone: changing or removing it again is "not found"; an id that is no entry's id is refused.
    expect((await send("PUT", `/contacts/histories/${id}`, token, { text: "x" })).status).toBe(404);
    expect((await send("DELETE", `/contacts/histories/${id}`, token)).status).toBe(404);
    expect(await send("DELETE", "/contacts/histories/not-an-entry", token)).toMatchObject({
      status: 422,
      body: { errors: [{ path: "id" }] },
    });
  });

  it("refuses a bad day, kind or text with the field, in French and English; and an unknown contact", async () => {
    const { token } = await organisation("Ines");
    const contact = await send("POST", "/contacts", token, { kind: "person", lastName: "Roux", types: [] });
    const contactId = contact.body.id as string;
    const badDay = await send("POST", "/contacts/histories", token, {
      contactId,
      date: "2026-02-30",
      kind: "call",
      text: "x",
    });
    expect(badDay).toMatchObject({
      status: 422,
      body: {
        code: "validation.invalidDate",
        errors: [{ path: "date" }],
        detail: "Date invalide : 2026-02-30.",
      },
    });
    const english = await send(
      "POST",
      "/contacts/histories",
      token,
      { contactId, date: "2026-13-01", kind: "call", text: "x" },
      { lang: "en" },
    );
    expect(english.body.detail).toBe("Invalid date: 2026-13-01.");
    const empty = await send("POST", "/contacts/histories", token, {
      contactId,
      date: "2026-02-03",
      kind: "call",
      text: "  ",
    });
    expect(empty).toMatchObject({ status: 422, body: { errors: [{ path: "text" }] } });
    const badKind = await send("POST", "/contacts/histories", token, {
      contactId,
      date: "2026-02-03",
      kind: "fax",
      text: "x",
    });
    expect(badKind.status).toBe(422);
    const nobody = await send("POST", "/contacts/histories", token, {
      contactId: "00000000-0000-4000-8000-000000000000",
      date: "2026-02-03",
      kind: "call",
      text: "x",
    });
    expect(nobody).toMatchObject({ status: 404, body: { code: "contact.notFound" } });
  });

  it("writes an entry once when a POST is retried with its Idempotency-Key", async () => {
    const { token } = await organisation("Jules");
    const contact = await send("POST", "/contacts", token, {
      kind: "company",
      name: "Jules et fils",
      types: [],
    });
    const contactId = contact.body.id as string;
    const key = crypto.randomUUID();
    const input = { contactId, date: "2026-03-04", kind: "email", text: "Devis envoyé" };
    const first = await send("POST", "/contacts/histories", token, input, { key });
    const again = await send("POST", "/contacts/histories", token, input, { key });
    expect(again.body).toEqual(first.body);
    const lines = (await send("GET", `/contacts/${contactId}/histories`, token)).body.items as Line[];
    expect(lines.filter((l) => l.entry)).toHaveLength(1);
  });
});
