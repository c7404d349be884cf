import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  defaultJournals,
  type Journal,
  type JournalDefinition,
  type JournalKind,
  type JournalsEvent,
  journalsDecider,
  journalsStreamId,
} from "./journals.ts";

const spec = deciderSpecification(journalsDecider);

const initialised: JournalsEvent = { type: "JournalsInitialised", data: { journals: defaultJournals } };

const journalCreated = (
  journal: Partial<Journal> & Pick<Journal, "code" | "label" | "kind">,
): JournalsEvent => ({
  type: "JournalCreated",
  data: {
    code: journal.code,
    label: journal.label,
    labelEn: journal.labelEn ?? journal.label,
    kind: journal.kind,
    vat: journal.vat ?? false,
    account: journal.account ?? null,
  },
});

const create = (data: JournalDefinition) => ({ type: "CreateJournal", data }) as const;

const stateOf = (events: readonly JournalsEvent[]) =>
  events.reduce(journalsDecider.evolve, journalsDecider.initialState());

it("keeps the journals of an organisation in one stream", () => {
  expect(journalsStreamId("org-1")).toBe("journals-org-1");
});

describe("the default journals", () => {
  it("are sales VT, purchases HA, bank BQ, cash CA, miscellaneous OD and opening AN, in that order", () => {
    expect(defaultJournals.map((j) => [j.code, j.kind])).toEqual([
      ["VT", "sales"],
      ["HA", "purchases"],
      ["BQ", "bank"],
      ["CA", "cash"],
      ["OD", "misc"],
      ["AN", "opening"],
    ]);
  });

  it("make OD, and only OD, the VAT journal", () => {
    expect(defaultJournals.filter((j) => j.vat).map((j) => j.code)).toEqual(["OD"]);
  });

  it("tie the bank journal to 512000 and the cash journal to 530000, and no other to an account", () => {
    expect(Object.fromEntries(defaultJournals.map((j) => [j.code, j.account]))).toEqual({
      VT: null,
      HA: null,
      BQ: "512000",
      CA: "530000",
      OD: null,
      AN: null,
    });
  });

  it("carry a French and an English label", () => {
    for (const j of defaultJournals) {
      expect(j.label.trim()).not.toBe("");
      expect(j.labelEn.trim()).not.toBe("");
    }
    expect(defaultJournals.find((j) => j.code === "AN")?.label).toBe("À-nouveaux");
  });
});

describe("initialising the journals", () => {
  it("records the default journals", () => {
    spec
      .given([])
      .when({ type: "InitialiseJournals", data: { journals: defaultJournals } })
      .then([initialised]);
  });

  it("is idempotent: journals already initialised record nothing", () => {
    spec
      .given([initialised])
      .when({ type: "InitialiseJournals", data: { journals: defaultJournals } })
      .then([]);
  });

  it("makes each journal findable by its code", () => {
    const state = stateOf([initialised]);
    expect(state.initialised).toBe(true);
    expect(Object.keys(state.journals)).toEqual(["VT", "HA", "BQ", "CA", "OD", "AN"]);
    expect(state.journals.OD?.vat).toBe(true);
  });
});

