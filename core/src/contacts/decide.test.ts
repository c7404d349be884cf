import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { auxiliaryAccountCommands } from "./auxiliary.ts";
import {
  type ContactEvent,
  type ContactLegalIdentity,
  contactEventTypes,
  contactStreamId,
  recordEventTypes,
} from "./contact.ts";
import {
  type ContactAccountingContext,
  type ContactCommand,
  type CreateContact,
  contactDecider,
} from "./decide.ts";
import type { DuplicateMatch } from "./duplicates.ts";

const spec = deciderSpecification(contactDecider);

const id = "c-alpha";
const byName: ContactAccountingContext = { codeMode: "name", takenCodes: [] };
const byCounter: ContactAccountingContext = {
  codeMode: "counter",
  takenCodes: ["C00001", "C00007", "F00002"],
};

const create = (
  data: Partial<CreateContact["data"]> = {},
  context: Partial<CreateContact["context"]> = {},
): ContactCommand => ({
  type: "CreateContact",
  data: { id, identity: { kind: "company", name: "Alpha SARL" }, types: ["prospect"], ...data },
  context: { duplicates: [], accounting: byName, ...context },
});

const created = (
  data: Partial<Extract<ContactEvent, { type: "ContactCreated" }>["data"]> = {},
): ContactEvent => ({
  type: "ContactCreated",
  data: {
    id,
    identity: { kind: "company", name: "Alpha SARL" },
    types: ["prospect"],
    job: null,
    website: null,
    ...data,
  },
});

const person: ContactEvent = {
  type: "ContactCreated",
  data: {
    id: "p-jean",
    identity: { kind: "person", firstName: "Jean", lastName: "Dupont" },
    types: ["customer"],
    job: null,
    website: null,
  },
};

const assigned = (role: "customer" | "supplier", code: string): ContactEvent => ({
  type: "ContactAuxiliaryAccountAssigned",
  data: { role, control: role === "customer" ? "411000" : "401000", code },
});

const legal: ContactLegalIdentity = {
  siren: "732829320",
  siret: "73282932000074",
  vatNumber: "FR44732829320",
  apeCode: "62.01Z",
  legalForm: "SARL",
  capital: "10000.00",
};

const types = (...list: string[]): ContactCommand => ({
  type: "ChangeContactTypes",
  data: { types: list },
  context: { accounting: byName },
});

it("keeps each contact in its own stream and names every event type once", () => {
  expect(contactStreamId("c-1")).toBe("contact-c-1");
  expect(new Set(contactEventTypes).size).toBe(contactEventTypes.length);
  expect(contactEventTypes).toContain(recordEventTypes.iban.removed);
});

