import { describe, expect, it } from "vitest";
import { refusedWith } from "../testing/refusals.ts";
import {
  auxiliary,
  closed,
  create,
  createAux,
  deleted,
  general,
  initialised,
  spec,
  stateOf,
  template,
} from "./chart.fixtures.ts";
import { accountClassOf, chartStreamId } from "./chart.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "./pcg/template.ts";

it("keeps one chart per organisation, in its own stream", () => {
  expect(chartStreamId("org-1")).toBe("chart-org-1");
});

it("reads the PCG class from the first digit", () => {
  expect(accountClassOf("411000")).toBe(4);
  expect(accountClassOf("706000")).toBe(7);
  expect(accountClassOf("101")).toBe(1);
});

describe("initialising the chart", () => {
  it("copies the template's accounts, with their lettering and collective flags", () => {
    spec
      .given([])
      .when({ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: template } })
      .then([initialised()]);
  });

  it("keeps only the account's fields, whatever else the template line carries", () => {
    const extra = template.map((a) => ({ ...a, note: "ignored" }));
    spec
      .given([])
      .when({ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: extra } })
      .then([initialised()]);
  });

  it("copies the whole PCG template", () => {
    spec
      .given([])
      .when({ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate } })
      .then([{ type: "ChartInitialised", data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate } }]);
  });

  it("is idempotent: a chart already initialised records nothing", () => {
    spec
      .given([initialised()])
      .when({ type: "InitialiseChart", data: { templateId: PCG_TEMPLATE_ID, accounts: template } })
      .then([]);
    spec
      .given([initialised()])
      .when({ type: "InitialiseChart", data: { templateId: "other", accounts: [] } })
      .then([]);
  });

  it("makes every template account a general, open account with no control account", () => {
    const state = stateOf([initialised()]);
    expect(state.initialised).toBe(true);
    expect(state.accounts["411000"]).toEqual({
      number: "411000",
      label: "Clients",
      labelEn: "Customers",
      lettrable: true,
      collective: true,
      kind: "general",
      control: null,
      closed: false,
    });
    expect(Object.keys(state.accounts).sort()).toEqual(template.map((a) => a.number).sort());
  });
});

