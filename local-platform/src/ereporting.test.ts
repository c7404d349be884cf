import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalPlatform } from "./server.ts";
import { client, SELLER, sha256, startWithAccounts } from "./testing/client.ts";

/**
 * E-reporting flows (flowSyntax FRR) over real HTTP: a well-formed report is taken and acknowledged
 * Ok, typed by its processing rule and by what it reports (transactions or payments); what is not XML
 * is refused InvalidSchema; its tracking id holds it like an invoice's.
 */
let platform: LocalPlatform;
beforeAll(async () => {
  platform = await startWithAccounts();
});
afterAll(() => platform.close());

const xml = (block: "TransactionsReport" | "PaymentsReport") =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Report><ReportDocument><Id>ER-1</Id><TypeCode>10.3</TypeCode></ReportDocument><${block}><ReportPeriod><StartDate>20261101</StartDate><EndDate>20261110</EndDate></ReportPeriod></${block}></Report>\n`,
  );
const info = (trackingId: string, processingRule: string, file: Uint8Array) => ({
  trackingId,
  name: `${trackingId}.xml`,
  flowSyntax: "FRR",
  processingRule,
  sha256: sha256(file),
});

describe("an e-reporting flow", () => {
  it("is taken and acknowledged Ok, typed by its processing rule and what it reports", async () => {
    const seller = await client(platform, SELLER);
    const cases = [
      [
        "ER-transactions-2026-11-d1-B2C",
        "B2C",
        xml("TransactionsReport"),
        "AggregatedCustomerTransactionReport",
      ],
      [
        "ER-transactions-2026-01-m2-B2BInt",
        "B2BInt",
        xml("TransactionsReport"),
        "UnitaryCustomerTransactionReport",
      ],
      ["ER-payments-2026-11-B2C", "B2C", xml("PaymentsReport"), "AggregatedCustomerPaymentReport"],
      ["ER-payments-2026-11-B2BInt", "B2BInt", xml("PaymentsReport"), "UnitaryCustomerPaymentReport"],
    ] as const;
    for (const [trackingId, rule, file, type] of cases) {
      const { flowId } = await seller.submitOk(info(trackingId, rule, file), file, `${trackingId}.xml`);
      const flow = await seller.settled(flowId);
      expect(flow, trackingId).toMatchObject({
        trackingId,
        flowSyntax: "FRR",
        processingRule: rule,
        flowType: type,
        flowDirection: "Out",
        acknowledgement: { status: "Ok" },
      });
      expect(await seller.file(flowId)).toEqual(file);
    }
    expect(await seller.search({ trackingId: cases[0][0], flowDirection: ["Out"] })).toHaveLength(1);
  });

  it("refuses what is not XML (InvalidSchema), and a second report of one tracking id (AlreadyExistingFlow)", async () => {
    const seller = await client(platform, SELLER);
    const junk = new TextEncoder().encode("not a report");
    const bad = await seller.submitOk(info("ER-junk", "B2C", junk), junk);
    expect((await seller.settled(bad.flowId)).acknowledgement?.details?.[0]).toMatchObject({
      reasonCode: "InvalidSchema",
    });
    const file = xml("TransactionsReport");
    const first = await seller.submitOk(info("ER-twice", "B2C", file), file);
    const second = await seller.submitOk(info("ER-twice", "B2C", file), file);
    expect((await seller.settled(first.flowId)).acknowledgement?.status).toBe("Ok");
    expect((await seller.get(second.flowId)).acknowledgement?.details?.[0]).toMatchObject({
      reasonCode: "AlreadyExistingFlow",
    });
  });
});
