import { randomUUID } from "node:crypto";
import { type CommandMetadata, type ContactEvent, contactStreamId } from "@registre/core";
import { createEventStore, type EventStore } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { contactsProjector } from "./contacts.ts";
import { createProjectionRunner } from "./runner.ts";

const meta = (at: string): CommandMetadata => ({ commandId: randomUUID(), at });

describe.each(databaseKinds)("contacts read model on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("given contacts and their changes, then one row each to list, search and detail; a rebuild equals it", async () => {
    const org = randomUUID();
    const [bakery, jeanne, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const append = (id: string, at: string, events: ContactEvent[]) =>
      store.append(org, contactStreamId(id), "any", events, { metadata: meta(at) });

    await append(bakery, "2026-11-20T09:00:00.000Z", [
      {
        type: "ContactCreated",
        data: {
          id: bakery,
          identity: { kind: "company", name: "Boulangerie Éclair" },
          types: ["customer"],
          job: null,
          website: null,
        },
      },
      {
        type: "ContactAuxiliaryAccountAssigned",
        data: { role: "customer", control: "411000", code: "CBOULANGERI" },
      },
      {
        type: "ContactAddressAdded",
        data: {
          id: "a1",
          kind: "billing",
          line1: "1 rue Neuve",
          line2: null,
          postalCode: "69002",
          city: "Lyon",
          country: "FR",
        },
      },
      { type: "ContactPhoneAdded", data: { id: "p1", kind: "work", number: "+33478123456" } },
      {
        type: "ContactLegalIdentityAdded",
        data: {
          siren: "732829320",
          siret: null,
          vatNumber: "FR44732829320",
          apeCode: null,
          legalForm: null,
          capital: null,
        },
      },
    ]);
    await append(jeanne, "2026-11-21T09:00:00.000Z", [
      {
        type: "ContactCreated",
        data: {
          id: jeanne,
          identity: { kind: "person", firstName: "Jeanne", lastName: "Leroy" },
          types: ["prospect"],
          job: null,
          website: null,
        },
      },
      { type: "ContactEmailAdded", data: { id: "e1", address: "jeanne@leroy.fr", label: null } },
      { type: "ContactLinkAdded", data: { id: "l1", contactId: bakery, job: "Gérante" } },
      { type: "ContactCriterionAdded", data: { criterion: "VIP" } },
    ]);
    await append(jeanne, "2026-11-22T09:00:00.000Z", [
      {
        type: "ContactTypesChanged",
        data: { types: ["prospect", "supplier"], added: ["supplier"], removed: [] },
      },
      {
        type: "ContactAuxiliaryAccountAssigned",
        data: { role: "supplier", control: "401000", code: "FJEANNELERO" },
      },
      { type: "ContactArchived", data: {} },
    ]);
    await append(gone, "2026-11-22T10:00:00.000Z", [
      {
        type: "ContactCreated",
        data: {
          id: gone,
          identity: { kind: "company", name: "Éphémère" },
          types: ["supplier"],
          job: null,
          website: null,
        },
      },
      {
        type: "ContactAuxiliaryAccountAssigned",
        data: { role: "supplier", control: "401000", code: "FEPHEMERE" },
      },
    ]);
    await append(gone, "2026-11-22T11:00:00.000Z", [{ type: "ContactDeleted", data: { id: gone } }]);

    const runner = createProjectionRunner(database, store, [contactsProjector], { batchSize: 3 });
    await runner.setup();
    await runner.drain();
    const rows = () =>
      database.db
        .selectFrom("contacts")
        .select([
          "contact_id",
          "kind",
          "name",
          "sort_name",
          "types",
          "criteria",
          "status",
          "siren",
          "vat_number",
          "email",
          "phone",
          "city",
          "customer_account",
          "supplier_account",
          "search",
          "dup_keys",
          "version",
          "state",
        ])
        .where("org_id", "=", org)
        .orderBy("sort_name")
        .execute();
    const codes = () =>
      database.db
        .selectFrom("contact_auxiliary_codes")
        .select(["code", "role", "contact_id"])
        .where("org_id", "=", org)
        .orderBy("code")
        .execute();
    const live = await rows();
    expect(live.map(({ state: _state, ...row }) => row)).toEqual([
      {
        contact_id: bakery,
        kind: "company",
        name: "Boulangerie Éclair",
        sort_name: "boulangerie eclair",
        types: ["customer"],
        criteria: [],
        status: "active",
        siren: "732829320",
        vat_number: "FR44732829320",
        email: null,
        phone: "+33478123456",
        city: "Lyon",
        customer_account: "CBOULANGERI",
        supplier_account: null,
        search:
          "boulangerie eclair\u001f732829320\u001ffr44732829320\u001f+33478123456\u001f0478123456\u001flyon\u001f69002\u001fcboulangeri",
        dup_keys: ["name:boulangerie eclair", "siren:732829320", "vatNumber:FR44732829320"],
        version: 5,
      },
      {
        contact_id: jeanne,
        kind: "person",
        name: "Jeanne Leroy",
        sort_name: "leroy jeanne",
        types: ["prospect", "supplier"],
        criteria: ["VIP"],
        status: "archived",
        siren: null,
        vat_number: null,
        email: "jeanne@leroy.fr",
        phone: null,
        city: null,
        customer_account: null,
        supplier_account: "FJEANNELERO",
        search: "jeanne leroy\u001fjeanne@leroy.fr\u001ffjeannelero",
        dup_keys: ["name:jeanne leroy", "email:jeanne@leroy.fr"],
        version: 7,
      },
    ]);
    expect(live[1]?.state).toMatchObject({ links: { l1: { contactId: bakery, job: "Gérante" } } });
    // The deleted contact's code stays taken.
    expect(await codes()).toEqual([
      { code: "CBOULANGERI", role: "customer", contact_id: bakery },
      { code: "FEPHEMERE", role: "supplier", contact_id: gone },
      { code: "FJEANNELERO", role: "supplier", contact_id: jeanne },
    ]);
    await runner.rebuild("contacts");
    expect(await rows()).toEqual(live);
    expect((await codes()).length).toBe(3);
  });
});
