import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanText } from "../accounting/text.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { addressKinds, type ContactIdentity, phoneKinds } from "./contact.ts";
import {
  contactsToVCards,
  contactToVCard,
  escapeVCardText,
  foldVCardLine,
  parseVCards,
  unescapeVCardText,
  type VCardSource,
} from "./vcard.ts";

const jean: VCardSource = {
  id: "p-jean",
  identity: { kind: "person", firstName: "Jean", lastName: "Dupont; Martin" },
  job: "Gérant, associé",
  website: "https://dupont.fr",
  phones: { t1: { id: "t1", kind: "cellular", number: "+33612345678" } },
  emails: { e1: { id: "e1", address: "jean@dupont.fr", label: null } },
  addresses: {
    a1: {
      id: "a1",
      kind: "billing",
      line1: "12 rue de la Paix",
      line2: "Bât. B",
      postalCode: "75002",
      city: "Paris",
      country: "FR",
    },
  },
  notes: { n1: { id: "n1", text: "Rappeler lundi\nAvant 10 h" } },
  criteria: ["VIP", "Salon, 2026"],
};

const octets = (line: string): number => new TextEncoder().encode(line).length;

describe("vCard 4.0 export", () => {
  it("writes a person as RFC 6350 says: CRLF, escaped texts, structured N and ADR", () => {
    expect(contactToVCard(jean)).toBe(
      [
        "BEGIN:VCARD",
        "VERSION:4.0",
        "UID;VALUE=text:p-jean",
        "KIND:individual",
        "FN:Jean Dupont\\; Martin",
        "N:Dupont\\; Martin;Jean;;;",
        "TITLE:Gérant\\, associé",
        'TEL;VALUE=uri;TYPE="cell":tel:+33612345678',
        "EMAIL:jean@dupont.fr",
        "ADR;TYPE=work;X-KIND=billing:;Bât. B;12 rue de la Paix;Paris;;75002;FR",
        "URL:https://dupont.fr",
        "CATEGORIES:VIP,Salon\\, 2026",
        "NOTE:Rappeler lundi\\nAvant 10 h",
        "END:VCARD",
        "",
      ].join("\r\n"),
    );
  });

  it("writes a company with KIND:org and ORG", () => {
    const text = contactToVCard({
      ...jean,
      id: "c-alpha",
      identity: { kind: "company", name: "Alpha SARL" },
      phones: {},
      emails: {},
      addresses: {},
      notes: {},
      criteria: [],
      job: null,
      website: null,
    });
    expect(text).toBe(
      "BEGIN:VCARD\r\nVERSION:4.0\r\nUID;VALUE=text:c-alpha\r\nKIND:org\r\nFN:Alpha SARL\r\nORG:Alpha SARL\r\nEND:VCARD\r\n",
    );
  });

  it("folds long lines at 75 octets without cutting a character", () => {
    const line = `NOTE:${"é".repeat(50)}${"😀".repeat(20)}${"a".repeat(40)}`;
    const folded = foldVCardLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(lines.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("escapes backslash, comma, semicolon and newlines, and reads them back", () => {
    expect(escapeVCardText("a\\b,c;d\ne\r\nf")).toBe("a\\\\b\\,c\\;d\\ne\\nf");
    expect(unescapeVCardText("a\\\\b\\,c\\;d\\ne\\Nf")).toBe("a\\b,c;d\ne\nf");
  });

  it("writes a selection as one file of several cards", () => {
    const text = contactsToVCards([jean, { ...jean, id: "p-paul" }]);
    expect(parseVCards(text).map((c) => c.uid)).toEqual(["p-jean", "p-paul"]);
  });
});

describe("vCard import", () => {
  it("reads what other software writes: 3.0, groups, TYPE lists, folded lines, a person's company", () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Martin;Sophie;;Mme;",
      "FN:Sophie Martin",
      "ORG:Beta Industries;Achats",
      "TITLE:Acheteuse",
      "item1.EMAIL;type=INTERNET;type=pref:sophie.martin@beta.fr",
      "TEL;TYPE=WORK,VOICE:01 42 68 53 00",
      "TEL;TYPE=FAX:01 42 68 53 01",
      "item2.ADR;TYPE=WORK:;;3 avenue des Champs;Lyo",
      " n;;69001;FR",
      "NOTE:Rencontrée au salon\\, stand 12",
      "END:VCARD",
    ].join("\n");
    expect(parseVCards(text)).toEqual([
      {
        uid: null,
        identity: { kind: "person", firstName: "Sophie", lastName: "Martin" },
        job: "Acheteuse",
        website: null,
        phones: [
          { kind: "work", number: "01 42 68 53 00" },
          { kind: "fax", number: "01 42 68 53 01" },
        ],
        emails: ["sophie.martin@beta.fr"],
        addresses: [
          {
            kind: "billing",
            line1: "3 avenue des Champs",
            line2: null,
            postalCode: "69001",
            city: "Lyon",
            country: "FR",
          },
        ],
        notes: ["Rencontrée au salon, stand 12"],
        criteria: [],
        organisation: "Beta Industries",
      },
    ]);
  });

  it("cleans what it reads: controls and bidirectional overrides dropped, a note's line breaks kept", () => {
    const [card] = parseVCards(
      "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:org\r\nFN:\u0007Gamma\u202e SAS\u0000\r\nORG:\u0007Gamma\u202e SAS\u0000\r\n" +
        "ADR;TYPE=work:;;1 rue\\nde la Paix\u001a;Paris;;75002;FR\r\nNOTE:Vu au salon\\nstand\u0007 12\r\nEND:VCARD\r\n",
    );
    expect(card?.identity).toEqual({ kind: "company", name: "Gamma SAS" });
    expect(card?.addresses[0]).toMatchObject({ line1: "1 rue de la Paix", city: "Paris" });
    expect(card?.notes).toEqual(["Vu au salon\nstand 12"]);
  });

  it("takes a card with an organisation and no family name for a company", () => {
    const [card] = parseVCards("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Gamma\r\nORG:Gamma SAS\r\nEND:VCARD\r\n");
    expect(card?.identity).toEqual({ kind: "company", name: "Gamma SAS" });
  });

  it("refuses an unreadable file with the line where it stops", () => {
    expectRefused(
      () => parseVCards("BEGIN:VCARD\r\nFN Jean\r\nEND:VCARD"),
      refusedWith("contact.invalidVCard", { line: 2 }),
    );
    expectRefused(
      () => parseVCards("BEGIN:VCARD\r\nFN:Jean\r\n"),
      refusedWith("contact.invalidVCard", { line: 2 }),
    );
    expectRefused(() => parseVCards("FN:Jean\r\n"), refusedWith("contact.invalidVCard", { line: 1 }));
  });
});

describe("vCard round trip", () => {
  // Texts as the contact decider keeps them: cleaned, never empty, any script, with ; , \ and quotes.
  const text = (max: number) =>
    fc
      .string({
        unit: fc.constantFrom("a", "É", "z", " ", ";", ",", "\\", ":", '"', "é", "😀", "ß", "-", "0"),
        maxLength: max,
      })
      .map(cleanText)
      .filter((value) => value.length > 0);
  const identity: fc.Arbitrary<ContactIdentity> = fc.oneof(
    text(200).map((name) => ({ kind: "company" as const, name })),
    fc.record({
      kind: fc.constant("person" as const),
      firstName: fc.option(text(100), { nil: null }),
      lastName: text(100),
    }),
  );
  const keyed = <T extends { id: string }>(items: T[]): Record<string, T> =>
    Object.fromEntries(items.map((item, i) => [`r${i}`, { ...item, id: `r${i}` }]));
  const contact: fc.Arbitrary<VCardSource> = fc.record({
    id: fc.stringMatching(/^[a-z0-9-]{1,36}$/),
    identity,
    job: fc.option(text(100), { nil: null }),
    website: fc.option(fc.stringMatching(/^https:\/\/[a-z]{1,10}\.fr$/), { nil: null }),
    phones: fc
      .array(
        fc.record({
          id: fc.constant(""),
          kind: fc.constantFrom(...phoneKinds),
          number: fc.stringMatching(/^\+33[67]\d{8}$/),
        }),
        {
          maxLength: 3,
        },
      )
      .map(keyed),
    emails: fc
      .array(fc.record({ id: fc.constant(""), address: fc.emailAddress(), label: fc.constant(null) }), {
        maxLength: 3,
      })
      .map(keyed),
    addresses: fc
      .array(
        fc.record({
          id: fc.constant(""),
          kind: fc.constantFrom(...addressKinds),
          line1: text(200),
          line2: fc.option(text(200), { nil: null }),
          postalCode: fc.stringMatching(/^\d{5}$/),
          city: text(100),
          country: fc.constantFrom("FR", "BE", "DE"),
        }),
        { maxLength: 2 },
      )
      .map(keyed),
    notes: fc
      .array(
        fc.record({
          id: fc.constant(""),
          text: fc
            .string({ unit: fc.constantFrom("a", "\n", " ", ";", ",", "\\", "é", "😀"), maxLength: 300 })
            .map((t) => t.trim())
            .filter((t) => t.length > 0),
        }),
        { maxLength: 2 },
      )
      .map(keyed),
    criteria: fc.uniqueArray(text(60), { maxLength: 4 }),
  });

  it("gives back every field a vCard holds, through export and import", () => {
    fc.assert(
      fc.property(contact, (c) => {
        const text = contactToVCard(c);
        for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
        const [card, ...more] = parseVCards(text);
        expect(more).toEqual([]);
        expect(card).toEqual({
          uid: c.id,
          identity: c.identity,
          job: c.job,
          website: c.website,
          phones: Object.values(c.phones).map(({ kind, number }) => ({ kind, number })),
          emails: Object.values(c.emails).map((e) => e.address),
          addresses: Object.values(c.addresses).map(({ id: _id, ...address }) => address),
          notes: Object.values(c.notes).map((n) => n.text),
          criteria: c.criteria,
          organisation: null,
        });
      }),
    );
  });
});
