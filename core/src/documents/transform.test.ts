import { describe, expect, it } from "vitest";
import type { LiveItem } from "../items/item.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { type CreateDocument, documentDecider } from "./decide.ts";
import { depositDeduction } from "./deposits.ts";
import type { DocumentEvent, DocumentState, LiveDocument } from "./document.ts";
import { created, numbering, priced, stateOf, status, validated } from "./documents.fixtures.ts";
import { numberedAt } from "./lifecycle.ts";
import { lineFromItem, normaliseLine } from "./lines.ts";
import { documentStats } from "./stats.ts";
import {
  planCreditNote,
  planDepositInvoice,
  planDuplicate,
  planTransform,
  remainingQuantities,
} from "./transform.ts";

const order = stateOf(
  created({
    id: "o-1",
    kind: "order",
    number: "CO2025-00001",
    lines: [
      { kind: "title", id: "t", label: "Lot 1" },
      priced({ id: "a", quantity: "10", unitPrice: "5.00" }),
      priced({ id: "b", quantity: "4", unitPrice: "100.00", vatRate: "5.5" }),
    ],
  }),
  status("draft", "accepted"),
);

/** The document a plan's creation makes, numbered as the shell would when its kind is numbered at creation. */
const made = (plan: { create: CreateDocument }): LiveDocument => {
  const { kind, direction } = plan.create.data;
  const command: CreateDocument =
    numberedAt(kind, direction) === "creation"
      ? { ...plan.create, data: { ...plan.create.data, numbering: numbering(kind, 1, direction) } }
      : plan.create;
  return stateOf(...(documentDecider.decide(command, documentDecider.initialState()) as DocumentEvent[]));
};

describe("transforming", () => {
  it("delivers part of an order by quantity and shows what remains", () => {
    const first = made(
      planTransform(order, { id: "bl-1", kind: "delivery", issueDate: "2025-02-01", quantities: { a: "6" } }),
    );
    expect(
      first.lines.map((l) => [
        l.id,
        "quantity" in l ? l.quantity : null,
        "originLineId" in l ? l.originLineId : null,
      ]),
    ).toEqual([
      ["t", null, null],
      ["a", "6", "a"],
    ]);
    expect(first.origin).toEqual({
      relation: "transform",
      docId: "o-1",
      kind: "order",
      number: "CO2025-00001",
      issueDate: "2025-01-05",
    });
    expect(remainingQuantities(order, [first], "delivery")).toEqual({ a: "4", b: "4" });
    const second = made(
      planTransform(order, { id: "bl-2", kind: "delivery", issueDate: "2025-02-02", children: [first] }),
    );
    expect(
      second.lines.filter((l) => l.kind !== "title").map((l) => ("quantity" in l ? l.quantity : "")),
    ).toEqual(["4", "4"]);
    expect(remainingQuantities(order, [first, second], "delivery")).toEqual({ a: "0", b: "0" });
    // Delivered in full, invoicing is counted apart.
    expect(remainingQuantities(order, [first, second], "invoice")).toEqual({ a: "10", b: "4" });
  });

  it("refuses more than remains, nothing left, a transform the table leaves out, a draft or refused origin", () => {
    expectRefused(
      () =>
        planTransform(order, { id: "x", kind: "invoice", issueDate: "2025-02-01", quantities: { a: "11" } }),
      refusedWith("doc.quantityExceedsRemaining", { field: "quantities.a", line: "a", remaining: "10" }),
    );
    const all = made(planTransform(order, { id: "f-1", kind: "invoice", issueDate: "2025-02-01" }));
    expectRefused(
      () => planTransform(order, { id: "x", kind: "invoice", issueDate: "2025-02-01", children: [all] }),
      refusedWith("doc.nothingRemaining"),
    );
    expectRefused(
      () => planTransform(order, { id: "x", kind: "quote", issueDate: "2025-02-01" }),
      refusedWith("doc.transformNotAllowed", { from: "order", to: "quote" }),
    );
    expectRefused(
      () =>
        planTransform(stateOf(created({ kind: "quote", lines: [priced()] })), {
          id: "x",
          kind: "order",
          issueDate: "2025-02-01",
        }),
      refusedWith("doc.transformRefused", { status: "draft" }),
    );
  });

  it("links the child on its origin in the same commit", () => {
    expect(planTransform(order, { id: "f-1", kind: "invoice", issueDate: "2025-02-01" }).link).toEqual({
      type: "LinkChildDocument",
      data: { docId: "f-1", kind: "invoice", relation: "transform", on: "2025-02-01" },
    });
  });

  it("duplicates any document as a new draft of its kind", () => {
    const copy = made(planDuplicate(order, { id: "o-2", issueDate: "2025-03-01" }));
    expect(copy).toMatchObject({
      status: "draft",
      kind: "order",
      number: "CO2025-00001",
      lines: order.lines,
    });
    expect(copy.origin?.relation).toBe("duplicate");
  });
});

