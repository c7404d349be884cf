import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalPlatform } from "./server.ts";
import { client, SELLER, startWithAccounts } from "./testing/client.ts";

/**
 * Hostile files submitted as flows: refused with InvalidSchema (the flow marked Error), never expanded,
 * never read from the disk, never a crash — the platform answers the next call as before.
 */
let platform: LocalPlatform;
beforeAll(async () => {
  platform = await startWithAccounts({}, [SELLER]);
});
afterAll(() => platform.close());

const CII_ROOT =
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">';

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
${CII_ROOT}<rsm:ExchangedDocument><ram:ID>&lol9;</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;

const externalEntity = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
${CII_ROOT}<rsm:ExchangedDocument><ram:ID>&xxe;</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;

const cdarWithEntity = `<?xml version="1.0"?>
<!DOCTYPE r [ <!ENTITY e SYSTEM "http://127.0.0.1:1/x"> ]>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">&e;</rsm:CrossDomainAcknowledgementAndResponse>`;

const deep = `${CII_ROOT}${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</rsm:CrossIndustryInvoice>`;

const cases: [string, string, string][] = [
  ["billion laughs", "CII", billionLaughs],
  ["external entity", "CII", externalEntity],
  ["entity in a lifecycle message", "CDAR", cdarWithEntity],
  ["100,000 nested elements", "CII", deep],
  ["an unclosed flood", "CII", `${CII_ROOT}${"<x>".repeat(500_000)}`],
  ["binary noise", "UBL", String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ["a broken PDF", "Factur-X", `%PDF-1.7\n${"1 0 obj << /Length 99999999 >> stream\n".repeat(20)}`],
];

describe("hostile files", () => {
  it.each(cases)("refuses %s as InvalidSchema and stays up", async (_name, flowSyntax, text) => {
    const seller = await client(platform, SELLER);
    const started = performance.now();
    const { flowId } = await seller.submitOk({ flowSyntax }, new TextEncoder().encode(text));
    const flow = await seller.settled(flowId);
    expect(flow.acknowledgement.status).toBe("Error");
    expect(flow.acknowledgement.details?.[0]).toMatchObject({ reasonCode: "InvalidSchema", item: "file" });
    // Answered, not hung (the bound is loose: the test files share two cores).
    expect(performance.now() - started).toBeLessThan(20_000);
    // Nothing of the disk was read into any flow, no lifecycle message made of it.
    const messages = platform.admin.flows().filter((f) => f.flowDirection === "In");
    expect(messages).toEqual([]);
    expect((await fetch(`${platform.flowUrl}/v1/healthcheck`, { headers: seller.auth })).status).toBe(200);
  });
});