describe("creating a contact", () => {
  const given = spec.given([]);

  it("records a company of several types, in the catalogue's order, without repeats", () => {
    given
      .when(create({ types: ["supplier", "prospect", "supplier", "partner"] }, { accounting: byName }))
      .then([created({ types: ["prospect", "supplier", "partner"] }), assigned("supplier", "FALPHA")]);
  });

  it("records a person, first name optional, names cleaned", () => {
    given
      .when(create({ identity: { kind: "person", firstName: "  ", lastName: " Dupont\t " }, types: [] }))
      .then([created({ identity: { kind: "person", firstName: null, lastName: "Dupont" }, types: [] })]);
  });

  it("gives a customer and a supplier their auxiliary accounts at once, by name or by counter", () => {
    given
      .when(create({ types: ["customer", "supplier"] }))
      .then([
        created({ types: ["customer", "supplier"] }),
        assigned("customer", "CALPHA"),
        assigned("supplier", "FALPHA"),
      ]);
    given
      .when(create({ types: ["customer", "supplier"] }, { accounting: byCounter }))
      .then([
        created({ types: ["customer", "supplier"] }),
        assigned("customer", "C00008"),
        assigned("supplier", "F00003"),
      ]);
  });

  it("records the sub-records it comes with, each by its own event", () => {
    given
      .when(
        create({
          addresses: [
            { id: "a1", kind: "billing", line1: "1 rue de la Paix", postalCode: "75002", city: "Paris" },
          ],
          phones: [{ id: "t1", kind: "cellular", number: "06 12 34 56 78" }],
          emails: [{ id: "e1", address: "Compta@Alpha.FR" }],
          ibans: [{ id: "i1", iban: "fr14 2004 1010 0505 0001 3m02 606", bic: "bnpa frpp" }],
          legal: {
            siren: "732 829 320",
            vatNumber: "fr44732829320",
            apeCode: "6201z",
            legalForm: "SARL",
            capital: "10000",
          },
          paymentTerms: { days: 30 },
        }),
      )
      .then([
        created(),
        {
          type: "ContactAddressAdded",
          data: {
            id: "a1",
            kind: "billing",
            line1: "1 rue de la Paix",
            line2: null,
            postalCode: "75002",
            city: "Paris",
            country: "FR",
          },
        },
        { type: "ContactPhoneAdded", data: { id: "t1", kind: "cellular", number: "+33612345678" } },
        { type: "ContactEmailAdded", data: { id: "e1", address: "Compta@alpha.fr", label: null } },
        {
          type: "ContactIbanAdded",
          data: { id: "i1", iban: "FR1420041010050500013M02606", bic: "BNPAFRPP", label: null },
        },
        { type: "ContactLegalIdentityAdded", data: { ...legal, siret: null } },
        {
          type: "ContactPaymentTermsAdded",
          data: { days: 30, endOfMonth: false, penaltyRate: null, earlyPaymentDiscount: null },
        },
      ]);
  });

  const match: DuplicateMatch = { id: "c-other", name: "ALPHA", reasons: ["name"] };

  it("warns of possible duplicates, and goes on once the user acknowledged them", () => {
    given
      .when(create({}, { duplicates: [match] }))
      .thenThrows(refusedWith("contact.duplicate", { name: "ALPHA", reasons: "name" }, 409));
    given
      .when(create({}, { duplicates: [match, { ...match, id: "c-3", reasons: ["siren", "email"] }] }))
      .thenThrows(refusedWith("contact.duplicates", { count: 2 }, 409));
    given.when(create({ acknowledgeDuplicates: true }, { duplicates: [match] })).then([created()]);
  });

  it("refuses a company without a name, an unknown type, a second creation", () => {
    given
      .when(create({ identity: { kind: "company", name: "  " } }))
      .thenThrows(refusedOnField("contact.companyNameRequired", "name"));
    given
      .when(create({ identity: { kind: "person", lastName: "" } }))
      .thenThrows(refusedOnField("validation.required", "lastName"));
    given.when(create({ types: ["vip"] })).thenThrows(refusedOnField("validation.notAllowed", "types"));
    given
      .when(create({ website: "not a site" }))
      .thenThrows(refusedOnField("validation.notAllowed", "website"));
    spec
      .given([created()])
      .when(create())
      .thenThrows(refusedWith("contact.exists", {}, 409));
  });
});