describe("credit notes", () => {
  const invoice = stateOf(
    created({ lines: [priced({ id: "a", quantity: "2", unitPrice: "1000" })] }),
    validated(),
  );

  it("credits a whole invoice, naming its number and date", () => {
    const note = made(
      planCreditNote(invoice, { id: "av-1", issueDate: "2025-01-12", selection: { kind: "whole" } }),
    );
    expect(note.kind).toBe("creditNote");
    expect(note.origin).toEqual({
      relation: "creditNote",
      docId: "d-1",
      kind: "invoice",
      number: "FA2025-00001",
      issueDate: "2025-01-05",
    });
  });

  it("credits chosen quantities, at most what earlier credit notes left, or amounts on 709", () => {
    const one = made(
      planCreditNote(invoice, {
        id: "av-1",
        issueDate: "2025-01-12",
        selection: { kind: "lines", quantities: { a: "1" } },
      }),
    );
    expectRefused(
      () =>
        planCreditNote(invoice, {
          id: "av-2",
          issueDate: "2025-01-13",
          selection: { kind: "lines", quantities: { a: "2" } },
          children: [one],
        }),
      refusedWith("doc.quantityExceedsRemaining"),
    );
    const rebate = made(
      planCreditNote(invoice, {
        id: "av-3",
        issueDate: "2025-01-12",
        selection: { kind: "amounts", amounts: [{ net: "200", vatRate: "20" }] },
      }),
    );
    expect(rebate.lines[0]).toMatchObject({
      unitPrice: "200.00",
      account: "709000",
      label: "Remise sur facture FA2025-00001",
    });
  });

  it("gives a rebate the nature of the invoice's lines at its rate: goods when they all are, else services", () => {
    const rebate = (on: typeof invoice, nature?: "goods" | "services") =>
      made(
        planCreditNote(on, {
          id: "av-4",
          issueDate: "2025-01-12",
          selection: { kind: "amounts", amounts: [{ net: "50", vatRate: "20", ...(nature && { nature }) }] },
        }),
      ).lines[0];
    // A rebate on goods is not a service: its VAT is due at once, not when paid.
    expect(rebate(invoice)).toMatchObject({ nature: "goods" });
    const mixed = stateOf(
      created({
        lines: [
          priced({ id: "a" }),
          priced({ id: "b", nature: "services" }),
          priced({ id: "c", vatRate: "10" }),
        ],
      }),
      validated(),
    );
    expect(rebate(mixed)).toMatchObject({ nature: "services" });
    expect(rebate(mixed, "goods")).toMatchObject({ nature: "goods" });
  });

  it("refuses to credit a draft", () => {
    expectRefused(
      () =>
        planCreditNote(stateOf(created({ lines: [priced()] })), {
          id: "x",
          issueDate: "2025-01-12",
          selection: { kind: "whole" },
        }),
      refusedWith("doc.creditNeedsValidatedInvoice"),
    );
  });
});

