import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidSiren } from "../identifiers.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { type CreateOrganisation, organisationDecider } from "./decide.ts";
import type { OrganisationCreated, OrganisationEvent } from "./organisation.ts";

const spec = deciderSpecification(organisationDecider);

const orgId = "7d9f0c1e-4b2a-4c8e-9f3d-2a6b8c0e1f42";
const address = { line1: "12 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" };

const createCommand = (data: Partial<CreateOrganisation["data"]> = {}): CreateOrganisation => ({
  type: "CreateOrganisation",
  data: { orgId, name: "Atelier Dupont", siren: "123456782", ...data },
});

const created = (data: Partial<OrganisationCreated["data"]> = {}): OrganisationCreated => ({
  type: "OrganisationCreated",
  data: {
    orgId,
    name: "Atelier Dupont",
    siren: "123456782",
    vatNumber: null,
    address: null,
    fiscalYearStartMonth: 1,
    vatRegime: "reel_normal",
    vatOnDebits: false,
    vatPeriodicity: "monthly",
    email: null,
    ...data,
  },
});

type SettingsChange = Extract<OrganisationEvent, { type: "OrganisationSettingsChanged" }>["data"]["changes"];
const changeCommand = (data: SettingsChange) => ({ type: "ChangeOrganisationSettings", data }) as const;
const settingsChanged = (changes: SettingsChange): OrganisationEvent => ({
  type: "OrganisationSettingsChanged",
  data: { changes },
});