describe("a contact's identity, details and types", () => {
  const given = spec.given([created()]);

  it("renames, keeping the previous identity in the event; the same name is no change", () => {
    given
      .when({ type: "RenameContact", data: { identity: { kind: "company", name: "Alpha  Industries" } } })
      .then([
        {
          type: "ContactRenamed",
          data: {
            identity: { kind: "company", name: "Alpha Industries" },
            previous: { kind: "company", name: "Alpha SARL" },
          },
        },
      ]);
    given
      .when({ type: "RenameContact", data: { identity: { kind: "company", name: "Alpha SARL" } } })
      .then([]);
  });

  it("changes job and website, only what differs", () => {
    given
      .when({ type: "ChangeContactDetails", data: { job: " Gérant ", website: "https://alpha.fr" } })
      .then([
        { type: "ContactDetailsChanged", data: { changes: { job: "Gérant", website: "https://alpha.fr" } } },
      ]);
    given.when({ type: "ChangeContactDetails", data: { job: null } }).then([]);
    given
      .when({ type: "ChangeContactDetails", data: { job: "x".repeat(101) } })
      .thenThrows(refusedOnField("validation.tooLong", "job"));
  });

  it("turns a prospect into a customer on the same stream, its account opened then", () => {
    given.when(types("customer")).then([
      {
        type: "ContactTypesChanged",
        data: { types: ["customer"], added: ["customer"], removed: ["prospect"] },
      },
      assigned("customer", "CALPHA"),
    ]);
  });

  it("never gives a code twice: a namesake takes the next one", () => {
    given
      .when({
        type: "ChangeContactTypes",
        data: { types: ["customer"] },
        context: { accounting: { codeMode: "name", takenCodes: ["CALPHA", "calpha2"] } },
      })
      .then([
        {
          type: "ContactTypesChanged",
          data: { types: ["customer"], added: ["customer"], removed: ["prospect"] },
        },
        assigned("customer", "CALPHA3"),
      ]);
  });

  it("keeps the account when a customer stops being one and comes back", () => {
    spec
      .given([
        created({ types: ["customer"] }),
        assigned("customer", "CALPHA"),
        {
          type: "ContactTypesChanged",
          data: { types: ["prospect"], added: ["prospect"], removed: ["customer"] },
        },
      ])
      .when(types("customer"))
      .then([
        {
          type: "ContactTypesChanged",
          data: { types: ["customer"], added: ["customer"], removed: ["prospect"] },
        },
      ]);
  });

  it("answers no event for the same types", () => {
    given.when(types("prospect")).then([]);
  });

  it("hands the chart the commands that open the accounts assigned", () => {
    expect(auxiliaryAccountCommands([created(), assigned("customer", "CALPHA")], "Alpha SARL")).toEqual([
      { type: "CreateAuxiliaryAccount", data: { number: "CALPHA", label: "Alpha SARL", control: "411000" } },
    ]);
  });
});

