import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField } from "../testing/refusals.ts";
import {
  type InvoiceBuyer,
  type InvoiceSeller,
  type PlatformInvoiceCommand,
  type PlatformInvoiceEvent,
  platformInvoicesDecider,
} from "./platform-invoices.ts";

const spec = deciderSpecification(platformInvoicesDecider);
const seller: InvoiceSeller = {
  name: "Registre SAS",
  legalForm: "SAS",
  capital: "10000",
  siren: "552120222",
  siret: "55212022200013",
  vatNumber: "FR27552120222",
  rcs: "RCS Paris 552 120 222",
  address: { lines: ["1 rue de la Paix"], postalCode: "75002", city: "Paris", country: "FR" },
  email: "factures@registre.test",
};
const buyer = (orgId: string): InvoiceBuyer => ({
  orgId,
  name: `Organisation ${orgId}`,
  siren: "732829320",
  vatNumber: null,
  address: null,
  email: null,
});
const payment = (
  id: string,
  paymentId: string,
  at: string,
  orgId = "o1",
): Extract<PlatformInvoiceCommand, { type: "InvoicePayment" }> => ({
  type: "InvoicePayment",
  id,
  paymentId,
  planName: "Mensuel",
  vatRate: "20",
  from: "2026-03-02",
  to: "2026-04-02",
  htCents: 1_250,
  vatCents: 250,
  paidOn: at.slice(0, 10),
  seller,
  buyer: buyer(orgId),
  at,
});
/** The events a run of commands appends, each decided on the state the ones before made. */
const run = (commands: readonly PlatformInvoiceCommand[]): PlatformInvoiceEvent[] => {
  let state = platformInvoicesDecider.initialState();
  const out: PlatformInvoiceEvent[] = [];
  for (const command of commands) {
    const events = platformInvoicesDecider.decide(command, state);
    out.push(...events);
    state = events.reduce(platformInvoicesDecider.evolve, state);
  }
  return out;
};
const issued = (events: readonly PlatformInvoiceEvent[]) =>
  events.flatMap((e) => (e.type === "PlatformInvoiceIssued" ? [e.data] : []));

