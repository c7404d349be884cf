import { describe, expect, it } from "vitest";
import type { DocumentContact, DocumentEvent, LiveDocument } from "../documents/document.ts";
import { alpha, created, header, priced, stateOf, validated } from "../documents/documents.fixtures.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField } from "../testing/refusals.ts";
import { ereportingDecider } from "./ereporting.ts";
import {
  ereportingCadence,
  ereportingPeriod,
  ereportingPeriodsOfMonth,
  ereportingPeriodsUpTo,
  ereportingTiming,
} from "./ereporting-periods.ts";
import { ereportingPartOf, ereportingReports } from "./ereporting-report.ts";
import { ereportingXml } from "./ereporting-xml.ts";

const monthly = { vatRegime: "reel_normal", vatPeriodicity: "monthly" } as const;
const quarterly = { vatRegime: "reel_normal", vatPeriodicity: "quarterly" } as const;
const simplifie = { vatRegime: "reel_simplifie", vatPeriodicity: "yearly" } as const;
const franchise = { vatRegime: "franchise", vatPeriodicity: undefined } as const;

const window = (p: { id: string; start: string; end: string; dueFrom: string; dueBy: string }) =>
  `${p.id} ${p.start}..${p.end} due ${p.dueFrom}..${p.dueBy}`;

describe("the e-reporting calendar of a regime", () => {
  it("réel normal monthly: transactions by ten days, each due ten days after; payments monthly by the 10th", () => {
    expect(ereportingPeriodsOfMonth(monthly, "2026-11").map(window)).toEqual([
      "transactions-2026-11-d1 2026-11-01..2026-11-10 due 2026-11-11..2026-11-20",
      "transactions-2026-11-d2 2026-11-11..2026-11-20 due 2026-11-21..2026-11-30",
      "transactions-2026-11-d3 2026-11-21..2026-11-30 due 2026-12-01..2026-12-10",
      "payments-2026-11 2026-11-01..2026-11-30 due 2026-12-01..2026-12-10",
    ]);
    // February: the second ten days are due by its last day; December's last ones in January.
    expect(ereportingPeriod(monthly, "transactions-2027-02-d2").dueBy).toBe("2027-02-28");
    expect(ereportingPeriod(monthly, "transactions-2026-12-d3").dueBy).toBe("2027-01-10");
    expect(ereportingCadence({ vatRegime: "mini_reel", vatPeriodicity: "monthly" }, "transactions")).toBe(
      "tenDays",
    );
  });

  it("réel normal quarterly: transactions and payments by month, due by the 10th of the next", () => {
    expect(ereportingPeriodsOfMonth(quarterly, "2026-12").map(window)).toEqual([
      "transactions-2026-12 2026-12-01..2026-12-31 due 2027-01-01..2027-01-10",
      "payments-2026-12 2026-12-01..2026-12-31 due 2027-01-01..2027-01-10",
    ]);
  });

  it("réel simplifié: by month, due between the 25th and the 30th of the next (February: the 28th)", () => {
    expect(ereportingPeriodsOfMonth(simplifie, "2027-01").map(window)).toEqual([
      "transactions-2027-01 2027-01-01..2027-01-31 due 2027-02-25..2027-02-28",
      "payments-2027-01 2027-01-01..2027-01-31 due 2027-02-25..2027-02-28",
    ]);
  });

  it("franchise: by two months from January, due between the 25th and the 30th of the month after", () => {
    expect(ereportingPeriodsOfMonth(franchise, "2026-11").map(window)).toEqual([
      "transactions-2026-11-m2 2026-11-01..2026-12-31 due 2027-01-25..2027-01-30",
      "payments-2026-11-m2 2026-11-01..2026-12-31 due 2027-01-25..2027-01-30",
    ]);
    expect(ereportingPeriodsOfMonth(franchise, "2026-12")).toEqual([]);
  });

  it("lists the periods of the last months, oldest first, and tells where each stands", () => {
    const ids = ereportingPeriodsUpTo(quarterly, "2027-01-05", 2).map((p) => p.id);
    expect(ids).toEqual([
      "transactions-2026-12",
      "payments-2026-12",
      "transactions-2027-01",
      "payments-2027-01",
    ]);
    const december = ereportingPeriod(quarterly, "transactions-2026-12");
    expect(ereportingTiming(december, "2026-12-31")).toBe("toCome");
    expect(ereportingTiming(december, "2027-01-10")).toBe("due");
    expect(ereportingTiming(december, "2027-01-11")).toBe("late");
  });

  it("refuses an id that is not one of the regime's periods", () => {
    for (const id of [
      "transactions-2026-11-d1",
      "transactions-2026-13",
      "sales-2026-11",
      "payments-2026-11-m2",
    ])
      expect(() => ereportingPeriod(quarterly, id)).toThrow(
        expect.objectContaining({ code: "ereporting.unknownPeriod", status: 404 }),
      );
  });
});