describe("sub-records", () => {
  const given = spec.given([created()]);
  const phone = { id: "t1", kind: "work" as const, number: "01 42 68 53 00" };

  it("adds, changes and removes a phone, each with its own event; the same value is no change", () => {
    given
      .when({ type: "AddContactPhone", data: phone })
      .then([{ type: "ContactPhoneAdded", data: { id: "t1", kind: "work", number: "+33142685300" } }]);
    const withPhone = spec.given([
      created(),
      { type: "ContactPhoneAdded", data: { id: "t1", kind: "work", number: "+33142685300" } },
    ]);
    withPhone
      .when({ type: "ChangeContactPhone", data: { ...phone, kind: "fax" } })
      .then([{ type: "ContactPhoneChanged", data: { id: "t1", kind: "fax", number: "+33142685300" } }]);
    withPhone.when({ type: "ChangeContactPhone", data: { ...phone, number: "+33 1 42 68 53 00" } }).then([]);
    withPhone
      .when({ type: "RemoveContactPhone", data: { id: "t1" } })
      .then([{ type: "ContactPhoneRemoved", data: { id: "t1" } }]);
    withPhone
      .when({ type: "AddContactPhone", data: phone })
      .thenThrows(refusedWith("contact.recordExists", { kind: "phone", id: "t1" }, 409));
  });

  it("reads national numbers in the country given", () => {
    given
      .when({
        type: "AddContactPhone",
        data: { id: "t2", kind: "home", number: "02 555 12 12", country: "BE" },
      })
      .then([{ type: "ContactPhoneAdded", data: { id: "t2", kind: "home", number: "+3225551212" } }]);
  });

  it("refuses what is not valid, naming the field", () => {
    given
      .when({ type: "AddContactPhone", data: { ...phone, number: "06 12" } })
      .thenThrows(refusedOnField("validation.invalidPhone", "number"));
    given
      .when({ type: "AddContactPhone", data: { ...phone, kind: "pager" as "work" } })
      .thenThrows(refusedOnField("validation.notAllowed", "kind"));
    given
      .when({ type: "AddContactEmail", data: { id: "e1", address: "jean@" } })
      .thenThrows(refusedOnField("validation.invalidEmail", "address"));
    given
      .when({ type: "AddContactIban", data: { id: "i1", iban: "FR1420041010050500013M02607" } })
      .thenThrows(refusedOnField("validation.invalidIban", "iban"));
    given
      .when({ type: "AddContactIban", data: { id: "i1", iban: "FR1420041010050500013M02606", bic: "BNP" } })
      .thenThrows(refusedOnField("validation.invalidBic", "bic"));
    given
      .when({
        type: "AddContactAddress",
        data: { id: "a1", kind: "delivery", line1: "1 rue", postalCode: "7500", city: "Paris" },
      })
      .thenThrows(refusedOnField("contact.invalidPostalCode", "postalCode"));
    given
      .when({
        type: "AddContactAddress",
        data: {
          id: "a1",
          kind: "delivery",
          line1: "1 rue",
          postalCode: "7500",
          city: "Paris",
          country: "France",
        },
      })
      .thenThrows(refusedOnField("validation.notAllowed", "country"));
    given
      .when({ type: "AddContactNote", data: { id: "n1", text: " \n " } })
      .thenThrows(refusedOnField("validation.required", "text"));
  });

  it("keeps a foreign postal code as written", () => {
    given
      .when({
        type: "AddContactAddress",
        data: {
          id: "a1",
          kind: "other",
          line1: "10 Downing St",
          postalCode: "SW1A 2AA",
          city: "London",
          country: "gb",
        },
      })
      .then([
        {
          type: "ContactAddressAdded",
          data: {
            id: "a1",
            kind: "other",
            line1: "10 Downing St",
            line2: null,
            postalCode: "SW1A 2AA",
            city: "London",
            country: "GB",
          },
        },
      ]);
  });

  it("refuses a second identical e-mail address or IBAN on one contact", () => {
    const withBoth = spec.given([
      created(),
      { type: "ContactEmailAdded", data: { id: "e1", address: "compta@alpha.fr", label: null } },
      {
        type: "ContactIbanAdded",
        data: { id: "i1", iban: "FR1420041010050500013M02606", bic: null, label: null },
      },
    ]);
    withBoth
      .when({ type: "AddContactEmail", data: { id: "e2", address: "COMPTA@alpha.fr" } })
      .thenThrows(refusedOnField("contact.duplicateEmail", "address", 409));
    withBoth
      .when({ type: "AddContactIban", data: { id: "i2", iban: "FR14 2004 1010 0505 0001 3M02 606" } })
      .thenThrows(refusedOnField("contact.duplicateIban", "iban", 409));
    withBoth
      .when({ type: "ChangeContactEmail", data: { id: "e9", address: "x@alpha.fr" } })
      .thenThrows(refusedWith("contact.recordNotFound", { kind: "email", id: "e9" }, 404));
    withBoth
      .when({ type: "RemoveContactIban", data: { id: "i9" } })
      .thenThrows(refusedWith("contact.recordNotFound", { kind: "iban", id: "i9" }, 404));
  });

  it("links a person to a company, never to itself nor to a contact of its own kind", () => {
    const link = { id: "l1", contactId: "c-alpha", job: "Comptable" };
    const jean = spec.given([person]);
    jean
      .when({ type: "AddContactLink", data: link, context: { linked: { kind: "company" } } })
      .then([{ type: "ContactLinkAdded", data: link }]);
    jean
      .when({
        type: "AddContactLink",
        data: { ...link, contactId: "p-jean" },
        context: { linked: { kind: "person" } },
      })
      .thenThrows(refusedOnField("contact.linkToItself", "contactId"));
    jean
      .when({ type: "AddContactLink", data: link, context: { linked: { kind: "person" } } })
      .thenThrows(refusedOnField("contact.linkKinds", "contactId"));
    jean
      .when({ type: "AddContactLink", data: link, context: { linked: null } })
      .thenThrows(refusedOnField("contact.linkedNotFound", "contactId", 404));
    spec
      .given([person, { type: "ContactLinkAdded", data: link }])
      .when({ type: "AddContactLink", data: { ...link, id: "l2" }, context: { linked: { kind: "company" } } })
      .thenThrows(refusedOnField("contact.duplicateLink", "contactId", 409));
  });

  it("adds a note keeping its lines", () => {
    given
      .when({ type: "AddContactNote", data: { id: "n1", text: " Rappeler lundi\r\nAvant 10 h " } })
      .then([{ type: "ContactNoteAdded", data: { id: "n1", text: "Rappeler lundi\nAvant 10 h" } }]);
  });
});

