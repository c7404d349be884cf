import { createInstance } from "i18next";
import { describe, expect, test } from "vitest";
import { locales, namespaces } from "../../../i18n/i18n.ts";
import { resources } from "../../../i18n/resources.ts";
import {
  eventTypeKey,
  eventTypeLabel,
  isKnownEventType,
  type KnownEventType,
  knownEventTypes,
} from "./event-types.ts";

/** The event types the platform log shows, as the API names them. */
const specifiedTypes = [
  "OrganisationCreated",
  "OrganisationRenamed",
  "OrganisationSettingsChanged",
  "OrganisationLogoChanged",
  "MemberAdded",
  "MemberRemoved",
  "MemberInvited",
  "InvitationAccepted",
  "InvitationDeclined",
  "InvitationRevoked",
  "UserRegistered",
  "UserRenamed",
  "AccountItemAdded",
  "AccountItemChanged",
  "AccountItemRemoved",
  "AuthItemCreated",
  "AuthItemChanged",
  "AuthItemDeleted",
  "AuthAssignmentCreated",
  "AuthAssignmentChanged",
  "AuthAssignmentDeleted",
  "ChartInitialised",
  "AccountCreated",
  "AccountUpdated",
  "AccountClosed",
  "AccountReopened",
  "AccountDeleted",
  "JournalsInitialised",
  "JournalCreated",
  "JournalUpdated",
  "JournalDeleted",
  "FiscalYearOpened",
  "FiscalYearRedefined",
  "PeriodLocked",
  "OpeningEntryRecorded",
  "FiscalYearClosed",
  "EntryDrafted",
  "EntryDraftChanged",
  "EntryDraftDeleted",
  "EntryValidated",
  "LinesLettered",
  "LinesUnlettered",
];

const translatorFor = async (lng: string) => {
  const i18n = createInstance();
  await i18n.init({ resources, lng, ns: [...namespaces], defaultNS: "common", initAsync: false });
  return (key: `orgs:history.events.${KnownEventType}`): string => i18n.t(key);
};

describe("event type labels", () => {
  test("every event type of the platform log has a label", () => {
    expect([...knownEventTypes].sort()).toEqual([...specifiedTypes].sort());
    for (const type of specifiedTypes) expect(isKnownEventType(type), type).toBe(true);
  });

  test("a known type maps to its key in the orgs namespace", () => {
    expect(eventTypeKey("MemberAdded")).toBe("orgs:history.events.MemberAdded");
    expect(eventTypeKey("SomethingNew")).toBeNull();
    // Not fooled by the prototype of the label object.
    expect(eventTypeKey("toString")).toBeNull();
    expect(eventTypeKey("")).toBeNull();
  });

  test("labels are translated in French and in English", async () => {
    const fr = await translatorFor("fr");
    const en = await translatorFor("en");
    expect(eventTypeLabel("OrganisationCreated", fr)).toBe("Organisation créée");
    expect(eventTypeLabel("MemberRemoved", fr)).toBe("Membre retiré");
    expect(eventTypeLabel("AuthAssignmentCreated", en)).toBe("Role assigned");
    expect(eventTypeLabel("UserRegistered", en)).toBe("User registered");
    for (const locale of locales) {
      const t = await translatorFor(locale);
      for (const type of specifiedTypes) {
        const label = eventTypeLabel(type, t);
        expect(label, `${locale} ${type}`).not.toBe(type);
        expect(label, `${locale} ${type}`).not.toContain("history.events");
      }
    }
  });

  test("an unknown type falls back to the raw type, without asking for a translation", () => {
    const asked: string[] = [];
    const label = eventTypeLabel("InvoiceIssued", (key) => {
      asked.push(key);
      return "?";
    });
    expect(label).toBe("InvoiceIssued");
    expect(asked).toEqual([]);
  });
});
