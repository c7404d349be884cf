import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { DocumentEvent, LiveDocument } from "../documents/document.ts";
import { alpha, created, priced, validated } from "../documents/documents.fixtures.ts";
import { defaultPostingAccounts } from "../documents/posting.ts";
import { paidBy } from "../payments/payments.fixtures.ts";
import { readCdar } from "./cdar-read.ts";
import { buildCdar } from "./cdar-write.ts";
import { collectedCdar, collectedStatusesDue } from "./collected.ts";

/** The 212 « Encaissée » an invoice's payments owe: the payment's own split of 445740, per rate. */

const submitted: DocumentEvent = {
  type: "DocumentTransmissionSubmitted",
  data: {
    flowId: "flow-1",
    trackingId: "FA2025-00001",
    sha256: "a".repeat(64),
    syntax: "Factur-X",
    profile: "CIUS",
    processingRule: "B2B",
    fileName: "FA2025-00001.pdf",
    at: "2025-01-06T09:00:00.000Z",
  },
};
/** 2,000 of services at 20 % and 150 at 5.5 %: 2,400.00 + 158.25 = 2,558.25 incl. tax. */
const services = created({
  lines: [
    priced({ id: "l1", nature: "services", account: "706000" }),
    priced({ id: "l2", nature: "services", account: "706000", unitPrice: "150.00", vatRate: "5.5" }),
  ],
});
const goods = created({ lines: [priced({ id: "l1" })] });
const accepted: DocumentEvent = {
  type: "DocumentTransmissionAcknowledged",
  data: { flowId: "flow-1", status: "Ok", details: [], at: "2025-01-06T09:00:05.000Z" },
};
const sent = (lines = services): DocumentEvent[] => [lines, validated(), submitted, accepted];
const collected = (
  payment: string,
  amounts: readonly { ratePercent: string; cents: number }[],
): DocumentEvent => ({
  type: "DocumentCollectedStatusSent",
  data: {
    payment,
    date: "2025-02-01",
    amounts,
    total: amounts.reduce((s, a) => s + a.cents, 0),
    flowId: `cdar-${payment}`,
    trackingId: `t-${payment}`,
    at: "2025-02-01T10:00:00.000Z",
  },
});
const due = (...events: DocumentEvent[]) => collectedStatusesDue(events, defaultPostingAccounts).due;

describe("the collected statuses (212) an invoice owes", () => {
  it("reports a whole payment of services taxed on receipts: the amount received per rate", () => {
    expect(due(...sent(), paidBy("p-1", 255825))).toEqual([
      {
        payment: "p-1",
        date: "2025-02-01",
        amounts: [
          { ratePercent: "20.00", cents: 240000 },
          { ratePercent: "5.50", cents: 15825 },
        ],
        total: 255825,
      },
    ]);
  });

  it("reports partial payments as the payment posts them, adding up to the invoice to the cent", () => {
    const reports = due(...sent(), paidBy("p-1", 100001), paidBy("p-2", 155824));
    expect(reports.map((r) => r.payment)).toEqual(["p-1", "p-2"]);
    const sum = (rate: string) =>
      reports.reduce((s, r) => s + (r.amounts.find((a) => a.ratePercent === rate)?.cents ?? 0), 0);
    expect([sum("20.00"), sum("5.50")]).toEqual([240000, 15825]);
    expect(reports.reduce((s, r) => s + r.total, 0)).toBe(255825);
  });

  it("owes nothing for goods, under the débits option, before the platform accepted it, or once reported", () => {
    expect(due(goods, validated(), submitted, accepted, paidBy("p-1", 240000))).toEqual([]);
    expect(
      collectedStatusesDue([...sent(), paidBy("p-1", 255825)], {
        ...defaultPostingAccounts,
        vatOnDebits: true,
      }).due,
    ).toEqual([]);
    expect(due(services, validated(), paidBy("p-1", 255825))).toEqual([]);
    expect(due(services, validated(), submitted, paidBy("p-1", 255825))).toEqual([]);
    const [report] = due(...sent(), paidBy("p-1", 255825));
    expect(due(...sent(), paidBy("p-1", 255825), collected("p-1", report?.amounts ?? []))).toEqual([]);
  });

  it("reports a payment allocated before the platform accepted the invoice once it has", () => {
    expect(
      due(services, validated(), paidBy("p-1", 255825), submitted, accepted).map((r) => r.payment),
    ).toEqual(["p-1"]);
  });

  it("owes nothing for a payment released before it was reported", () => {
    expect(
      due(...sent(), paidBy("p-1", 255825), { type: "DocumentPaymentReleased", data: { payment: "p-1" } }),
    ).toEqual([]);
  });
});

const FIXTURES = fileURLToPath(new URL("../../../tests/fixtures/cdar/", import.meta.url));
const XSD = join(FIXTURES, "xsd", "CrossDomainAcknowledgementAndResponse_100pD22B.xsd");
const work = mkdtempSync(join(tmpdir(), "cdar-212-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the collected status's message", () => {
  it("is valid against the D22B schema and reads back: the seller to the buyer, the amounts per rate", () => {
    const {
      document,
      due: [report],
    } = collectedStatusesDue([...sent(), paidBy("p-1", 255825)], defaultPostingAccounts);
    if (!report) throw new Error("no report");
    const xml = buildCdar(
      collectedCdar(
        document as LiveDocument,
        report,
        { siren: "123456782", name: "Atelier Démo SARL" },
        "2025-02-01T10:00:00.000Z",
      ),
    );
    const file = join(work, "212.xml");
    writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--schema", XSD, file], { stdio: "pipe" });
    expect(readCdar(xml)).toMatchObject({
      invoiceNumber: "FA2025-00001",
      invoiceTypeCode: "380",
      sellerSiren: "123456782",
      buyerSiren: alpha.siren,
      statusCode: 212,
      amounts: [
        { type: "MEN", cents: 240000, ratePercent: "20.00" },
        { type: "MEN", cents: 15825, ratePercent: "5.50" },
      ],
    });
  });
});