describe("creating a general account", () => {
  const given = spec.given([initialised()]);

  it("records it as a general, open account, its English label being the French one by default", () => {
    given
      .when(create({ number: "706100", label: "Prestations de conseil" }))
      .then([general("706100", "Prestations de conseil")]);
    expect(
      stateOf([initialised(), general("706100", "Prestations de conseil")]).accounts["706100"]?.closed,
    ).toBe(false);
  });

  it("keeps the English label, the lettering flag and the collective flag it is given", () => {
    given
      .when(
        create({ number: "467100", label: "Débiteurs divers", labelEn: "Sundry debtors", lettrable: true }),
      )
      .then([general("467100", "Débiteurs divers", { labelEn: "Sundry debtors", lettrable: true })]);
  });

  it("makes a collective account lettrable, even when asked otherwise", () => {
    given
      .when(create({ number: "411100", label: "Clients export", collective: true, lettrable: false }))
      .then([general("411100", "Clients export", { lettrable: true, collective: true })]);
  });

  it("trims the number and writes its letters in capitals", () => {
    given.when(create({ number: "  467abc ", label: "Associé" })).then([general("467ABC", "Associé")]);
  });

  it("accepts three PCG digits of class 1 to 8, then up to 17 digits or capitals", () => {
    given.when(create({ number: "625", label: "Déplacements" })).then([general("625", "Déplacements")]);
    given.when(create({ number: "801000", label: "Engagements" })).then([general("801000", "Engagements")]);
    const longest = `4${"1".repeat(19)}`;
    given.when(create({ number: longest, label: "Long" })).then([general(longest, "Long")]);
  });

  it("refuses a number that is not a PCG account number", () => {
    for (const number of [
      "",
      "   ",
      "41", // fewer than three digits
      "906000", // class 9 is not in the PCG
      "006000", // class 0 neither
      "4A1000", // the first three characters are digits
      "41A000",
      "411-000",
      "411 000",
      "411.000",
      `4${"1".repeat(20)}`, // 21 characters
      "é11000",
    ])
      given
        .when(create({ number, label: "Compte" }))
        .thenThrows(refusedWith("account.invalidNumber", { number }, 422));
  });

  it("refuses a number already in the chart: account.duplicate, 409", () => {
    given
      .when(create({ number: "411000", label: "Clients bis" }))
      .thenThrows(refusedWith("account.duplicate", { number: "411000" }, 409));
    given
      .when(create({ number: " 411000 ", label: "Clients bis" }))
      .thenThrows(refusedWith("account.duplicate", { number: "411000" }, 409));
    spec
      .given([initialised(), general("467ABC", "Associé")])
      .when(create({ number: "467abc", label: "Associé" }))
      .thenThrows(refusedWith("account.duplicate", { number: "467ABC" }, 409));
  });

  it("refuses a number already taken by a closed account", () => {
    spec
      .given([initialised(), closed("512000")])
      .when(create({ number: "512000", label: "Banque" }))
      .thenThrows(refusedWith("account.duplicate", { number: "512000" }, 409));
  });

  it("accepts the number of a deleted account again", () => {
    spec
      .given([initialised(), deleted("467000")])
      .when(create({ number: "467000", label: "Divers" }))
      .then([general("467000", "Divers")]);
  });

  it("cleans the labels of what the FEC cannot carry: TAB, |, CR, LF become one space", () => {
    given
      .when(
        create({
          number: "624100",
          label: " Transports\tsur | achats\r\n(import) ",
          labelEn: "Freight\n|in",
        }),
      )
      .then([general("624100", "Transports sur achats (import)", { labelEn: "Freight in" })]);
    given.when(create({ number: "624200", label: "a||b\t\tc   d" })).then([general("624200", "a b c d")]);
  });

  it("refuses a blank label, and one over 200 characters once cleaned", () => {
    given
      .when(create({ number: "624100", label: "" }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
    given
      .when(create({ number: "624100", label: " \t|\n " }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
    given
      .when(create({ number: "624100", label: "x".repeat(201) }))
      .thenThrows(refusedWith("validation.tooLong", { field: "label", max: 200 }));
    given
      .when(create({ number: "624100", label: `${"x".repeat(200)}\t\n` }))
      .then([general("624100", "x".repeat(200))]);
    given
      .when(create({ number: "624100", label: "Transports", labelEn: "y".repeat(201) }))
      .thenThrows(refusedWith("validation.tooLong", { field: "labelEn", max: 200 }));
  });
});

describe("creating an auxiliary account", () => {
  const given = spec.given([initialised()]);

  it("records it under its collective account: lettrable, not collective, English label = label", () => {
    given
      .when(createAux("CDUPONT", "Atelier Dupont", "411000"))
      .then([auxiliary("CDUPONT", "Atelier Dupont", "411000")]);
    given
      .when(createAux("F0001", "Papeterie Martin", "401000"))
      .then([auxiliary("F0001", "Papeterie Martin", "401000")]);
  });

  it("trims its code, writes it in capitals, and cleans its label", () => {
    given
      .when(createAux(" c_dupont.2-b ", "Atelier\t|Dupont\n", "411000"))
      .then([auxiliary("C_DUPONT.2-B", "Atelier Dupont", "411000")]);
  });

  it("refuses a code that is not 1 to 17 capitals, digits or _.- starting with a letter or digit", () => {
    for (const number of ["", "-DUPONT", "_C", "C DUPONT", "C/1", "C".repeat(18), "CÉLINE"])
      given
        .when(createAux(number, "Client", "411000"))
        .thenThrows(refusedWith("account.invalidAuxiliary", { number }, 422));
    given
      .when(createAux("C".repeat(17), "Client", "411000"))
      .then([auxiliary("C".repeat(17), "Client", "411000")]);
  });

  it("refuses a code that reads as a general account number, so the two never mix", () => {
    for (const number of ["411001", "411DUPONT", "512"])
      given
        .when(createAux(number, "Client", "411000"))
        .thenThrows(refusedWith("account.invalidAuxiliary", { number }));
  });

  it("refuses a code already in the chart: account.duplicate, 409", () => {
    spec
      .given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000")])
      .when(createAux("cdupont", "Dupont again", "401000"))
      .thenThrows(refusedWith("account.duplicate", { number: "CDUPONT" }, 409));
  });

  it("needs an existing control account", () => {
    given
      .when(createAux("CDUPONT", "Atelier Dupont", "411900"))
      .thenThrows(refusedWith("account.notFound", { number: "411900" }, 404));
  });

  it("goes only under a collective account that is open", () => {
    given
      .when(createAux("CDUPONT", "Atelier Dupont", "512000"))
      .thenThrows(refusedWith("account.notCollective", { number: "512000" }));
    // Lettrable is not enough: 467000 is lettrable but not collective.
    given
      .when(createAux("CDUPONT", "Atelier Dupont", "467000"))
      .thenThrows(refusedWith("account.notCollective", { number: "467000" }));
    spec
      .given([initialised(), closed("411000")])
      .when(createAux("CDUPONT", "Atelier Dupont", "411000"))
      .thenThrows(refusedWith("account.notCollective", { number: "411000" }));
    spec
      .given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000")])
      .when(createAux("CDUPONT2", "Sous-client", "CDUPONT"))
      .thenThrows(refusedWith("account.notCollective", { number: "CDUPONT" }));
  });

  it("goes under a collective account created by hand", () => {
    spec
      .given([initialised(), general("411100", "Clients export", { lettrable: true, collective: true })])
      .when(createAux("CEXPORT", "Export Ltd", "411100"))
      .then([auxiliary("CEXPORT", "Export Ltd", "411100")]);
  });

  it("refuses a blank label", () => {
    given
      .when(createAux("CDUPONT", "\t", "411000"))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
  });
});
