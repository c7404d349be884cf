import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { importContacts } from "./contacts-import.ts";

const card = (lines: string[]) => ["BEGIN:VCARD", "VERSION:4.0", ...lines, "END:VCARD", ""].join("\r\n");
const person = (first: string, last: string, org: string) =>
  card([`FN:${first} ${last}`, `N:${last};${first};;;`, "KIND:individual", `ORG:${org}`]);

describe.each(databaseKinds)("vCard import: a person's ORG links it to a company on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);
  const upload = async (path: string, token: string, body: string, key = randomUUID()) => {
    const res = await harness.app.request(`/api${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/octet-stream",
        authorization: `Bearer ${token}`,
        "accept-language": "fr",
        "idempotency-key": key,
      },
      body,
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await res.json()) as any };
  };
  const companiesOf = async (token: string, id: string) =>
    (
      (await send("GET", `/contacts/${id}/contacts`, token)).body.items as {
        name: string;
        contactId: string;
      }[]
    ).map((l) => l.name);
  const byName = async (token: string) => {
    const list = (await send("GET", "/contacts?limit=200", token)).body.items as {
      id: string;
      name: string;
      kind: string;
    }[];
    return new Map(list.map((c) => [c.name, c]));
  };

  it("finds the company by its normalised name, in the file or the organisation, else creates it once in the same import", async () => {
    const { token } = await organisation("Olga");
    const existing = await send("POST", "/contacts", token, {
      kind: "company",
      name: "Atelier Dupont SARL",
      types: ["customer"],
    });
    const file = [
      person("Jean", "Martin", "ATELIER DUPONT"),
      person("Lise", "Petit", "Nouvelle Forge"),
      person("Marc", "Roux", "nouvelle forge SAS"),
      card(["FN:Verrerie Lebrun", "KIND:org", "ORG:Verrerie Lebrun"]),
      person("Anne", "Blanc", "Verrerie Lebrun"),
    ].join("");

    const dry = await upload("/contacts/import?format=vcard&dryRun=true", token, file);
    // Five cards and the one company no contact has yet.
    expect(dry.body).toMatchObject({ written: false, created: 6, errors: [] });
    const key = randomUUID();
    const imported = await upload("/contacts/import?format=vcard", token, file, key);
    expect(imported.body).toMatchObject({ written: true, created: 6, errors: [] });
    // A retry writes nothing twice.
    await upload("/contacts/import?format=vcard", token, file, key);

    const contacts = await byName(token);
    expect([...contacts.keys()].sort()).toEqual([
      "Anne Blanc",
      "Atelier Dupont SARL",
      "Jean Martin",
      "Lise Petit",
      "Marc Roux",
      "Nouvelle Forge",
      "Verrerie Lebrun",
    ]);
    expect(contacts.get("Nouvelle Forge")?.kind).toBe("company");
    expect(await companiesOf(token, contacts.get("Jean Martin")?.id ?? "")).toEqual(["Atelier Dupont SARL"]);
    expect(contacts.get("Atelier Dupont SARL")?.id).toBe(existing.body.id);
    expect(await companiesOf(token, contacts.get("Lise Petit")?.id ?? "")).toEqual(["Nouvelle Forge"]);
    expect(await companiesOf(token, contacts.get("Marc Roux")?.id ?? "")).toEqual(["Nouvelle Forge"]);
    expect(await companiesOf(token, contacts.get("Anne Blanc")?.id ?? "")).toEqual(["Verrerie Lebrun"]);
    // The company sees its people.
    expect((await companiesOf(token, contacts.get("Nouvelle Forge")?.id ?? "")).sort()).toEqual([
      "Lise Petit",
      "Marc Roux",
    ]);
  });

  it("keeps a created company in the commit of the first person naming it, across batches", async () => {
    const { token, orgId } = await organisation("Pia");
    const file = [
      card(["FN:Solo", "KIND:org", "ORG:Solo"]),
      person("Paul", "Vidal", "Forge Vidal"),
      person("Rita", "Vidal", "Forge Vidal"),
    ].join("");
    const metadata: CommandMetadata = {
      commandId: randomUUID(),
      at: new Date().toISOString(),
      userId: "test",
    };
    // Batches of 2 would part « Forge Vidal » (created) from Paul: it stops the batch after him.
    const sizes: number[] = [];
    let before = 0;
    const imported = await importContacts(harness.ctx, orgId, new TextEncoder().encode(file), metadata, {
      format: "vcard",
      dryRun: false,
      acknowledgeDuplicates: false,
      locale: "fr",
      batchSize: 2,
      onProgress: (done) => {
        sizes.push(done - before);
        before = done;
      },
    });
    expect(imported).toMatchObject({ written: true, created: 4 });
    expect(sizes).toEqual([3, 1]);
    await harness.ctx.runner.drain();
    const contacts = await byName(token);
    expect(await companiesOf(token, contacts.get("Rita Vidal")?.id ?? "")).toEqual(["Forge Vidal"]);
  });
});
