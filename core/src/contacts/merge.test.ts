import { describe, expect, it } from "vitest";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { type ContactEvent, type ContactState, evolveContact, initialContactState } from "./contact.ts";
import { contactDecider } from "./decide.ts";
import { contactContentOf, followMergedLinks, mergedContact, planContactMerge } from "./merge.ts";

const stateOf = (events: readonly ContactEvent[]): ContactState =>
  events.reduce(evolveContact, initialContactState());

const iban = { id: "i1", iban: "FR1420041010050500013M02606", bic: null, label: null };
const target = stateOf([
  {
    type: "ContactCreated",
    data: {
      id: "c-alpha",
      identity: { kind: "company", name: "Alpha" },
      types: ["customer"],
      job: null,
      website: null,
    },
  },
  { type: "ContactAuxiliaryAccountAssigned", data: { role: "customer", control: "411000", code: "CALPHA" } },
  { type: "ContactEmailAdded", data: { id: "e1", address: "compta@alpha.fr", label: null } },
  { type: "ContactNoteAdded", data: { id: "n1", text: "Client historique" } },
  { type: "ContactMetaAdded", data: { key: "crm", value: "A-1" } },
  { type: "ContactCriterionAdded", data: { criterion: "VIP" } },
]);
const sourceEvents: ContactEvent[] = [
  {
    type: "ContactCreated",
    data: {
      id: "c-alpha2",
      identity: { kind: "company", name: "ALPHA SARL" },
      types: ["customer", "supplier"],
      job: null,
      website: "https://alpha.fr",
    },
  },
  { type: "ContactAuxiliaryAccountAssigned", data: { role: "customer", control: "411000", code: "CALPHA2" } },
  { type: "ContactAuxiliaryAccountAssigned", data: { role: "supplier", control: "401000", code: "FALPHA" } },
  { type: "ContactEmailAdded", data: { id: "e7", address: "COMPTA@alpha.fr", label: null } },
  { type: "ContactIbanAdded", data: iban },
  // Same id as the target's note, another text: both are kept.
  { type: "ContactNoteAdded", data: { id: "n1", text: "Relancer en mars" } },
  { type: "ContactLinkAdded", data: { id: "l1", contactId: "c-alpha", job: null } },
  { type: "ContactLinkAdded", data: { id: "l2", contactId: "p-jean", job: "Gérant" } },
  {
    type: "ContactLegalIdentityAdded",
    data: { siren: "732829320", siret: null, vatNumber: null, apeCode: null, legalForm: null, capital: null },
  },
  { type: "ContactMetaAdded", data: { key: "crm", value: "B-7" } },
  { type: "ContactMetaAdded", data: { key: "origin", value: "salon" } },
  { type: "ContactCriterionAdded", data: { criterion: "VIP" } },
  { type: "ContactCriterionAdded", data: { criterion: "Export" } },
];
const source = stateOf(sourceEvents);