describe("no organisation yet", () => {
  const given = spec.given([]);

  it("creates it with the default settings", () => {
    given.when(createCommand()).then([created()]);
  });

  it("normalises the name: trimmed, inner runs of whitespace collapsed to one space", () => {
    given
      .when(createCommand({ name: "  Atelier \t  Dupont\n " }))
      .then([created({ name: "Atelier Dupont" })]);
  });

  it("compacts the SIREN typed with spaces or dots", () => {
    given.when(createCommand({ siren: " 732 829 320 " })).then([created({ siren: "732829320" })]);
    given.when(createCommand({ siren: "552.120.222" })).then([created({ siren: "552120222" })]);
  });

  it("keeps every setting it is given, with the VAT number compacted and upper-cased", () => {
    given
      .when(
        createCommand({
          name: "Transports Martin",
          siren: "732829320",
          vatNumber: "fr 44 732 829 320",
          address,
          fiscalYearStartMonth: 7,
          vatRegime: "reel_simplifie",
          vatOnDebits: true,
        }),
      )
      .then([
        created({
          name: "Transports Martin",
          siren: "732829320",
          vatNumber: "FR44732829320",
          address,
          fiscalYearStartMonth: 7,
          vatRegime: "reel_simplifie",
          vatOnDebits: true,
          // The réel simplifié files the CA12, once a year.
          vatPeriodicity: "yearly",
        }),
      ]);
  });

  it("takes a VAT periodicity that fits the regime, and refuses one that does not, the field named", () => {
    given
      .when(createCommand({ vatPeriodicity: "quarterly" }))
      .then([created({ vatPeriodicity: "quarterly" })]);
    for (const [vatRegime, vatPeriodicity] of [
      ["reel_normal", "yearly"],
      ["mini_reel", "yearly"],
      ["reel_simplifie", "monthly"],
      ["reel_simplifie", "quarterly"],
    ] as const)
      given.when(createCommand({ vatRegime, vatPeriodicity })).thenThrows(
        refusedWith("organisation.vatPeriodicityRegime", {
          field: "vatPeriodicity",
          regime: vatRegime,
          periodicity: vatPeriodicity,
        }),
      );
    given
      .when(createCommand({ vatPeriodicity: "weekly" as never }))
      .thenThrows(refusedWith("validation.notAllowed", { field: "vatPeriodicity", value: "weekly" }));
  });

  it("takes an address's country as an ISO 3166-1 code, upper-cased, and refuses two capitals that name none", () => {
    given.when(createCommand({ address: { ...address, country: "fr" } })).then([created({ address })]);
    given
      .when(createCommand({ address: { ...address, country: "UK" } }))
      .thenThrows(refusedWith("validation.notAllowed", { field: "address.country", value: "UK" }));
  });

  it("accepts the VAT number that carries its SIREN", () => {
    given.when(createCommand({ vatNumber: "FR11123456782" })).then([created({ vatNumber: "FR11123456782" })]);
  });

  it("accepts an explicit null VAT number as none", () => {
    given.when(createCommand({ vatNumber: null })).then([created({ vatNumber: null })]);
  });

  it("refuses a SIREN whose Luhn key is wrong, or that is not nine digits", () => {
    given
      .when(createCommand({ siren: "123456789" }))
      .thenThrows(refusedWith("organisation.invalidSiren", { siren: "123456789" }, 422));
    given.when(createCommand({ siren: "12345678" })).thenThrows(refusedWith("organisation.invalidSiren"));
    given.when(createCommand({ siren: "1234567820" })).thenThrows(refusedWith("organisation.invalidSiren"));
    given.when(createCommand({ siren: "12345678A" })).thenThrows(refusedWith("organisation.invalidSiren"));
    given.when(createCommand({ siren: "" })).thenThrows(refusedWith("organisation.invalidSiren"));
  });

  it("refuses an invalid VAT number", () => {
    // FR32… has the wrong key for 123456782 (the right one is FR11…).
    given
      .when(createCommand({ vatNumber: "FR32123456782" }))
      .thenThrows(refusedWith("validation.invalidVatNumber", { value: "FR32123456782" }));
    given
      .when(createCommand({ vatNumber: "FR1112345678" }))
      .thenThrows(refusedWith("validation.invalidVatNumber"));
    given.when(createCommand({ vatNumber: "" })).thenThrows(refusedWith("validation.invalidVatNumber"));
  });

  it("refuses a French VAT number that carries another SIREN", () => {
    given.when(createCommand({ siren: "123456782", vatNumber: "FR44732829320" })).thenThrows(
      refusedWith("organisation.vatNumberSirenMismatch", {
        siren: "123456782",
        vatNumber: "FR44732829320",
      }),
    );
  });

  it("refuses a fiscal year start month outside 1..12", () => {
    for (const month of [0, 13, -1, 1.5, Number.NaN])
      given
        .when(createCommand({ fiscalYearStartMonth: month }))
        .thenThrows(refusedWith("organisation.invalidFiscalYearStartMonth"));
    given.when(createCommand({ fiscalYearStartMonth: 12 })).then([created({ fiscalYearStartMonth: 12 })]);
  });

  it("refuses an empty or blank name, and a name over 200 characters", () => {
    given.when(createCommand({ name: "" })).thenThrows(refusedWith("organisation.nameRequired"));
    given.when(createCommand({ name: " \t\n " })).thenThrows(refusedWith("organisation.nameRequired"));
    given
      .when(createCommand({ name: "x".repeat(201) }))
      .thenThrows(refusedWith("organisation.nameTooLong", { max: 200 }));
    given.when(createCommand({ name: "x".repeat(200) })).then([created({ name: "x".repeat(200) })]);
  });

  it("cannot rename or change the settings of an organisation that does not exist", () => {
    given
      .when({ type: "RenameOrganisation", data: { name: "Autre" } })
      .thenThrows(refusedWith("organisation.notFound", {}, 404));
    given
      .when({ type: "ChangeOrganisationSettings", data: { vatOnDebits: true } })
      .thenThrows(refusedWith("organisation.notFound", {}, 404));
  });
});