const person: DocumentContact = {
  ...alpha,
  id: "c-dupont",
  kind: "person",
  name: "Jean Dupont",
  siren: null,
};
const german: DocumentContact = {
  ...alpha,
  id: "c-gmbh",
  name: "Muster GmbH",
  siren: null,
  vatNumber: "DE123456789",
  billingAddress: { line1: "Hauptstr. 1", line2: null, postalCode: "10115", city: "Berlin", country: "DE" },
};

const sale = (
  id: string,
  contact: DocumentContact,
  issueDate: string,
  lines: ReturnType<typeof priced>[],
  extra: DocumentEvent[] = [],
  kind: "invoice" | "creditNote" = "invoice",
): LiveDocument =>
  stateOf(
    created({ id, kind, contact, header: header({ issueDate }), lines }),
    validated(`FA-${id}`),
    ...extra,
  );

const paid = (payment: string, date: string, amount: number): DocumentEvent => ({
  type: "DocumentPaymentAllocated",
  data: { payment, date, amount, lines: [] },
});

describe("the report of a period", () => {
  const d1 = ereportingPeriod(monthly, "transactions-2026-11-d1");
  // Given: two B2C sales on the 3rd (20 % and 5.5 %), a credit note the same day, one on the 4th;
  // a sale to a German company and a purchase from it; a French B2B sale (the platform's, not reported);
  // a B2C sale of the 11th (the next ten days).
  const docs = [
    sale("b1", person, "2026-11-03", [
      priced({ id: "l1", unitPrice: "100.00", vatRate: "20" }),
      priced({ id: "l2", unitPrice: "10.00", vatRate: "5.5" }),
    ]),
    sale("b2", person, "2026-11-03", [priced({ unitPrice: "50.00", quantity: "3" })]),
    sale("b3", person, "2026-11-03", [priced({ unitPrice: "20.00" })], [], "creditNote"),
    sale("b4", { ...alpha, siren: null }, "2026-11-04", [priced({ unitPrice: "33.33" })]),
    sale("i1", german, "2026-11-05", [
      priced({ unitPrice: "1000.00", vatRate: "0", vatExemption: "VATEX-EU-IC" }),
    ]),
    stateOf(
      created({
        id: "a1",
        direction: "purchases",
        contact: german,
        header: header({ issueDate: "2026-11-06", supplierNumber: "RE-77" }),
        lines: [priced({ unitPrice: "500.00", account: "607000" })],
      }),
      validated("FF-a1"),
    ),
    sale("f1", alpha, "2026-11-05", [priced({ unitPrice: "999.00" })]),
    sale("b5", person, "2026-11-11", [priced({ unitPrice: "70.00" })]),
  ];

  it("sorts the documents: persons and French organisations without SIREN b2c, abroad international", () => {
    expect(docs.map((d) => `${d.id}:${ereportingPartOf(d)}`)).toEqual([
      "b1:b2c",
      "b2:b2c",
      "b3:b2c",
      "b4:b2c",
      "i1:international",
      "a1:international",
      "f1:null",
      "b5:b2c",
    ]);
  });

  it("leaves out an internal credit note (it cancels an invoice in the books only)", () => {
    const internal = {
      ...sale("n1", person, "2026-11-03", [priced()], [], "creditNote"),
      internal: true as const,
    };
    expect(ereportingPartOf(internal)).toBeNull();
  });

  it("aggregates the B2C sales per day and rate (net, VAT, count), a credit note negative", () => {
    const [b2c] = ereportingReports(d1, docs, { vatOnDebits: false });
    expect(b2c?.part).toBe("b2c");
    expect(b2c?.content).toEqual({
      type: "b2cTransactions",
      days: [
        // 100.00 + 150.00 − 20.00 = 230.00 at 20 %: VAT 20.00 + 30.00 − 4.00 = 46.00, three documents.
        { date: "2026-11-03", vatRate: "20", vatExemption: null, net: 23000, vat: 4600, count: 3 },
        { date: "2026-11-03", vatRate: "5.5", vatExemption: null, net: 1000, vat: 55, count: 1 },
        // 33.33 × 20 % = 6.666 → 6.67.
        { date: "2026-11-04", vatRate: "20", vatExemption: null, net: 3333, vat: 667, count: 1 },
      ],
    });
  });

  it("reports a final invoice less the deposit invoices it deducts (those were reported when issued)", () => {
    const deposit = sale("dp1", person, "2026-11-02", [priced({ unitPrice: "250.00" })]);
    const final = sale(
      "fn1",
      person,
      "2026-11-08",
      [priced({ unitPrice: "1000.00" })],
      [
        {
          type: "DocumentDepositDeducted",
          data: {
            deduction: {
              docId: "dp1",
              number: "FA-dp1",
              issueDate: "2026-11-02",
              shares: [{ vatRate: "20", vatExemption: null, net: 25000, vat: 5000 }],
            },
          },
        },
      ],
    );
    const [b2c] = ereportingReports(d1, [deposit, final], { vatOnDebits: false });
    expect(b2c?.content).toEqual({
      type: "b2cTransactions",
      days: [
        { date: "2026-11-02", vatRate: "20", vatExemption: null, net: 25000, vat: 5000, count: 1 },
        // 1,000.00 less the 250.00 deposit: the period's sales add up to the final invoice, once.
        { date: "2026-11-08", vatRate: "20", vatExemption: null, net: 75000, vat: 15000, count: 1 },
      ],
    });
  });

  it("reports international sales and purchases one by one", () => {
    const [, international] = ereportingReports(d1, docs, { vatOnDebits: false });
    expect(international?.part).toBe("international");
    expect(international?.content).toEqual({
      type: "internationalTransactions",
      transactions: [
        {
          direction: "sales",
          kind: "invoice",
          number: "FA-i1",
          date: "2026-11-05",
          party: { name: "Muster GmbH", country: "DE", vatNumber: "DE123456789", siren: null },
          breakdown: [{ vatRate: "0", vatExemption: "VATEX-EU-IC", base: 100000, vat: 0 }],
          totalExclTax: 100000,
          totalVat: 0,
        },
        {
          direction: "purchases",
          kind: "invoice",
          number: "RE-77",
          date: "2026-11-06",
          party: { name: "Muster GmbH", country: "DE", vatNumber: "DE123456789", siren: null },
          breakdown: [{ vatRate: "20", vatExemption: null, base: 50000, vat: 10000 }],
          totalExclTax: 50000,
          totalVat: 10000,
        },
      ],
    });
  });

  it("has nothing to report for a period without such documents", () => {
    const d3 = ereportingPeriod(monthly, "transactions-2026-11-d3");
    expect(ereportingReports(d3, docs, { vatOnDebits: false })).toEqual([]);
  });

  describe("payments", () => {
    const november = ereportingPeriod(monthly, "payments-2026-11");
    // A B2C service of 100.00 + 20 % paid 60.00 on the 10th and 60.00 on 2 December; goods paid (no
    // payment data); a service to the German company (not taxed in France: nothing due on receipt).
    const service = sale(
      "s1",
      person,
      "2026-10-28",
      [priced({ unitPrice: "100.00", nature: "services", account: "706000" })],
      [paid("p1", "2026-11-10", 6000), paid("p2", "2026-12-02", 6000)],
    );
    const goods = sale(
      "g1",
      person,
      "2026-11-02",
      [priced({ unitPrice: "100.00" })],
      [paid("p3", "2026-11-02", 12000)],
    );

    it("reports what each payment made due per rate (services taxed on receipts), per day for B2C", () => {
      expect(ereportingReports(november, [service, goods], { vatOnDebits: false })).toEqual([
        {
          period: november,
          part: "b2c",
          content: {
            type: "b2cPayments",
            days: [{ date: "2026-11-10", vatRate: "20", base: 5000, vat: 1000, amount: 6000, count: 1 }],
          },
        },
      ]);
      const december = ereportingPeriod(monthly, "payments-2026-12");
      expect(ereportingReports(december, [service], { vatOnDebits: false })[0]?.content).toEqual({
        type: "b2cPayments",
        days: [{ date: "2026-12-02", vatRate: "20", base: 5000, vat: 1000, amount: 6000, count: 1 }],
      });
    });

    it("reports nothing under the débits option (the VAT was due at invoicing)", () => {
      expect(ereportingReports(november, [service, goods], { vatOnDebits: true })).toEqual([]);
    });

    it("reports an international sale's payment on its own", () => {
      const abroad = sale(
        "s2",
        german,
        "2026-11-02",
        [priced({ unitPrice: "200.00", nature: "services", account: "706000", vatRate: "10" })],
        [paid("p4", "2026-11-20", 22000)],
      );
      expect(ereportingReports(november, [abroad], { vatOnDebits: false })[0]).toEqual({
        period: november,
        part: "international",
        content: {
          type: "internationalPayments",
          payments: [
            {
              number: "FA-s2",
              invoiceDate: "2026-11-02",
              date: "2026-11-20",
              rates: [{ vatRate: "10", base: 20000, vat: 2000, amount: 22000 }],
            },
          ],
        },
      });
    });
  });

  it("writes each flow's file: the report document, its period, its lines", () => {
    const [b2c, international] = ereportingReports(d1, docs, { vatOnDebits: false });
    if (!b2c || !international) throw new Error("two flows expected");
    const sender = { siren: "123456782", name: "Atelier & Démo" };
    const xml = ereportingXml({ id: "ER-x", issuedAt: "2026-11-11T07:00:00.000Z", sender, report: b2c });
    expect(xml).toContain("<TypeCode>10.3</TypeCode>");
    expect(xml).toContain("<Name>Atelier &amp; Démo</Name>");
    expect(xml).toContain(
      "<ReportPeriod><StartDate>20261101</StartDate><EndDate>20261110</EndDate></ReportPeriod>",
    );
    expect(xml).toContain(
      '<Transactions><Date>20261103</Date><CurrencyCode>EUR</CurrencyCode><TaxExclusiveAmount currencyID="EUR">230.00</TaxExclusiveAmount><TaxTotal currencyID="EUR">46.00</TaxTotal><TransactionsCount>3</TransactionsCount>',
    );
    const other = ereportingXml({
      id: "ER-y",
      issuedAt: "2026-11-11T07:00:00.000Z",
      sender,
      report: international,
    });
    expect(other).toContain("<TypeCode>10.1</TypeCode>");
    expect(other).toContain('<Invoice direction="Supplier"><ID>RE-77</ID>');
    expect(other).toContain("<ExemptionReason>VATEX-EU-IC</ExemptionReason>");
  });
});