describe("merging two contacts", () => {
  it("plans the events of both streams: the source's content recorded, every record it lacks added", () => {
    const plan = planContactMerge(target, source);
    expect(plan.map((part) => part.streamId)).toEqual(["contact-c-alpha", "contact-c-alpha2"]);
    expect(plan[1]?.events).toEqual([{ type: "ContactMergedInto", data: { targetId: "c-alpha" } }]);
    if (!("identity" in source)) throw new Error("source not live");
    expect(plan[0]?.events).toEqual([
      { type: "ContactMergedIn", data: { sourceId: "c-alpha2", source: contactContentOf(source) } },
      {
        type: "ContactTypesChanged",
        data: { types: ["customer", "supplier"], added: ["supplier"], removed: [] },
      },
      {
        type: "ContactAuxiliaryAccountAssigned",
        data: { role: "supplier", control: "401000", code: "FALPHA" },
      },
      { type: "ContactDetailsChanged", data: { changes: { website: "https://alpha.fr" } } },
      { type: "ContactIbanAdded", data: iban },
      { type: "ContactLinkAdded", data: { id: "l2", contactId: "p-jean", job: "Gérant" } },
      { type: "ContactNoteAdded", data: { id: "c-alpha2:n1", text: "Relancer en mars" } },
      {
        type: "ContactLegalIdentityAdded",
        data: {
          siren: "732829320",
          siret: null,
          vatNumber: null,
          apeCode: null,
          legalForm: null,
          capital: null,
        },
      },
      { type: "ContactMetaAdded", data: { key: "origin", value: "salon" } },
      { type: "ContactCriterionAdded", data: { criterion: "Export" } },
    ]);
  });

  it("leaves the kept contact with every record of both, its own where both hold one", () => {
    const merged = mergedContact(target, planContactMerge(target, source));
    if (!("identity" in merged)) throw new Error("merged not live");
    expect(merged.identity).toEqual({ kind: "company", name: "Alpha" });
    expect(merged.auxiliary).toEqual({
      customer: { role: "customer", control: "411000", code: "CALPHA" },
      supplier: { role: "supplier", control: "401000", code: "FALPHA" },
    });
    expect(Object.values(merged.emails).map((e) => e.address)).toEqual(["compta@alpha.fr"]);
    expect(Object.values(merged.notes).map((n) => n.text)).toEqual(["Client historique", "Relancer en mars"]);
    expect(Object.values(merged.links).map((l) => l.contactId)).toEqual(["p-jean"]);
    expect(merged.metas).toEqual({ crm: "A-1", origin: "salon" });
    expect(merged.criteria).toEqual(["VIP", "Export"]);
    expect(merged.legal?.siren).toBe("732829320");
  });

  it("leaves the source as history that takes no command", () => {
    const after = stateOf([...sourceEvents, ...(planContactMerge(target, source)[1]?.events ?? [])]);
    expect(after).toMatchObject({ status: "merged", mergedInto: "c-alpha" });
  });

  it("refuses a contact merged with itself, a missing one, one already merged", () => {
    expectRefused(
      () => planContactMerge(target, target),
      refusedWith("contact.mergeSame", { id: "c-alpha" }, 409),
    );
    expectRefused(
      () => planContactMerge(target, initialContactState()),
      refusedWith("contact.notFound", { role: "source" }, 404),
    );
    const merged = stateOf([...sourceEvents, { type: "ContactMergedInto", data: { targetId: "c-zeta" } }]);
    expectRefused(
      () => planContactMerge(merged, target),
      refusedWith("contact.merged", { targetId: "c-zeta" }, 409),
    );
  });

  it("refuses a person merged into a company", () => {
    const person = stateOf([
      {
        type: "ContactCreated",
        data: {
          id: "p-jean",
          identity: { kind: "person", firstName: "Jean", lastName: "Alpha" },
          types: [],
          job: null,
          website: null,
        },
      },
    ]);
    expectRefused(
      () => planContactMerge(target, person),
      refusedWith("contact.mergeKinds", { kind: "company" }, 409),
    );
  });

  describe("the links of other contacts", () => {
    const person = (links: { id: string; contactId: string; job: string | null }[]) =>
      stateOf([
        {
          type: "ContactCreated",
          data: {
            id: "p-jean",
            identity: { kind: "person", firstName: "Jean", lastName: "Martin" },
            types: [],
            job: null,
            website: null,
          },
        },
        ...links.map((data): ContactEvent => ({ type: "ContactLinkAdded", data })),
      ]);
    const kept = { id: "c-alpha", kind: "company" } as const;

    it("a link to the merged contact now names the kept one, its job kept", () => {
      const jean = person([{ id: "l1", contactId: "c-alpha2", job: "Gérant" }]);
      const commands = followMergedLinks(jean, "c-alpha2", kept);
      const events = commands.flatMap((command) => contactDecider.decide(command, jean));
      expect(events).toEqual([
        { type: "ContactLinkChanged", data: { id: "l1", contactId: "c-alpha", job: "Gérant" } },
      ]);
    });

    it("a link to the merged contact goes when the kept one is already linked", () => {
      const jean = person([
        { id: "l1", contactId: "c-alpha", job: null },
        { id: "l2", contactId: "c-alpha2", job: "Gérant" },
      ]);
      expect(followMergedLinks(jean, "c-alpha2", kept)).toEqual([
        { type: "RemoveContactLink", data: { id: "l2" } },
      ]);
    });

    it("leaves contacts that do not name the merged one, and the two merged contacts", () => {
      expect(
        followMergedLinks(person([{ id: "l1", contactId: "c-zeta", job: null }]), "c-alpha2", kept),
      ).toEqual([]);
      expect(followMergedLinks(source, "c-alpha2", kept)).toEqual([]);
      expect(followMergedLinks(target, "c-alpha2", kept)).toEqual([]);
    });
  });
});
