import { describe, expect, it } from "vitest";
import type { ContactEvent } from "./contact.ts";
import { contactHistoryLine } from "./history.ts";

describe("a contact's history as sentences", () => {
  it("names the event's sentence and gives its values", () => {
    expect(
      contactHistoryLine({
        type: "ContactTypesChanged",
        data: { types: ["customer"], added: ["customer"], removed: ["prospect"] },
      }),
    ).toEqual({
      key: "contactHistory.ContactTypesChanged",
      params: { added: "customer", removed: "prospect" },
    });
    expect(
      contactHistoryLine({
        type: "ContactIbanAdded",
        data: { id: "i1", iban: "FR7630006000011234567890189", bic: null, label: null },
      }),
    ).toEqual({
      key: "contactHistory.ContactIbanAdded",
      params: { value: "FR76 3000 6000 0112 3456 7890 189" },
    });
    expect(
      contactHistoryLine({
        type: "ContactCreated",
        data: {
          id: "p1",
          identity: { kind: "person", firstName: "Jean", lastName: "Dupont" },
          types: ["prospect", "partner"],
          job: null,
          website: null,
        },
      }),
    ).toEqual({
      key: "contactHistory.ContactCreated",
      params: { name: "Jean Dupont", types: "prospect, partner" },
    });
  });

  it("names a removed record as it was, or by its id", () => {
    const removed: ContactEvent = { type: "ContactAddressRemoved", data: { id: "a1" } };
    const address = {
      id: "a1",
      kind: "billing" as const,
      line1: "1 rue de la Paix",
      line2: null,
      postalCode: "75002",
      city: "Paris",
      country: "FR",
    };
    expect(contactHistoryLine(removed, address).params).toEqual({ value: "1 rue de la Paix, 75002 Paris" });
    expect(contactHistoryLine(removed).params).toEqual({ value: "a1" });
  });

  it("gives the events that carry nothing to show no values", () => {
    for (const event of [
      { type: "ContactArchived", data: {} },
      { type: "ContactLegalIdentityRemoved", data: {} },
      { type: "ContactDeleted", data: { id: "c1" } },
    ] as ContactEvent[])
      expect(contactHistoryLine(event)).toEqual({ key: `contactHistory.${event.type}`, params: {} });
  });
});
