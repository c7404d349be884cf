import { describe, it } from "vitest";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { created, legal, person, spec } from "./decide.fixtures.ts";
import type { ContactCommand } from "./decide.ts";

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
    // Two capitals are not a country: "UK" (GB in ISO 3166-1) would break the Factur-X's BR-CL-14.
    for (const country of ["UK", "EL", "XK", "ZZ"])
      given
        .when({
          type: "AddContactAddress",
          data: {
            id: "a1",
            kind: "delivery",
            line1: "1 High St",
            postalCode: "SW1A 1AA",
            city: "London",
            country,
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
  const setLegal = (data: Record<string, string | boolean | null | undefined>): ContactCommand => ({
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

  it("keeps a supplier's option for the débits with its legal identity, absent when not opted", () => {
    const withLegal = spec.given([created(), { type: "ContactLegalIdentityAdded", data: legal }]);
    withLegal
      .when(setLegal({ ...legal, vatOnDebits: true }))
      .then([{ type: "ContactLegalIdentityChanged", data: { ...legal, vatOnDebits: true } }]);
    withLegal.when(setLegal({ ...legal, vatOnDebits: false })).then([]);
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
