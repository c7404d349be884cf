import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  type Account,
  type AccountDefinition,
  accountClassOf,
  type ChartEvent,
  chartDecider,
  chartStreamId,
} from "./chart.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "./pcg/template.ts";

const spec = deciderSpecification(chartDecider);

type TemplateLine = {
  number: string;
  label: string;
  labelEn: string;
  lettrable: boolean;
  collective: boolean;
};
const line = (number: string, label: string, labelEn: string, lettrable = false, collective = false) =>
  ({ number, label, labelEn, lettrable, collective }) satisfies TemplateLine;

const template: readonly TemplateLine[] = [
  line("401000", "Fournisseurs", "Suppliers", true, true),
  line("411000", "Clients", "Customers", true, true),
  line("445710", "TVA collectée", "VAT collected"),
  line("467000", "Autres comptes débiteurs ou créditeurs", "Other debtors or creditors", true),
  line("512000", "Banques", "Banks"),
  line("706000", "Prestations de services", "Services"),
];

const initialised = (accounts: readonly TemplateLine[] = template): ChartEvent => ({
  type: "ChartInitialised",
  data: { templateId: PCG_TEMPLATE_ID, accounts },
});

const general = (number: string, label: string, extra: Partial<Account> = {}): ChartEvent => ({
  type: "AccountCreated",
  data: {
    number,
    kind: "general",
    label,
    labelEn: extra.labelEn ?? label,
    lettrable: extra.lettrable ?? false,
    collective: extra.collective ?? false,
    control: null,
  },
});

const auxiliary = (number: string, label: string, control: string): ChartEvent => ({
  type: "AccountCreated",
  data: { number, kind: "auxiliary", label, labelEn: label, lettrable: true, collective: false, control },
});

const create = (data: AccountDefinition) => ({ type: "CreateAccount", data }) as const;
const createAux = (number: string, label: string, control: string) =>
  ({ type: "CreateAuxiliaryAccount", data: { number, label, control } }) as const;
const closed = (number: string): ChartEvent => ({ type: "AccountClosed", data: { number } });
const deleted = (number: string): ChartEvent => ({ type: "AccountDeleted", data: { number } });

const stateOf = (events: readonly ChartEvent[]) =>
  events.reduce(chartDecider.evolve, chartDecider.initialState());

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