describe("platform invoices", () => {
  it("numbers the invoices of payments without a gap, one series a year, whatever organisation", () => {
    const numbers = issued(
      run([
        payment("i1", "pi_1", "2026-03-02T03:00:00.000Z", "o1"),
        payment("i2", "pi_2", "2026-03-02T03:00:01.000Z", "o2"),
        payment("i3", "pi_3", "2026-12-31T23:00:00.000Z", "o1"),
        payment("i4", "pi_4", "2027-01-01T00:10:00.000Z", "o2"),
      ]),
    ).map((i) => i.number);
    expect(numbers).toEqual(["RG-2026-000001", "RG-2026-000002", "RG-2026-000003", "RG-2027-000001"]);
  });

  it("makes one invoice per payment: the same payment again, under another id, appends nothing", () => {
    const events = run([
      payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"),
      payment("i1-again", "pi_1", "2026-03-02T03:05:00.000Z"),
      payment("i1", "pi_1", "2026-03-02T03:06:00.000Z"),
    ]);
    expect(issued(events)).toHaveLength(1);
    expect(issued(events)[0]).toMatchObject({
      kind: "invoice",
      paymentId: "pi_1",
      paidOn: "2026-03-02",
      issueDate: "2026-03-02",
      htCents: 1_250,
      vatCents: 250,
      totalCents: 1_500,
      vat: [{ rate: "20", baseCents: 1_250, vatCents: 250 }],
      lines: [
        { label: "Abonnement Registre — Mensuel", from: "2026-03-02", to: "2026-04-02", quantity: "1" },
      ],
    });
  });

  it("refuses an invoice whose VAT is not what was charged, and a seller without its mentions", () => {
    spec
      .given([])
      .when({ ...payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"), vatCents: 251 })
      .thenThrows(refusedOnField("platformInvoice.amountMismatch", "vatCents", 409));
    for (const [change, field] of [
      [{ name: " " }, "sellerName"],
      [{ siren: "" }, "sellerSiren"],
      [{ vatNumber: "" }, "sellerVatNumber"],
      [{ address: { lines: [], postalCode: "", city: "", country: "FR" } }, "sellerAddress"],
    ] as const)
      spec
        .given([])
        .when({ ...payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"), seller: { ...seller, ...change } })
        .thenThrows(refusedOnField("platformInvoice.sellerIncomplete", field, 409));
  });

  it("issues a manual invoice, VAT per rate on its base, in the same series", () => {
    const [invoice] = issued(
      run([
        payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"),
        {
          type: "IssueManualInvoice",
          id: "m1",
          kind: "invoice",
          lines: [
            { label: "Formation", quantity: "1.5", unitHtCents: 2_048, vatRate: "20" },
            { label: "Livre", quantity: "2", unitHtCents: 9_900, vatRate: "5.5" },
          ],
          corrects: null,
          seller,
          buyer: buyer("o1"),
          by: "admin",
          at: "2026-03-05T10:00:00.000Z",
        },
      ]).slice(1),
    );
    expect(invoice).toMatchObject({
      number: "RG-2026-000002",
      by: "admin",
      vat: [
        { rate: "20", baseCents: 3_072, vatCents: 614 },
        { rate: "5.5", baseCents: 19_800, vatCents: 1_089 },
      ],
      htCents: 22_872,
      vatCents: 1_703,
      totalCents: 24_575,
    });
  });

  it("a credit note references its invoice and never takes back more than the invoice holds", () => {
    const credit = (id: string, unitHtCents: number, corrects: string | null, orgId = "o1") =>
      ({
        type: "IssueManualInvoice",
        id,
        kind: "creditNote",
        lines: [{ label: "Geste commercial", quantity: "1", unitHtCents, vatRate: "20" }],
        corrects,
        seller,
        buyer: buyer(orgId),
        by: "admin",
        at: "2026-03-10T10:00:00.000Z",
      }) as const;
    const paid = run([payment("i1", "pi_1", "2026-03-02T03:00:00.000Z")]);
    const events = run([payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"), credit("c1", 1_000, "i1")]);
    expect(issued(events)[1]).toMatchObject({
      kind: "creditNote",
      number: "RG-2026-000002",
      corrects: { id: "i1", number: "RG-2026-000001", issueDate: "2026-03-02" },
      totalCents: 1_200,
    });
    // 15,00 € invoiced, 12,00 € credited: 3,00 € left to credit.
    spec
      .given(events)
      .when(credit("c2", 251, "i1"))
      .thenThrows(refusedOnField("platformInvoice.creditTooHigh", "lines"));
    expect(issued(run([...paidCommands(), credit("c1", 1_000, "i1"), credit("c2", 250, "i1")]))).toHaveLength(
      3,
    );
    spec
      .given(paid)
      .when(credit("c1", 100, null))
      .thenThrows(refusedOnField("validation.required", "corrects"));
    spec
      .given(paid)
      .when(credit("c1", 100, "nope"))
      .thenThrows(refusedOnField("platformInvoice.notFound", "corrects", 404));
    // Another organisation's invoice is not one to correct.
    spec
      .given(paid)
      .when(credit("c1", 100, "i1", "o2"))
      .thenThrows(refusedOnField("platformInvoice.notFound", "corrects", 404));
    spec
      .given(events)
      .when(credit("c3", 100, "c1"))
      .thenThrows(refusedOnField("platformInvoice.notAnInvoice", "corrects", 409));
  });

  it("records the e-mail once", () => {
    const paid = run([payment("i1", "pi_1", "2026-03-02T03:00:00.000Z")]);
    const emailed: PlatformInvoiceCommand = {
      type: "RecordInvoiceEmailed",
      id: "i1",
      to: "owner@example.test",
      messageId: "<m1>",
      at: "2026-03-02T03:00:02.000Z",
    };
    spec
      .given(paid)
      .when(emailed)
      .then([
        {
          type: "PlatformInvoiceEmailed",
          data: { id: "i1", to: "owner@example.test", messageId: "<m1>", at: "2026-03-02T03:00:02.000Z" },
        },
      ]);
    spec
      .given([...paid, ...run([payment("i1", "pi_1", "2026-03-02T03:00:00.000Z"), emailed]).slice(1)])
      .when(emailed)
      .then([]);
  });
});

const paidCommands = (): PlatformInvoiceCommand[] => [payment("i1", "pi_1", "2026-03-02T03:00:00.000Z")];