describe("deposits", () => {
  it("invoices 30 % of an order per VAT rate, then deducts it from the final invoice", () => {
    const plan = planDepositInvoice(order, { id: "fa-dep", issueDate: "2025-01-20", percent: "30" });
    const deposit = made(plan);
    expect(deposit.depositOn).toBe("o-1");
    expect(deposit.lines.map((l) => ("unitPrice" in l ? [l.vatRate, l.unitPrice, l.label] : []))).toEqual([
      ["20", "15.00", "Acompte de 30 % sur commande CO2025-00001"],
      ["5.5", "120.00", "Acompte de 30 % sur commande CO2025-00001"],
    ]);
    const validatedDeposit = stateOf(
      ...(documentDecider.decide(plan.create, documentDecider.initialState()) as DocumentEvent[]),
      validated("FA2025-00003", 3),
    );
    expect(depositDeduction(validatedDeposit).shares).toEqual([
      { vatRate: "20", vatExemption: null, net: 1500, vat: 300 },
      { vatRate: "5.5", vatExemption: null, net: 12000, vat: 660 },
    ]);
    expectRefused(() => depositDeduction(deposit), refusedWith("doc.depositNotValidated"));
  });

  it("refuses a deduction larger than the final invoice's base", () => {
    const deduction = {
      docId: "x",
      number: "FA1",
      issueDate: "2025-01-01",
      shares: [{ vatRate: "20", vatExemption: null, net: 300000, vat: 60000 }],
    };
    const events: DocumentEvent[] = [
      created({ lines: [priced()] }),
      { type: "DocumentDepositDeducted", data: { deduction } },
    ];
    const state = events.reduce<DocumentState>(documentDecider.evolve, documentDecider.initialState());
    expectRefused(
      () =>
        documentDecider.decide(
          {
            type: "ValidateDocument",
            data: {
              validatedOn: "2025-01-05",
              entryMvt: null,
              numbering: {
                series: { id: "sales-invoice", kind: "invoice", direction: "sales", format: "FA{#}" },
                sequence: 1,
              },
            },
            context: {
              seller: {
                name: "A",
                siren: "123456782",
                vatNumber: "FR1",
                hasAddress: true,
                vatFranchise: false,
              },
              lastIssueDate: null,
            },
          },
          state,
        ),
      refusedWith("doc.depositExceedsInvoice"),
    );
  });
});

describe("lines from items", () => {
  const item: LiveItem = {
    status: "active",
    id: "i-1",
    use: "both",
    kind: "services",
    reference: "DEV",
    label: "Développement",
    description: null,
    unit: "HUR",
    vatRate: "20",
    vatExemption: null,
    sellAccount: "706000",
    buyAccount: "604000",
    sellPrice: "80",
    buyPrice: "50",
    saleTiers: [{ fromQuantity: "10", unitPrice: "70" }],
    purchaseTiers: [],
    metas: {},
  };

  it("takes the item's label, unit, rate, account and the tier price for the quantity", () => {
    expect(normaliseLine(lineFromItem(item, "sales", { id: "l1", quantity: "12" }))).toMatchObject({
      kind: "item",
      itemId: "i-1",
      unit: "HUR",
      unitPrice: "70.00",
      account: "706000",
      nature: "services",
    });
    expect(lineFromItem(item, "purchases", { id: "l1", quantity: "12" })).toMatchObject({
      unitPrice: "50",
      account: "604000",
    });
    expectRefused(
      () => lineFromItem({ ...item, use: "purchase" }, "sales", { id: "l1", quantity: "1" }),
      refusedWith("doc.itemNotForSide"),
    );
  });

  it("refuses a zero quantity, a negative price, an exempt line without its mention", () => {
    const base = {
      kind: "free" as const,
      id: "l1",
      label: "x",
      quantity: "1",
      unitPrice: "1",
      vatRate: "20" as const,
    };
    expectRefused(() => normaliseLine({ ...base, quantity: "0" }), refusedWith("validation.invalidQuantity"));
    expectRefused(() => normaliseLine({ ...base, unitPrice: "-1" }), refusedWith("validation.invalidAmount"));
    expectRefused(
      () => normaliseLine({ ...base, vatRate: "exempt" }),
      refusedWith("validation.required", { field: "vatExemption" }),
    );
    expectRefused(
      () => normaliseLine({ ...base, discount: "101" }),
      refusedWith("validation.invalidPercentage"),
    );
  });
});

it("adds up counts and amounts per status and month", () => {
  const stats = documentStats([
    { status: "draft", issueDate: "2025-01-05", totalExclTax: 100, totalInclTax: 120 },
    { status: "validated", issueDate: "2025-01-20", totalExclTax: 200, totalInclTax: 240 },
    { status: "validated", issueDate: "2025-02-01", totalExclTax: 300, totalInclTax: 360 },
  ]);
  expect(stats.byStatus.validated).toEqual({ count: 2, totalExclTax: 500, totalInclTax: 600 });
  expect(stats.byMonth.map((m) => [m.month, m.total.count])).toEqual([
    ["2025-01", 2],
    ["2025-02", 1],
  ]);
  expect(stats.total.totalInclTax).toBe(720);
});