describe("an active organisation", () => {
  const given = spec.given([created({ vatNumber: "FR11123456782", address })]);

  it("refuses to create it twice", () => {
    given.when(createCommand()).thenThrows(refusedWith("organisation.alreadyExists", {}, 409));
    given
      .when(createCommand({ name: "Autre", siren: "732829320" }))
      .thenThrows(refusedWith("organisation.alreadyExists"));
  });

  describe("rename", () => {
    it("records nothing when the normalised name is the same", () => {
      given.when({ type: "RenameOrganisation", data: { name: "Atelier Dupont" } }).then([]);
      given.when({ type: "RenameOrganisation", data: { name: "  Atelier   Dupont " } }).then([]);
    });

    it("records the new, normalised name with the previous one", () => {
      given.when({ type: "RenameOrganisation", data: { name: "  Atelier  Dupont & Fils " } }).then([
        {
          type: "OrganisationRenamed",
          data: { name: "Atelier Dupont & Fils", previousName: "Atelier Dupont" },
        },
      ]);
    });

    it("names the latest name as the previous one after an earlier rename", () => {
      spec
        .given([
          created(),
          { type: "OrganisationRenamed", data: { name: "Dupont SARL", previousName: "Atelier Dupont" } },
        ])
        .when({ type: "RenameOrganisation", data: { name: "Dupont SAS" } })
        .then([{ type: "OrganisationRenamed", data: { name: "Dupont SAS", previousName: "Dupont SARL" } }]);
    });

    it("refuses a blank name", () => {
      given
        .when({ type: "RenameOrganisation", data: { name: "   " } })
        .thenThrows(refusedWith("organisation.nameRequired"));
    });
  });

  describe("change settings", () => {
    it("records the organisation's e-mail in lower case, and refuses an invalid one", () => {
      given
        .when(changeCommand({ email: " Contact@Atelier-Dupont.FR " }))
        .then([settingsChanged({ email: "contact@atelier-dupont.fr" })]);
      given.when(changeCommand({ email: "contact@" })).thenThrows(refusedWith("validation.invalidEmail"));
    });

    const change = (data: SettingsChange) => given.when(changeCommand(data));

    it("records nothing when nothing is given or every value is the current one", () => {
      change({}).then([]);
      change({
        siren: "123 456 782",
        vatNumber: "fr 11 123 456 782",
        address: { ...address },
        fiscalYearStartMonth: 1,
        vatRegime: "reel_normal",
        vatOnDebits: false,
      }).then([]);
    });

    it("moves the periodicity with the regime when it no longer fits, and refuses a periodicity that does not", () => {
      change({ vatRegime: "reel_simplifie" }).then([
        settingsChanged({ vatRegime: "reel_simplifie", vatPeriodicity: "yearly" }),
      ]);
      change({ vatPeriodicity: "quarterly" }).then([settingsChanged({ vatPeriodicity: "quarterly" })]);
      change({ vatPeriodicity: "yearly" }).thenThrows(
        refusedWith("organisation.vatPeriodicityRegime", {
          field: "vatPeriodicity",
          regime: "reel_normal",
          periodicity: "yearly",
        }),
      );
      // An organisation created before the periodicity existed files by its regime's default.
      spec
        .given([created({ vatPeriodicity: undefined, vatRegime: "reel_simplifie" })])
        .when(changeCommand({ vatRegime: "reel_normal" }))
        .then([settingsChanged({ vatRegime: "reel_normal", vatPeriodicity: "monthly" })]);
    });

    it("records only the values that really change", () => {
      change({ fiscalYearStartMonth: 1, vatRegime: "mini_reel", vatOnDebits: false }).then([
        settingsChanged({ vatRegime: "mini_reel" }),
      ]);
      change({ fiscalYearStartMonth: 4, vatOnDebits: true }).then([
        settingsChanged({ fiscalYearStartMonth: 4, vatOnDebits: true }),
      ]);
      change({ address: { ...address, city: "Lyon", postalCode: "69001" } }).then([
        settingsChanged({ address: { ...address, city: "Lyon", postalCode: "69001" } }),
      ]);
      change({ address: null, vatNumber: null }).then([settingsChanged({ address: null, vatNumber: null })]);
    });

    it("changes the SIREN and VAT number together, compacted", () => {
      change({ siren: "732 829 320", vatNumber: "FR 44 732 829 320" }).then([
        settingsChanged({ siren: "732829320", vatNumber: "FR44732829320" }),
      ]);
    });

    it("sees the changes already recorded", () => {
      spec
        .given([created(), settingsChanged({ fiscalYearStartMonth: 9 })])
        .when(changeCommand({ fiscalYearStartMonth: 9, vatOnDebits: true }))
        .then([settingsChanged({ vatOnDebits: true })]);
    });

    it("refuses invalid values, even alongside valid changes", () => {
      change({ vatOnDebits: true, siren: "732829321" }).thenThrows(
        refusedWith("organisation.invalidSiren", { siren: "732829321" }),
      );
      change({ vatNumber: "FR00123456782" }).thenThrows(refusedWith("validation.invalidVatNumber"));
      change({ fiscalYearStartMonth: 0 }).thenThrows(refusedWith("organisation.invalidFiscalYearStartMonth"));
      change({ fiscalYearStartMonth: 13 }).thenThrows(
        refusedWith("organisation.invalidFiscalYearStartMonth", { value: 13 }),
      );
    });

    it("refuses a SIREN or a VAT number that no longer agree", () => {
      change({ siren: "732829320" }).thenThrows(
        refusedWith("organisation.vatNumberSirenMismatch", {
          siren: "732829320",
          vatNumber: "FR11123456782",
        }),
      );
      change({ vatNumber: "FR44732829320" }).thenThrows(refusedWith("organisation.vatNumberSirenMismatch"));
      // Restating the current VAT number changes nothing: the new SIREN must still agree with it.
      change({ siren: "732829320", vatNumber: "FR11123456782" }).thenThrows(
        refusedWith("organisation.vatNumberSirenMismatch"),
      );
    });

    it("accepts a new SIREN on an organisation without a VAT number", () => {
      spec
        .given([created()])
        .when(changeCommand({ siren: "552120222" }))
        .then([settingsChanged({ siren: "552120222" })]);
    });

    // `vatNumber: null` removes the number: the new SIREN has no VAT number left to agree with.
    it("accepts a new SIREN when the VAT number is removed in the same change", () => {
      change({ siren: "732829320", vatNumber: null }).then([
        settingsChanged({ siren: "732829320", vatNumber: null }),
      ]);
    });
  });
});