describe("legal identity and payment terms", () => {
  const given = spec.given([created()]);
  const setLegal = (data: Record<string, string | null>): ContactCommand => ({
    type: "SetContactLegalIdentity",
    data,
  });

  it("adds it once, changes it after, removes it", () => {
    given.when(setLegal({ siret: "732 829 320 00074" })).then([
      {
        type: "ContactLegalIdentityAdded",
        data: {
          siren: "732829320",
          siret: "73282932000074",
          vatNumber: null,
          apeCode: null,
          legalForm: null,
          capital: null,
        },
      },
    ]);
    const withLegal = spec.given([created(), { type: "ContactLegalIdentityAdded", data: legal }]);
    withLegal
      .when(setLegal({ ...legal, capital: "12000.5" }))
      .then([{ type: "ContactLegalIdentityChanged", data: { ...legal, capital: "12000.50" } }]);
    withLegal.when(setLegal(legal)).then([]);
    withLegal
      .when({ type: "RemoveContactLegalIdentity", data: {} })
      .then([{ type: "ContactLegalIdentityRemoved", data: {} }]);
    given.when({ type: "RemoveContactLegalIdentity", data: {} }).then([]);
  });

  it("checks each identifier's key and that they name one company", () => {
    given
      .when(setLegal({ siren: "732829321" }))
      .thenThrows(refusedOnField("validation.invalidSiren", "siren"));
    given
      .when(setLegal({ siret: "73282932000075" }))
      .thenThrows(refusedOnField("validation.invalidSiret", "siret"));
    given
      .when(setLegal({ siren: "552100554", siret: "73282932000074" }))
      .thenThrows(refusedOnField("contact.siretSirenMismatch", "siret"));
    given
      .when(setLegal({ vatNumber: "FR45732829320" }))
      .thenThrows(refusedOnField("validation.invalidVatNumber", "vatNumber"));
    given
      .when(setLegal({ siren: "552100554", vatNumber: "FR44732829320" }))
      .thenThrows(refusedOnField("contact.vatNumberSirenMismatch", "vatNumber"));
    given
      .when(setLegal({ apeCode: "620Z" }))
      .thenThrows(refusedOnField("validation.invalidApeCode", "apeCode"));
    given
      .when(setLegal({ capital: "10,5" }))
      .thenThrows(refusedOnField("validation.invalidAmount", "capital"));
    given.when(setLegal({ capital: "-1" })).thenThrows(refusedOnField("validation.invalidAmount", "capital"));
  });

  it("accepts other EU VAT numbers in their own format", () => {
    given.when(setLegal({ vatNumber: "DE 136 695 976" })).then([
      {
        type: "ContactLegalIdentityAdded",
        data: {
          siren: null,
          siret: null,
          vatNumber: "DE136695976",
          apeCode: null,
          legalForm: null,
          capital: null,
        },
      },
    ]);
  });

  it("sets payment terms within the legal bounds: 60 days, or 45 days end of month", () => {
    const terms = (data: Record<string, unknown>): ContactCommand =>
      ({ type: "SetContactPaymentTerms", data }) as ContactCommand;
    given.when(terms({ days: 45, endOfMonth: true, penaltyRate: "13.15", earlyPaymentDiscount: "2" })).then([
      {
        type: "ContactPaymentTermsAdded",
        data: { days: 45, endOfMonth: true, penaltyRate: "13.15", earlyPaymentDiscount: "2.00" },
      },
    ]);
    given
      .when(terms({ days: 46, endOfMonth: true }))
      .thenThrows(refusedWith("contact.paymentTermTooLong", { field: "days", max: 45 }));
    given
      .when(terms({ days: 61 }))
      .thenThrows(refusedWith("contact.paymentTermTooLong", { field: "days", max: 60 }));
    given.when(terms({ days: 1.5 })).thenThrows(refusedOnField("validation.notAllowed", "days"));
    given
      .when(terms({ days: 30, penaltyRate: "101" }))
      .thenThrows(refusedOnField("validation.invalidPercentage", "penaltyRate"));
    given
      .when(terms({ days: 30, earlyPaymentDiscount: "1,5" }))
      .thenThrows(refusedOnField("validation.invalidPercentage", "earlyPaymentDiscount"));
  });
});