describe("updating an account", () => {
  const given = spec.given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000")]);
  const update = (data: { number: string; label?: string; labelEn?: string; lettrable?: boolean }) =>
    ({ type: "UpdateAccount", data }) as const;

  it("records the new, cleaned label", () => {
    given
      .when(update({ number: "512000", label: "Banque\tPostale|" }))
      .then([{ type: "AccountUpdated", data: { number: "512000", label: "Banque Postale" } }]);
  });

  it("records only what really changes", () => {
    given
      .when(update({ number: "512000", label: " Banques ", labelEn: "Bank accounts", lettrable: false }))
      .then([{ type: "AccountUpdated", data: { number: "512000", labelEn: "Bank accounts" } }]);
    given
      .when(
        update({ number: "512000", label: "Compte courant", labelEn: "Current account", lettrable: true }),
      )
      .then([
        {
          type: "AccountUpdated",
          data: { number: "512000", label: "Compte courant", labelEn: "Current account", lettrable: true },
        },
      ]);
  });

  it("records nothing when nothing changes", () => {
    given.when(update({ number: "512000" })).then([]);
    given.when(update({ number: "512000", label: "Banques\n", labelEn: "Banks", lettrable: false })).then([]);
  });

  it("sees the changes already recorded", () => {
    const renamed: ChartEvent = {
      type: "AccountUpdated",
      data: { number: "512000", label: "Banque Postale" },
    };
    spec
      .given([initialised(), renamed])
      .when(update({ number: "512000", label: "Banque Postale" }))
      .then([]);
    expect(stateOf([initialised(), renamed]).accounts["512000"]?.label).toBe("Banque Postale");
    expect(stateOf([initialised(), renamed]).accounts["512000"]?.labelEn).toBe("Banks");
  });

  it("renames an auxiliary account", () => {
    given
      .when(update({ number: "CDUPONT", label: "Dupont & fils" }))
      .then([{ type: "AccountUpdated", data: { number: "CDUPONT", label: "Dupont & fils" } }]);
  });

  it("never makes a collective or an auxiliary account unlettrable", () => {
    given
      .when(update({ number: "411000", lettrable: false }))
      .thenThrows(refusedWith("account.lettrableRequired", { number: "411000" }));
    given
      .when(update({ number: "CDUPONT", lettrable: false }))
      .thenThrows(refusedWith("account.lettrableRequired", { number: "CDUPONT" }));
    given.when(update({ number: "411000", lettrable: true })).then([]);
  });

  it("makes an ordinary account unlettrable", () => {
    given
      .when(update({ number: "467000", lettrable: false }))
      .then([{ type: "AccountUpdated", data: { number: "467000", lettrable: false } }]);
  });

  it("refuses blank or too long labels", () => {
    given
      .when(update({ number: "512000", label: " " }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
    given
      .when(update({ number: "512000", labelEn: "|" }))
      .thenThrows(refusedWith("validation.required", { field: "labelEn" }));
    given
      .when(update({ number: "512000", label: "x".repeat(201) }))
      .thenThrows(refusedWith("validation.tooLong", { field: "label", max: 200 }));
  });

  it("refuses an account that is not in the chart: 404", () => {
    given
      .when(update({ number: "999999", label: "x" }))
      .thenThrows(refusedWith("account.notFound", { number: "999999" }, 404));
  });
});

describe("making a third-party account collective", () => {
  const collective = (number: string) =>
    ({ type: "UpdateAccount", data: { number, collective: true } }) as const;

  it("makes a class 4 account collective and lettrable, so auxiliary accounts go under it", () => {
    spec
      .given([initialised(), general("421000", "Personnel - Rémunérations dues")])
      .when(collective("421000"))
      .then([{ type: "AccountUpdated", data: { number: "421000", collective: true, lettrable: true } }]);
    spec
      .given([initialised()])
      .when(collective("467000"))
      .then([{ type: "AccountUpdated", data: { number: "467000", collective: true } }]);
    spec
      .given([
        initialised(),
        general("421000", "Personnel"),
        { type: "AccountUpdated", data: { number: "421000", collective: true, lettrable: true } },
      ])
      .when(createAux("SDUPONT", "Salarié Dupont", "421000"))
      .then([auxiliary("SDUPONT", "Salarié Dupont", "421000")]);
  });

  it("does nothing to an account already collective", () => {
    spec.given([initialised()]).when(collective("411000")).then([]);
  });

  it("refuses other classes, auxiliary accounts and closed accounts", () => {
    spec
      .given([initialised()])
      .when(collective("512000"))
      .thenThrows(refusedWith("account.cannotBeCollective", { number: "512000" }));
    spec
      .given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000")])
      .when(collective("CDUPONT"))
      .thenThrows(refusedWith("account.cannotBeCollective", { number: "CDUPONT" }));
    spec
      .given([initialised(), closed("467000")])
      .when(collective("467000"))
      .thenThrows(refusedWith("entry.closedAccount", { account: "467000" }, 409));
  });
});

describe("closing and reopening an account", () => {
  const given = spec.given([initialised()]);

  it("closes an open account, and records nothing for one already closed", () => {
    given.when({ type: "CloseAccount", data: { number: "512000" } }).then([closed("512000")]);
    spec
      .given([initialised(), closed("512000")])
      .when({ type: "CloseAccount", data: { number: "512000" } })
      .then([]);
  });

  it("reopens a closed account, and records nothing for one already open", () => {
    spec
      .given([initialised(), closed("512000")])
      .when({ type: "ReopenAccount", data: { number: "512000" } })
      .then([{ type: "AccountReopened", data: { number: "512000" } }]);
    given.when({ type: "ReopenAccount", data: { number: "512000" } }).then([]);
  });

  it("keeps a closed account in the chart, marked closed, and open again once reopened", () => {
    const closedState = stateOf([initialised(), closed("512000")]);
    expect(closedState.accounts["512000"]?.closed).toBe(true);
    expect(closedState.accounts["512000"]?.label).toBe("Banques");
    const reopened = stateOf([
      initialised(),
      closed("512000"),
      { type: "AccountReopened", data: { number: "512000" } },
    ]);
    expect(reopened.accounts["512000"]?.closed).toBe(false);
  });

  it("refuses an account that is not in the chart: 404", () => {
    given
      .when({ type: "CloseAccount", data: { number: "999999" } })
      .thenThrows(refusedWith("account.notFound", { number: "999999" }, 404));
    given
      .when({ type: "ReopenAccount", data: { number: "999999" } })
      .thenThrows(refusedWith("account.notFound", { number: "999999" }, 404));
  });
});

describe("deleting an account", () => {
  const given = spec.given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000")]);
  const remove = (number: string, used = false) =>
    ({ type: "DeleteAccount", data: { number, used } }) as const;

  it("deletes an account no entry line names", () => {
    given.when(remove("512000")).then([deleted("512000")]);
    given.when(remove("CDUPONT")).then([deleted("CDUPONT")]);
  });

  it("refuses an account an entry line names: account.used, 409", () => {
    given.when(remove("512000", true)).thenThrows(refusedWith("account.used", { number: "512000" }, 409));
    given.when(remove("CDUPONT", true)).thenThrows(refusedWith("account.used", { number: "CDUPONT" }, 409));
  });

  it("refuses a collective account auxiliary accounts hang on, even unused: account.used, 409", () => {
    given.when(remove("411000")).thenThrows(refusedWith("account.used", { number: "411000" }, 409));
    given.when(remove("401000")).then([deleted("401000")]);
  });

  it("deletes the collective account once its auxiliary accounts are gone", () => {
    spec
      .given([initialised(), auxiliary("CDUPONT", "Atelier Dupont", "411000"), deleted("CDUPONT")])
      .when(remove("411000"))
      .then([deleted("411000")]);
  });

  it("removes it from the chart", () => {
    const state = stateOf([initialised(), deleted("512000")]);
    expect(state.accounts["512000"]).toBeUndefined();
    expect(state.accounts["411000"]).toBeDefined();
  });

  it("refuses an account that is not in the chart: 404", () => {
    given.when(remove("999999")).thenThrows(refusedWith("account.notFound", { number: "999999" }, 404));
    spec
      .given([initialised(), deleted("512000")])
      .when(remove("512000"))
      .thenThrows(refusedWith("account.notFound", { number: "512000" }, 404));
  });
});
