import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chartDecider } from "../accounting/chart.ts";
import { auxiliaryControl, nextAuxiliaryCode } from "./auxiliary.ts";
import { duplicateCandidateOf, duplicateNameKey, findDuplicates } from "./duplicates.ts";
import { legalFormWords, normaliseContactName } from "./names.ts";

describe("auxiliary account codes", () => {
  it("makes a code from the name: C or F, then the first ten letters or digits, accents and legal form left out", () => {
    expect(nextAuxiliaryCode("customer", "name", "Alpha SARL", [])).toBe("CALPHA");
    expect(nextAuxiliaryCode("supplier", "name", "S.A.S. Établissements Müller & Fils", [])).toBe(
      "FETABLISSEM",
    );
    expect(nextAuxiliaryCode("customer", "name", "Jean-Pierre O'Neil", [])).toBe("CJEANPIERRE");
  });

  it("tells namesakes apart with a number, taken codes compared in capitals", () => {
    expect(nextAuxiliaryCode("customer", "name", "Alpha", ["calpha"])).toBe("CALPHA2");
    const taken = ["CALPHA", ...Array.from({ length: 8 }, (_, i) => `CALPHA${i + 2}`)];
    expect(nextAuxiliaryCode("customer", "name", "Alpha", taken)).toBe("CALPHA10");
  });

  it("counts from the highest number given, so a deleted account's code is never given again", () => {
    expect(nextAuxiliaryCode("customer", "counter", "Alpha", [])).toBe("C00001");
    expect(nextAuxiliaryCode("customer", "counter", "Alpha", ["C00001", "C00003", "F00009"])).toBe("C00004");
    expect(nextAuxiliaryCode("supplier", "counter", "Alpha", ["C00001", "F00009"])).toBe("F00010");
  });

  it("falls back to the counter for a name without latin letters or digits", () => {
    expect(nextAuxiliaryCode("customer", "name", "北京公司", ["C00002"])).toBe("C00003");
  });

  it("always answers a code not taken that the chart opens under 411000 or 401000", () => {
    const chart = chartDecider.evolve(chartDecider.initialState(), {
      type: "ChartInitialised",
      data: {
        templateId: "test",
        accounts: ["401000", "411000"].map((number) => ({
          number,
          label: number,
          labelEn: number,
          lettrable: true,
          collective: true,
        })),
      },
    });
    fc.assert(
      fc.property(
        fc.constantFrom("customer" as const, "supplier" as const),
        fc.constantFrom("name" as const, "counter" as const),
        fc.string({ maxLength: 60 }),
        fc.array(fc.stringMatching(/^[CF][A-Z0-9]{1,16}$/), { maxLength: 30 }),
        (role, mode, name, taken) => {
          const code = nextAuxiliaryCode(role, mode, name, taken);
          expect(taken).not.toContain(code);
          const events = chartDecider.decide(
            {
              type: "CreateAuxiliaryAccount",
              data: { number: code, label: "Client", control: auxiliaryControl[role] },
            },
            chart,
          );
          expect(events[0]?.data).toMatchObject({
            number: code,
            kind: "auxiliary",
            control: auxiliaryControl[role],
          });
        },
      ),
    );
  });
});

describe("names as compared", () => {
  it("folds case and accents and drops legal-form words, written with dots or not", () => {
    expect(normaliseContactName("Atelier Dupont S.A.R.L.")).toBe("atelier dupont");
    expect(normaliseContactName("ATELIER  DUPONT")).toBe("atelier dupont");
    expect(normaliseContactName("SAS Éditions de l'Été")).toBe("editions de l ete");
    expect(normaliseContactName("Dupont GmbH")).toBe("dupont");
    // "Société" and "Cie" are part of names.
    expect(normaliseContactName("Société Générale")).toBe("societe generale");
    // A name made only of legal-form words keeps them.
    expect(normaliseContactName("S.A.S.")).toBe("sas");
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        const once = normaliseContactName(name);
        expect(normaliseContactName(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (name) => {
        const once = normaliseContactName(name);
        expect(normaliseContactName(once)).toBe(once);
      }),
    );
  });

  it("does not see a legal form added to a name, nor its case", () => {
    const word = fc.stringMatching(/^[a-z]{2,12}$/).filter((w) => !legalFormWords.has(w));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.constantFrom("SARL", "S.A.S.", "sa", "EURL", "SASU", "SCI"),
        (words, form) => {
          const name = words.join(" ");
          expect(normaliseContactName(`${name} ${form}`)).toBe(normaliseContactName(name.toUpperCase()));
        },
      ),
    );
  });
});

describe("duplicates", () => {
  const alpha = { id: "c1", name: "Atelier Dupont SARL" };

  it("matches a name written another way, with the reason", () => {
    expect(
      findDuplicates({ id: "new", name: "ATELIER DUPONT" }, [alpha, { id: "c2", name: "Atelier Durand" }]),
    ).toEqual([{ id: "c1", name: "Atelier Dupont SARL", reasons: ["name"] }]);
    expect(findDuplicates({ id: "new", name: "Dupont Jean" }, [{ id: "p1", name: "Jean Dupont" }])).toEqual([
      { id: "p1", name: "Jean Dupont", reasons: ["name"] },
    ]);
  });

  it("matches the SIREN however it is given (SIREN, SIRET, French VAT number), the VAT number, an e-mail or an IBAN", () => {
    const other = {
      id: "c9",
      name: "Autre nom",
      siret: "73282932000074",
      vatNumber: "FR44732829320",
      emails: ["Compta@Alpha.fr"],
      ibans: ["FR1420041010050500013M02606"],
    };
    expect(
      findDuplicates(
        {
          id: "new",
          name: "Nouveau",
          siren: "732 829 320",
          vatNumber: "fr44 732829320",
          emails: ["compta@alpha.fr"],
          ibans: ["FR14 2004 1010 0505 0001 3M02 606"],
        },
        [other],
      ),
    ).toEqual([{ id: "c9", name: "Autre nom", reasons: ["siren", "vatNumber", "email", "iban"] }]);
    expect(
      findDuplicates({ id: "new", name: "Nouveau", vatNumber: "FR44732829320" }, [
        { id: "c8", name: "B", siren: "732829320" },
      ]),
    ).toEqual([{ id: "c8", name: "B", reasons: ["siren"] }]);
  });

  it("never matches the contact itself, nor on empty values", () => {
    expect(
      findDuplicates({ ...alpha, emails: [""] }, [{ ...alpha }, { id: "c5", name: "Zeta", emails: [""] }]),
    ).toEqual([]);
  });

  it("reads a contact's state as a candidate", () => {
    expect(
      duplicateCandidateOf("c1", {
        identity: { kind: "person", firstName: "Jean", lastName: "Dupont" },
        legal: null,
        emails: { e1: { id: "e1", address: "jean@dupont.fr", label: null } },
        ibans: {},
      }),
    ).toEqual({
      id: "c1",
      name: "Jean Dupont",
      siren: null,
      siret: null,
      vatNumber: null,
      emails: ["jean@dupont.fr"],
      ibans: [],
    });
  });

  it("matches by name exactly when the sorted, normalised words agree and are not empty", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (a, b) => {
        const matched = findDuplicates({ id: "a", name: a }, [{ id: "b", name: b }]).length > 0;
        expect(matched).toBe(duplicateNameKey(a) !== "" && duplicateNameKey(a) === duplicateNameKey(b));
      }),
    );
  });
});
