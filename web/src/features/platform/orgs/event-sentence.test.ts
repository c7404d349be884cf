import { describe, expect, it } from "vitest";
import frOrgs from "../../../i18n/locales/fr/orgs.json";
import { eventSentence, type SentenceFormat } from "./event-sentence.ts";

const format: SentenceFormat = {
  money: (cents) => `${(cents / 100).toFixed(2).replace(".", ",")} €`,
  day: (day) => day.split("-").reverse().join("/"),
  user: (id) => (id === "u-marie" ? "Marie Dupont" : `? ${id}`),
  profile: (profile) => (profile === "owner" ? "propriétaire" : profile),
  settings: (changes) => Object.keys(changes).join(", "),
  lines: (n) => `${n} lignes`,
  number: (n) => String(n),
};

/** The sentence as the French catalogue words it, its values put in. */
const say = (type: string, summary: Record<string, unknown>) => {
  const { key, values, detail } = eventSentence(type, summary, format);
  const template: string = frOrgs.history.sentences[key];
  return {
    text: template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`),
    detail,
  };
};

describe("an event of the log as a sentence", () => {
  it("names the validated entry by its number, with its label, date, piece and amount in euros", () => {
    expect(
      say("EntryValidated", {
        mvt: "086aca9e",
        number: "VT000004",
        label: "Facture FA-2025-0004",
        date: "2025-01-31",
        pieceRef: "FA-2025-0004",
        lines: [
          { account: "411000", debit: 14_400, credit: 0 },
          { account: "706000", debit: 0, credit: 12_000 },
          { account: "445710", debit: 0, credit: 2_400 },
        ],
      }),
    ).toEqual({
      text: "Écriture VT000004 validée",
      detail: ["Facture FA-2025-0004", "31/01/2025", "FA-2025-0004", "144,00 €"],
    });
  });

  it("shows people by name and lettering amounts in euros, never a raw key or an id", () => {
    expect(say("MemberAdded", { userId: "u-marie", profile: "owner" }).text).toBe(
      "Marie Dupont rejoint l’organisation comme propriétaire",
    );
    const lettered = say("LinesLettered", {
      code: "AA",
      account: "411000",
      auxiliary: "CALPHA",
      lines: ["a/1", "b/3"],
      amount: 240_000,
    });
    expect(lettered).toEqual({
      text: "Lettrage AA du compte 411000 · CALPHA",
      detail: ["2 lignes", "2400,00 €"],
    });
    const opened = say("OpeningEntryRecorded", { mvt: "6d0a629e", yearId: "5cc3bbe0" });
    expect(opened.text).not.toMatch(/mvt|yearId|6d0a629e|5cc3bbe0/);
  });

  it("has a sentence for every event type the history labels, and a plain one for a type it does not know", () => {
    for (const type of Object.keys(frOrgs.history.events))
      expect(frOrgs.history.sentences).toHaveProperty(type);
    expect(eventSentence("SomethingNew", { secret: "x" }, format)).toEqual({
      key: "unknown",
      values: {},
      detail: [],
    });
  });
});