describe("metas and criteria", () => {
  const given = spec.given([created()]);

  it("adds, changes and removes a meta by its key", () => {
    given
      .when({ type: "SetContactMeta", data: { key: "crm.id", value: " 42 " } })
      .then([{ type: "ContactMetaAdded", data: { key: "crm.id", value: "42" } }]);
    const withMeta = spec.given([
      created(),
      { type: "ContactMetaAdded", data: { key: "crm.id", value: "42" } },
    ]);
    withMeta
      .when({ type: "SetContactMeta", data: { key: "crm.id", value: "43" } })
      .then([{ type: "ContactMetaChanged", data: { key: "crm.id", value: "43" } }]);
    withMeta.when({ type: "SetContactMeta", data: { key: "crm.id", value: "42" } }).then([]);
    withMeta
      .when({ type: "RemoveContactMeta", data: { key: "crm.id" } })
      .then([{ type: "ContactMetaRemoved", data: { key: "crm.id" } }]);
    given
      .when({ type: "RemoveContactMeta", data: { key: "crm.id" } })
      .thenThrows(refusedWith("contact.recordNotFound", { kind: "meta", id: "crm.id" }, 404));
    given
      .when({ type: "SetContactMeta", data: { key: "a b", value: "1" } })
      .thenThrows(refusedOnField("validation.notAllowed", "key"));
  });

  it("tags with criteria, each once", () => {
    given
      .when({ type: "AddContactCriterion", data: { criterion: " VIP " } })
      .then([{ type: "ContactCriterionAdded", data: { criterion: "VIP" } }]);
    const tagged = spec.given([created(), { type: "ContactCriterionAdded", data: { criterion: "VIP" } }]);
    tagged.when({ type: "AddContactCriterion", data: { criterion: "VIP" } }).then([]);
    tagged
      .when({ type: "RemoveContactCriterion", data: { criterion: "VIP" } })
      .then([{ type: "ContactCriterionRemoved", data: { criterion: "VIP" } }]);
    given
      .when({ type: "RemoveContactCriterion", data: { criterion: "VIP" } })
      .thenThrows(refusedWith("contact.recordNotFound", { kind: "criterion", id: "VIP" }, 404));
  });
});

describe("archiving and deleting", () => {
  const customer = [created({ types: ["customer", "supplier"] }), assigned("customer", "CALPHA")];

  it("archives a customer as an old customer, once", () => {
    spec
      .given(customer)
      .when({ type: "ArchiveContact", data: {} })
      .then([
        {
          type: "ContactTypesChanged",
          data: { types: ["supplier", "oldCustomer"], added: ["oldCustomer"], removed: ["customer"] },
        },
        { type: "ContactArchived", data: {} },
      ]);
    spec
      .given([created()])
      .when({ type: "ArchiveContact", data: {} })
      .then([{ type: "ContactArchived", data: {} }]);
    const archived = spec.given([created(), { type: "ContactArchived", data: {} }]);
    archived.when({ type: "ArchiveContact", data: {} }).then([]);
    archived.when({ type: "UnarchiveContact", data: {} }).then([{ type: "ContactUnarchived", data: {} }]);
    spec.given([created()]).when({ type: "UnarchiveContact", data: {} }).then([]);
  });

  it("refuses to delete a contact used by a document or an entry", () => {
    spec
      .given(customer)
      .when({ type: "DeleteContact", data: { used: true } })
      .thenThrows(refusedWith("contact.usedInDocs", {}, 409));
    spec
      .given(customer)
      .when({ type: "DeleteContact", data: { used: false } })
      .then([{ type: "ContactDeleted", data: { id } }]);
  });

  it("answers not found for a contact never created or deleted, and refuses a merged one", () => {
    spec
      .given([])
      .when(types("customer"))
      .thenThrows(refusedWith("contact.notFound", {}, 404));
    spec
      .given([created(), { type: "ContactDeleted", data: { id } }])
      .when({ type: "AddContactCriterion", data: { criterion: "x" } })
      .thenThrows(refusedWith("contact.notFound", {}, 404));
    spec
      .given([created(), { type: "ContactMergedInto", data: { targetId: "c-beta" } }])
      .when({ type: "RenameContact", data: { identity: { kind: "company", name: "X" } } })
      .thenThrows(refusedWith("contact.merged", { targetId: "c-beta" }, 409));
  });
});
