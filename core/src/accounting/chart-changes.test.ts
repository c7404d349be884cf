import { describe, expect, it } from "vitest";
import { refusedWith } from "../testing/refusals.ts";
import {
  auxiliary,
  closed,
  createAux,
  deleted,
  general,
  initialised,
  spec,
  stateOf,
} from "./chart.fixtures.ts";
import type { ChartEvent } from "./chart.ts";

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
