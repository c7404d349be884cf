import { describe, expect, it } from "vitest";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { auxiliaryAccountCommands } from "./auxiliary.ts";
import { contactEventTypes, contactStreamId, recordEventTypes } from "./contact.ts";
import { assigned, byCounter, byName, create, created, id, legal, spec, types } from "./decide.fixtures.ts";
import type { DuplicateMatch } from "./duplicates.ts";

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