describe("SIREN check key", () => {
  /** Reference Luhn: from the right, every second digit doubled and its digits added. */
  const luhnSum = (digits: string): number =>
    [...digits]
      .reverse()
      .map(Number)
      .map((d, i) => (i % 2 === 0 ? d : Math.floor((2 * d) / 10) + ((2 * d) % 10)))
      .reduce((a, b) => a + b, 0);

  const nineDigits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 9, maxLength: 9 });

  it("checks the reference against known numbers", () => {
    expect(["123456782", "732829320", "552120222"].map(luhnSum).map((s) => s % 10)).toEqual([0, 0, 0]);
    expect(luhnSum("123456789") % 10).toBe(7);
  });

  it("accepts any nine digits iff their Luhn sum is a multiple of 10 (356000000 aside)", () => {
    fc.assert(
      fc.property(nineDigits, (siren) => {
        expect(isValidSiren(siren)).toBe(siren === "356000000" || luhnSum(siren) % 10 === 0);
      }),
      { numRuns: 2000, examples: [["356000000"], ["000000000"], ["123456782"], ["123456783"]] },
    );
  });

  it("accepts a number once its last digit is set to the Luhn key, and no other last digit", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 8, maxLength: 8 }),
        (body) => {
          const accepted = [..."0123456789"].filter((d) => isValidSiren(body + d));
          expect(accepted.length).toBe(1);
          expect(luhnSum(body + accepted[0]) % 10).toBe(0);
        },
      ),
    );
  });

  it("refuses anything that is not exactly nine digits", () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: fc.constantFrom(..."0123456789 .a"), maxLength: 12 })
          .filter((s) => !/^\d{9}$/.test(s)),
        (value) => {
          expect(isValidSiren(value)).toBe(false);
        },
      ),
    );
  });
});