describe("creating a journal", () => {
  const given = spec.given([initialised]);

  it("records it, its English label being the French one and without VAT or account by default", () => {
    given
      .when(create({ code: "VT2", label: "Ventes export", kind: "sales" }))
      .then([journalCreated({ code: "VT2", label: "Ventes export", kind: "sales" })]);
  });

  it("keeps the English label, the VAT flag and the treasury account it is given", () => {
    given
      .when(
        create({
          code: "BQ2",
          label: "Banque Postale",
          labelEn: "Postal bank",
          kind: "bank",
          account: "512100",
        }),
      )
      .then([
        journalCreated({
          code: "BQ2",
          label: "Banque Postale",
          labelEn: "Postal bank",
          kind: "bank",
          account: "512100",
        }),
      ]);
    given
      .when(create({ code: "TVA", label: "TVA", kind: "misc", vat: true }))
      .then([journalCreated({ code: "TVA", label: "TVA", kind: "misc", vat: true })]);
  });

  it("trims the code and writes it in capitals", () => {
    given
      .when(create({ code: " bq2 ", label: "Banque 2", kind: "bank" }))
      .then([journalCreated({ code: "BQ2", label: "Banque 2", kind: "bank" })]);
  });

  it("accepts a code of 1 to 6 capitals or digits", () => {
    given
      .when(create({ code: "X", label: "X", kind: "misc" }))
      .then([journalCreated({ code: "X", label: "X", kind: "misc" })]);
    given
      .when(create({ code: "ABC123", label: "Six", kind: "misc" }))
      .then([journalCreated({ code: "ABC123", label: "Six", kind: "misc" })]);
  });

  it("refuses any other code", () => {
    for (const code of ["", "  ", "ABCDEFG", "B-Q", "B Q", "BQ.", "É1"])
      given
        .when(create({ code, label: "Journal", kind: "misc" }))
        .thenThrows(refusedWith("journal.invalidCode", { code }, 422));
  });

  it("refuses a code already used: journal.duplicate, 409", () => {
    given
      .when(create({ code: "vt", label: "Ventes bis", kind: "sales" }))
      .thenThrows(refusedWith("journal.duplicate", { code: "VT" }, 409));
    spec
      .given([initialised, journalCreated({ code: "BQ2", label: "Banque 2", kind: "bank" })])
      .when(create({ code: "BQ2", label: "Banque 2", kind: "bank" }))
      .thenThrows(refusedWith("journal.duplicate", { code: "BQ2" }, 409));
  });

  it("refuses a kind that is not sales, purchases, bank, cash, misc or opening", () => {
    given
      .when(create({ code: "PR", label: "Prêts", kind: "loans" as string as JournalKind }))
      .thenThrows(refusedWith("journal.invalidKind", { kind: "loans" }));
  });

  it("cleans the labels of TAB, |, CR and LF, and refuses a blank one or one over 100 characters", () => {
    given
      .when(create({ code: "VT2", label: "Ventes\t|export\r\n", labelEn: " Export\nsales ", kind: "sales" }))
      .then([
        journalCreated({ code: "VT2", label: "Ventes export", labelEn: "Export sales", kind: "sales" }),
      ]);
    given
      .when(create({ code: "VT2", label: "\t|", kind: "sales" }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
    given
      .when(create({ code: "VT2", label: "x".repeat(101), kind: "sales" }))
      .thenThrows(refusedWith("validation.tooLong", { field: "label", max: 100 }));
    given
      .when(create({ code: "VT2", label: "x".repeat(100), kind: "sales" }))
      .then([journalCreated({ code: "VT2", label: "x".repeat(100), kind: "sales" })]);
  });

  it("accepts the code of a deleted journal again", () => {
    spec
      .given([initialised, { type: "JournalDeleted", data: { code: "CA" } }])
      .when(create({ code: "CA", label: "Caisse", kind: "cash", account: "530000" }))
      .then([journalCreated({ code: "CA", label: "Caisse", kind: "cash", account: "530000" })]);
  });
});

describe("updating a journal", () => {
  const given = spec.given([initialised]);
  const update = (data: {
    code: string;
    label?: string;
    labelEn?: string;
    vat?: boolean;
    account?: string | null;
  }) => ({ type: "UpdateJournal", data }) as const;

  it("records the new, cleaned label", () => {
    given
      .when(update({ code: "BQ", label: "Banque\tPostale" }))
      .then([{ type: "JournalUpdated", data: { code: "BQ", label: "Banque Postale" } }]);
  });

  it("records only what really changes", () => {
    given
      .when(update({ code: "BQ", label: "Banque", labelEn: "Bank", vat: false, account: "512100" }))
      .then([{ type: "JournalUpdated", data: { code: "BQ", account: "512100" } }]);
    given
      .when(update({ code: "OD", labelEn: "General journal", vat: false, account: null }))
      .then([{ type: "JournalUpdated", data: { code: "OD", labelEn: "General journal", vat: false } }]);
  });

  it("records nothing when nothing changes", () => {
    given.when(update({ code: "BQ" })).then([]);
    given.when(update({ code: "BQ", label: " Banque ", vat: false, account: "512000" })).then([]);
  });

  it("finds the journal whatever the case of its code", () => {
    given
      .when(update({ code: "od", vat: false }))
      .then([{ type: "JournalUpdated", data: { code: "OD", vat: false } }]);
  });

  it("sees the changes already recorded", () => {
    const changed: JournalsEvent = { type: "JournalUpdated", data: { code: "BQ", account: "512100" } };
    spec
      .given([initialised, changed])
      .when(update({ code: "BQ", account: "512100" }))
      .then([]);
    expect(stateOf([initialised, changed]).journals.BQ).toEqual({ ...defaultJournals[2], account: "512100" });
  });

  it("refuses a blank label", () => {
    given
      .when(update({ code: "BQ", label: "|" }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
  });

  it("refuses a journal that does not exist: 404", () => {
    given
      .when(update({ code: "ZZ", label: "x" }))
      .thenThrows(refusedWith("journal.notFound", { code: "ZZ" }, 404));
  });
});

describe("deleting a journal", () => {
  const given = spec.given([initialised]);
  const remove = (code: string, used = false) => ({ type: "DeleteJournal", data: { code, used } }) as const;

  it("deletes a journal no entry is in", () => {
    given.when(remove("CA")).then([{ type: "JournalDeleted", data: { code: "CA" } }]);
    given.when(remove("ca")).then([{ type: "JournalDeleted", data: { code: "CA" } }]);
    expect(
      stateOf([initialised, { type: "JournalDeleted", data: { code: "CA" } }]).journals.CA,
    ).toBeUndefined();
  });

  it("refuses a journal an entry is in: journal.used, 409", () => {
    given.when(remove("VT", true)).thenThrows(refusedWith("journal.used", { code: "VT" }, 409));
  });

  it("refuses a journal that does not exist: 404", () => {
    given.when(remove("ZZ")).thenThrows(refusedWith("journal.notFound", { code: "ZZ" }, 404));
    spec
      .given([initialised, { type: "JournalDeleted", data: { code: "CA" } }])
      .when(remove("CA"))
      .thenThrows(refusedWith("journal.notFound", { code: "CA" }, 404));
  });
});
