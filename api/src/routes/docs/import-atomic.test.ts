import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { EventStore } from "@registre/store";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { createApp } from "../../app.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

/**
 * Issue 21: a supplier's invoice imported is one commit or nothing — the new supplier (and its auxiliary
 * account), the draft and the original file stored together or not at all — and the texts of the file
 * are cleaned before anything is stored. The file: the fixtures' CII (../shared/fixtures/facturx) whose
 * seller's name holds what real files hold, and ends with a DOS end-of-file byte.
 */
const FIXTURES = new URL("../../../../../shared/fixtures/facturx/", import.meta.url);
const dirtyCii = (): Uint8Array<ArrayBuffer> => {
  const xml = readFileSync(new URL("xml/factur-x-en16931.xml", FIXTURES), "utf8").replace(
    /(<ram:SellerTradeParty>[\s\S]*?<ram:Name>)[^<]*/,
    (_all, before) => `${before}\u0000LE \u0007FOURNISSEUR\u202e\u202c\u001a`,
  );
  return new TextEncoder().encode(`${xml}\u001a`) as Uint8Array<ArrayBuffer>;
};

describe.each(databaseKinds)("a supplier invoice's import, one commit or nothing, on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);
  const upload = (token: string, bytes: Uint8Array<ArrayBuffer>, key: string, app = harness.app) =>
    app.request("/api/docs/import?createSupplier=true&name=facture.xml", {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "idempotency-key": key,
      },
      body: bytes,
    });
  /** What the organisation holds: its contacts, its purchase documents, and the log's head. */
  const books = async (token: string) => ({
    contacts: (await call("GET", "/contacts?status=all&limit=200", token)).body.items.map(
      (c: { name: string }) => c.name,
    ) as string[],
    purchases: (await call("GET", "/docs?direction=purchases", token)).body.total as number,
    head: await harness.ctx.store.head(),
  });
  /**
   * The same context, its event store failing any write of a draft's stream while `failing.on` (a disk
   * full, a connection lost mid-commit): a supplier written in a commit of its own would stay behind.
   */
  const failingDraftWrite = () => {
    const failing = { on: true };
    const writesDraft = (streamId: string) => failing.on && streamId.startsWith("doc-");
    const refuse = () => {
      throw new Error("the database went away mid-commit");
    };
    const store = new Proxy(harness.ctx.store, {
      get(target, property) {
        if (property === "appendMany")
          return (orgId: string, parts: Parameters<EventStore["appendMany"]>[1], ...rest: unknown[]) =>
            typeof parts === "function" || parts.some((p) => writesDraft(p.streamId))
              ? Promise.resolve().then(refuse)
              : (target.appendMany as (...args: unknown[]) => unknown)(orgId, parts, ...rest);
        if (property === "append")
          return (orgId: string, streamId: string, ...rest: unknown[]) =>
            writesDraft(streamId)
              ? Promise.resolve().then(refuse)
              : (target.append as (...args: unknown[]) => unknown)(orgId, streamId, ...rest);
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as EventStore;
    return { failing, app: createApp({ ...harness.ctx, store }) };
  };

  it("a CII whose seller's name holds NUL, BEL, an RTL override and end-of-file bytes: one draft, the supplier created once with the name cleaned, the original attached; a retry creates nothing more", async () => {
    const o = await documentsOrganisation(call, register, "Controle");
    const before = await books(o.token);
    const bytes = dirtyCii();
    const key = randomUUID();
    const first = await upload(o.token, bytes, key);
    expect(first.status).toBe(201);
    const answer = await first.json();
    expect(answer.invoice.seller.name).toBe("LE FOURNISSEUR");
    expect(answer.created).toMatchObject({ contactCreated: true, originalAttached: true });
    const after = await books(o.token);
    expect(after.contacts).toEqual(expect.arrayContaining(["LE FOURNISSEUR"]));
    expect(after.contacts).toHaveLength(before.contacts.length + 1);
    expect(after.purchases).toBe(before.purchases + 1);
    const supplier = (await call("GET", `/contacts/${answer.created.contactId}`, o.token)).body;
    expect(supplier).toMatchObject({ name: "LE FOURNISSEUR", types: ["supplier"] });
    const draft = (await call("GET", `/docs/${answer.created.docId}`, o.token)).body;
    expect(draft).toMatchObject({ status: "draft", contactId: answer.created.contactId });
    expect(draft.contact.name).toBe("LE FOURNISSEUR");
    // The original, byte for byte, control characters and all: it is the supplier's document.
    const files = (await call("GET", `/docs/${answer.created.docId}/files`, o.token)).body.files;
    expect(files).toMatchObject([
      { name: "facture.xml", contentType: "application/xml", size: bytes.length },
    ]);
    const download = await harness.app.request(`/api/docs/${answer.created.docId}/files/${files[0].fileId}`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    // The same key again: the first answer, nothing more stored.
    const replayed = await upload(o.token, bytes, key);
    expect(replayed.status).toBe(201);
    expect((await replayed.json()).created).toEqual(answer.created);
    expect(await books(o.token)).toEqual(after);
    // Its stored answer lost (the first attempt stopped before keeping it): the import finds its commit.
    await harness.ctx.database.db.deleteFrom("idempotency_keys").execute();
    const again = await upload(o.token, bytes, key);
    expect(again.status).toBe(201);
    expect((await again.json()).created).toEqual(answer.created);
    expect(await books(o.token)).toEqual(after);
  });

  it("the file store failing: neither the supplier nor the draft is stored; the same file then imports once", async () => {
    const o = await documentsOrganisation(call, register, "Stockage");
    const before = await books(o.token);
    const refused = createApp({
      ...harness.ctx,
      storeOriginal: async () => {
        throw new Error("the file store is unreachable");
      },
    });
    const key = randomUUID();
    expect((await upload(o.token, dirtyCii(), key, refused)).status).toBe(500);
    expect(await books(o.token)).toEqual(before);
    const imported = await upload(o.token, dirtyCii(), key);
    expect(imported.status).toBe(201);
    const after = await books(o.token);
    expect(after.contacts).toHaveLength(before.contacts.length + 1);
    expect(after.purchases).toBe(before.purchases + 1);
  });

  it("the draft's write failing: nothing stored, not the supplier either; a retry of the same key then imports it once, its file attached", async () => {
    const o = await documentsOrganisation(call, register, "Commit");
    const before = await books(o.token);
    const { failing, app } = failingDraftWrite();
    const key = randomUUID();
    expect((await upload(o.token, dirtyCii(), key, app)).status).toBe(500);
    expect(await books(o.token)).toEqual(before);
    failing.on = false;
    const retried = await upload(o.token, dirtyCii(), key, app);
    expect(retried.status).toBe(201);
    const { created } = await retried.json();
    const after = await books(o.token);
    expect(after.contacts).toHaveLength(before.contacts.length + 1);
    expect(after.purchases).toBe(before.purchases + 1);
    const files = (await call("GET", `/docs/${created.docId}/files`, o.token)).body.files;
    expect(files).toHaveLength(1);
  });
});
