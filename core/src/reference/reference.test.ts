import { describe, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { type ReferenceEvent, referenceDecider } from "./reference.ts";

const spec = deciderSpecification(referenceDecider);
const seeded: ReferenceEvent = {
  type: "ReferenceListSeeded",
  data: { kind: "units", entries: [{ code: "C62", label: "pièce", labelEn: "piece" }] },
};

describe("reference lists", () => {
  it("given nothing, the seed is recorded whole, codes in upper case", () =>
    spec
      .given([])
      .when({
        type: "SeedReferenceList",
        kind: "units",
        entries: [{ code: " hur ", label: "heure", labelEn: "hour" }],
      })
      .then([
        {
          type: "ReferenceListSeeded",
          data: { kind: "units", entries: [{ code: "HUR", label: "heure", labelEn: "hour" }] },
        },
      ]));

  it("given a seeded list, seeding again records nothing", () =>
    spec.given([seeded]).when({ type: "SeedReferenceList", kind: "units", entries: [] }).then([]));

  it("given a seeded list, an entry is added once; its code twice is refused", () => {
    spec
      .given([seeded])
      .when({ type: "AddReferenceEntry", kind: "units", entry: { code: "ltr", label: "litre" } })
      .then([
        { type: "ReferenceEntryAdded", data: { kind: "units", code: "LTR", label: "litre", labelEn: "" } },
      ]);
    spec
      .given([seeded])
      .when({ type: "AddReferenceEntry", kind: "units", entry: { code: "C62", label: "un" } })
      .thenThrows(refusedOnField("reference.duplicateCode", "code"));
  });

  it("a code not written the list's way is refused on its field", () => {
    spec
      .given([])
      .when({ type: "AddReferenceEntry", kind: "countries", entry: { code: "FRA", label: "France" } })
      .thenThrows(refusedOnField("reference.invalidCode", "code"));
    spec
      .given([])
      .when({ type: "AddReferenceEntry", kind: "bics", entry: { code: "BNPAFRPP", label: "BNP Paribas" } })
      .then([
        {
          type: "ReferenceEntryAdded",
          data: { kind: "bics", code: "BNPAFRPP", label: "BNP Paribas", labelEn: "" },
        },
      ]);
    spec
      .given([])
      .when({ type: "AddReferenceEntry", kind: "activities", entry: { code: "62.01Z", label: "" } })
      .thenThrows(refusedOnField("validation.required", "label"));
  });

  it("an entry changes its labels, an unchanged one records nothing, and removal needs the entry", () => {
    spec
      .given([seeded])
      .when({ type: "ChangeReferenceEntry", kind: "units", code: "C62", change: { labelEn: "one" } })
      .then([
        {
          type: "ReferenceEntryChanged",
          data: { kind: "units", code: "C62", label: "pièce", labelEn: "one" },
        },
      ]);
    spec
      .given([seeded])
      .when({ type: "ChangeReferenceEntry", kind: "units", code: "C62", change: { label: "pièce" } })
      .then([]);
    spec
      .given([seeded, { type: "ReferenceEntryRemoved", data: { kind: "units", code: "C62" } }])
      .when({ type: "RemoveReferenceEntry", kind: "units", code: "C62" })
      .thenThrows(refusedWith("reference.notFound"));
  });

  it("names an entry by its code exactly: neither another case nor a space makes it another entry's", () => {
    for (const code of ["c62", "C62 ", " C62"]) {
      spec
        .given([seeded])
        .when({ type: "ChangeReferenceEntry", kind: "units", code, change: { labelEn: "one" } })
        .thenThrows(refusedWith("reference.notFound"));
      spec
        .given([seeded])
        .when({ type: "RemoveReferenceEntry", kind: "units", code })
        .thenThrows(refusedWith("reference.notFound"));
    }
  });
});
