import { randomUUID } from "node:crypto";
import { type ContactEvent, contactStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { contactsProjector } from "./contacts.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

/** A contact's events, each its own command, all at `at`. */
const on = (orgId: string, id: string, at: string, events: readonly ContactEvent[]): GivenEvent[] =>
  events.map((e) => ({ orgId, streamId: contactStreamId(id), type: e.type, data: e.data, at }));

const company = (
  id: string,
  name: string,
  types: ("customer" | "supplier" | "prospect")[],
): ContactEvent => ({
  type: "ContactCreated",
  data: { id, identity: { kind: "company", name }, types, job: null, website: null },
});

describe.each(databaseKinds)("contacts read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, contactsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given contacts and their changes, then one row each to list, search and detail, and every code given", async () => {
    const org = randomUUID();
    const [bakery, jeanne, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given(
        ...on(org, bakery, "2026-11-20T09:00:00.000Z", [
          company(bakery, "Boulangerie Éclair", ["customer"]),
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
        ]),
        ...on(org, jeanne, "2026-11-21T09:00:00.000Z", [
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
        ]),
        ...on(org, jeanne, "2026-11-22T09:00:00.000Z", [
          {
            type: "ContactTypesChanged",
            data: { types: ["prospect", "supplier"], added: ["supplier"], removed: [] },
          },
          {
            type: "ContactAuxiliaryAccountAssigned",
            data: { role: "supplier", control: "401000", code: "FJEANNELERO" },
          },
          { type: "ContactArchived", data: {} },
        ]),
        ...on(org, gone, "2026-11-22T10:00:00.000Z", [
          company(gone, "Éphémère", ["supplier"]),
          {
            type: "ContactAuxiliaryAccountAssigned",
            data: { role: "supplier", control: "401000", code: "FEPHEMERE" },
          },
        ]),
        ...on(org, gone, "2026-11-22T11:00:00.000Z", [{ type: "ContactDeleted", data: { id: gone } }]),
      )
      .then({
        contacts: [
          {
            org_id: org,
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
            state: expect.objectContaining({ id: bakery, phones: { p1: expect.anything() } }),
            search:
              "boulangerie eclair\u001f732829320\u001ffr44732829320\u001f+33478123456\u001f0478123456\u001flyon\u001f69002\u001fcboulangeri",
            dup_keys: ["name:boulangerie eclair", "siren:732829320", "vatNumber:FR44732829320"],
            created_at: new Date("2026-11-20T09:00:00.000Z"),
            updated_at: new Date("2026-11-20T09:00:00.000Z"),
            version: 5,
          },
          {
            org_id: org,
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
            state: expect.objectContaining({
              links: { l1: expect.objectContaining({ contactId: bakery, job: "Gérante" }) },
            }),
            search: "jeanne leroy\u001fjeanne@leroy.fr\u001ffjeannelero",
            dup_keys: ["name:jeanne leroy", "email:jeanne@leroy.fr"],
            created_at: new Date("2026-11-21T09:00:00.000Z"),
            updated_at: new Date("2026-11-22T09:00:00.000Z"),
            version: 7,
          },
        ],
        // The deleted contact's code stays taken.
        contact_auxiliary_codes: [
          { org_id: org, code: "CBOULANGERI", role: "customer", contact_id: bakery },
          { org_id: org, code: "FEPHEMERE", role: "supplier", contact_id: gone },
          { org_id: org, code: "FJEANNELERO", role: "supplier", contact_id: jeanne },
        ],
      });
  });

  it("given names and criteria no bulk writer should mangle, then each row holds them exactly, rebuilt too", async () => {
    const org = randomUUID();
    const ids = hostileTexts.map(() => randomUUID());
    const at = "2026-11-20T09:00:00.000Z";
    await spec
      .given(
        ...ids.flatMap((id, i) =>
          on(org, id, at, [
            company(id, `${hostileTexts[i]} ${i}`, ["customer", "supplier"]),
            // A text[] column: COPY's array literal quotes and escapes each element.
            { type: "ContactCriterionAdded", data: { criterion: hostileTexts[i] ?? "" } },
            { type: "ContactCriterionAdded", data: { criterion: `{${i}}, "x"` } },
          ]),
        ),
      )
      .then({
        contacts: ids.map((id, i) =>
          expect.objectContaining({
            org_id: org,
            contact_id: id,
            name: `${hostileTexts[i]} ${i}`,
            types: ["customer", "supplier"],
            criteria: [hostileTexts[i], `{${i}}, "x"`],
            state: expect.objectContaining({
              identity: { kind: "company", name: `${hostileTexts[i]} ${i}` },
            }),
            version: 3,
          }),
        ),
      });
  });
});