const spec = deciderSpecification(ereportingDecider);
const ref = { periodId: "transactions-2026-11-d1", part: "b2c" as const };
const sent = (flowId = "f-1") => ({
  type: "EReportingFlowSent" as const,
  data: {
    ...ref,
    flowId,
    trackingId: "ER-transactions-2026-11-d1-B2C",
    sha256: "ab",
    lines: 3,
    at: "2026-11-11T07:00:00Z",
  },
});
const ack = (flowId = "f-1") => ({
  ...ref,
  flowId,
  status: "Ok" as const,
  details: [],
  at: "2026-11-11T07:05:00Z",
});

describe("the e-reporting stream", () => {
  it("records a part sent once: the same flow again records nothing, another is refused", () => {
    spec.given([]).when({ type: "RecordEReportingSent", data: sent().data }).then([sent()]);
    spec.given([sent()]).when({ type: "RecordEReportingSent", data: sent().data }).then([]);
    spec
      .given([sent()])
      .when({ type: "RecordEReportingSent", data: sent("f-2").data })
      .thenThrows(refusedOnField("ereporting.alreadySent", "period"));
  });

  it("records the platform's acknowledgement of the flow sent, once", () => {
    spec
      .given([sent()])
      .when({ type: "RecordEReportingAcknowledged", data: ack() })
      .then([{ type: "EReportingFlowAcknowledged", data: ack() }]);
    spec
      .given([sent(), { type: "EReportingFlowAcknowledged", data: ack() }])
      .when({ type: "RecordEReportingAcknowledged", data: ack() })
      .then([]);
    spec
      .given([])
      .when({ type: "RecordEReportingAcknowledged", data: ack() })
      .thenThrows(refusedOnField("ereporting.notSent", "flowId"));
  });

  it("records a refusal before any flow is taken, and lets the part be sent again", () => {
    const refused = { ...ref, errorCode: "InvalidSchema", errorMessage: "no", at: "2026-11-11T07:00:00Z" };
    spec
      .given([])
      .when({ type: "RecordEReportingRefused", data: refused })
      .then([{ type: "EReportingFlowRefused", data: refused }]);
    spec
      .given([{ type: "EReportingFlowRefused", data: refused }])
      .when({ type: "RecordEReportingSent", data: sent().data })
      .then([sent()]);
    spec
      .given([sent()])
      .when({ type: "RecordEReportingRefused", data: refused })
      .thenThrows(refusedOnField("ereporting.alreadySent", "period"));
  });

  it("records a period with nothing to report once, and never after a flow", () => {
    const nothing = { periodId: ref.periodId, at: "2026-11-11T07:00:00Z" };
    spec
      .given([])
      .when({ type: "RecordEReportingNothingToReport", data: nothing })
      .then([{ type: "EReportingNothingToReport", data: nothing }]);
    spec
      .given([{ type: "EReportingNothingToReport", data: nothing }])
      .when({ type: "RecordEReportingNothingToReport", data: nothing })
      .then([]);
    spec.given([sent()]).when({ type: "RecordEReportingNothingToReport", data: nothing }).then([]);
  });
});
