import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { lifecycleXml } from "./lifecycle.ts";
import { readCdar } from "./read.ts";
import type { LocalPlatform } from "./server.ts";
import {
  BUYER,
  CDAR_205,
  CDAR_XSD,
  client,
  decode,
  fixture,
  SELLER,
  startWithAccounts,
  UC1_CII,
  UC1_PDF,
  UC1_UBL,
} from "./testing/client.ts";

/**
 * Routing between two accounts with the standard's invoice UC1 F202500003 (seller 100000009, buyer
 * 200000008): the invoice reaches the buyer's account as an In SupplierInvoice, the seller gets the
 * platform's lifecycle messages (200, 202, 203; 201 when the buyer is on another platform; 213 when it
 * is in no directory), each valid against the CDAR schema (xmllint); the buyer's own lifecycle message
 * reaches the seller, the seller's the buyer.
 */
const work = mkdtempSync(join(tmpdir(), "local-platform-cdar-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** xmllint's verdict on a lifecycle message: null when valid against the D22B schema, else its messages. */
const schemaErrors = (xml: string, name: string): string | null => {
  const file = join(work, `${name}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", fileURLToPath(CDAR_XSD), file], {
      stdio: "pipe",
    });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new Error("xmllint is missing: apt-get install libxml2-utils");
    return String(e.stderr);
  }
};

const statusOf = (xml: string) => readCdar(new TextEncoder().encode(xml)).statusCode;

const ciiInfo = (trackingId: string) => ({
  trackingId,
  flowSyntax: "CII",
  flowProfile: "CIUS",
  processingRule: "B2B",
});

/** The lifecycle messages an account received, in order, their files read. */
const received = async (platform: LocalPlatform, account: typeof SELLER, flowType: string) => {
  const c = await client(platform, account);
  const flows = await c.search({ flowDirection: ["In"], flowType: [flowType] }, 100);
  return Promise.all(flows.map(async (f) => ({ flow: f, xml: decode(await c.file(f.flowId)) })));
};

const start = async (options: { accounts: "both" | "seller" }) => {
  const platform = await startWithAccounts({}, options.accounts === "both" ? [SELLER, BUYER] : [SELLER]);
  onTestFinished(() => platform.close());
  return platform;
};

describe("an invoice between two accounts", () => {
  it("reaches the buyer as an In SupplierInvoice (the same file), and tells the seller 200, 202, 203", async () => {
    const platform = await start({ accounts: "both" });
    const seller = await client(platform, SELLER);
    const buyer = await client(platform, BUYER);
    const cii = fixture(UC1_CII);
    const sent = await seller.submitOk(ciiInfo("F202500003"), cii, "F202500003.xml");
    expect((await seller.settled(sent.flowId)).acknowledgement.status).toBe("Ok");

    const inbox = await buyer.search({ flowDirection: ["In"], flowType: ["SupplierInvoice"] });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      flowSyntax: "CII",
      flowProfile: "CIUS",
      acknowledgement: { status: "Ok" },
    });
    expect(await buyer.file(inbox[0]?.flowId as string)).toEqual(cii);

    const statuses = await received(platform, SELLER, "CustomerInvoiceLC");
    expect(statuses.map((s) => statusOf(s.xml))).toEqual(["200", "202", "203"]);
    for (const s of statuses) {
      expect(s.flow).toMatchObject({
        flowSyntax: "CDAR",
        flowDirection: "In",
        acknowledgement: { status: "Ok" },
      });
      expect(schemaErrors(s.xml, s.flow.flowId)).toBeNull();
      expect(readCdar(new TextEncoder().encode(s.xml))).toMatchObject({
        invoiceNumber: "F202500003",
        sellerSiren: "100000009",
        issuerRole: "WK",
      });
    }
    expect(statuses[0]?.xml).toContain("<ram:ProcessCondition>Déposée</ram:ProcessCondition>");
    expect(statuses[0]?.xml).toContain('<ram:GlobalID schemeID="0238">9998</ram:GlobalID>');
    expect(statuses[1]?.xml).toContain('<ram:GlobalID schemeID="0002">200000008</ram:GlobalID>');
    // The buyer gets no lifecycle message of the platform's about its own purchase.
    expect(await buyer.search({ flowType: ["CustomerInvoiceLC", "SupplierInvoiceLC"] })).toEqual([]);
  });

  it("routes a Factur-X PDF and a UBL invoice alike", async () => {
    const platform = await start({ accounts: "both" });
    const seller = await client(platform, SELLER);
    const buyer = await client(platform, BUYER);
    await seller.submitOk(
      { trackingId: "PDF-1", flowSyntax: "Factur-X" },
      fixture(UC1_PDF),
      "F202500003.pdf",
    );
    await seller.submitOk({ trackingId: "UBL-1", flowSyntax: "UBL" }, fixture(UC1_UBL), "F202500003-ubl.xml");
    await platform.admin.idle();
    const inbox = await buyer.search({ flowType: ["SupplierInvoice"] });
    expect(inbox.map((f) => f.flowSyntax).sort()).toEqual(["Factur-X", "UBL"]);
    const pdf = inbox.find((f) => f.flowSyntax === "Factur-X");
    expect(await buyer.file(pdf?.flowId as string, "ReadableView")).toEqual(fixture(UC1_PDF));
  });

  it("forwards the buyer's lifecycle message (205) to the seller, and the seller's (212) to the buyer", async () => {
    const platform = await start({ accounts: "both" });
    const seller = await client(platform, SELLER);
    const buyer = await client(platform, BUYER);
    await seller.submitOk(ciiInfo("F202500003"), fixture(UC1_CII));
    await platform.admin.idle();

    const approval = fixture(CDAR_205);
    const sent = await buyer.submitOk({ trackingId: "F202500003-205", flowSyntax: "CDAR" }, approval);
    const own = await buyer.settled(sent.flowId);
    expect(own).toMatchObject({
      flowType: "SupplierInvoiceLC",
      flowDirection: "Out",
      acknowledgement: { status: "Ok" },
    });
    const atSeller = await received(platform, SELLER, "CustomerInvoiceLC");
    expect(atSeller.map((s) => statusOf(s.xml))).toEqual(["200", "202", "203", "205"]);
    expect(await seller.file(atSeller[3]?.flow.flowId as string)).toEqual(approval);

    const collected = fixture("cdar/examples/UC1_F202500003_07-CDV-212_Encaissee.xml");
    const sent212 = await seller.submitOk({ trackingId: "F202500003-212", flowSyntax: "CDAR" }, collected);
    expect((await seller.settled(sent212.flowId)).flowType).toBe("CustomerInvoiceLC");
    const atBuyer = await received(platform, BUYER, "SupplierInvoiceLC");
    expect(atBuyer.map((s) => statusOf(s.xml))).toEqual(["212"]);
  });

  it("refuses a lifecycle message about an invoice its sender never received: InvoiceLCRuleError", async () => {
    const platform = await start({ accounts: "both" });
    const buyer = await client(platform, BUYER);
    const unknown = decode(fixture(CDAR_205)).replaceAll("F202500003", "F209999999");
    const { flowId } = await buyer.submitOk({ flowSyntax: "CDAR" }, new TextEncoder().encode(unknown));
    const flow = await buyer.settled(flowId);
    expect(flow.acknowledgement.details).toEqual([
      expect.objectContaining({ reasonCode: "InvoiceLCRuleError", item: "ReferenceReferencedDocument" }),
    ]);
    expect(platform.admin.flows().filter((f) => f.owner === SELLER.siren)).toEqual([]);
  });
});

describe("an invoice whose buyer is not on this platform", () => {
  it("is accepted and told 201 Émise when the buyer is on another platform's directory line", async () => {
    const platform = await start({ accounts: "seller" });
    const res = await fetch(`${platform.url}/admin/directory`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siren: "200000008", name: "LE CLIENT", platformId: "0042" }),
    });
    expect(res.status).toBe(201);
    const seller = await client(platform, SELLER);
    const { flowId } = await seller.submitOk(ciiInfo("F202500003"), fixture(UC1_CII));
    expect((await seller.settled(flowId)).acknowledgement.status).toBe("Ok");
    const statuses = await received(platform, SELLER, "CustomerInvoiceLC");
    expect(statuses.map((s) => statusOf(s.xml))).toEqual(["200", "201"]);
    for (const s of statuses) expect(schemaErrors(s.xml, s.flow.flowId)).toBeNull();
    expect(platform.admin.flows().filter((f) => f.flowType === "SupplierInvoice")).toEqual([]);
  });

  it("is accepted then told 213 Rejetée (REJ_ADR) when the buyer is in no directory", async () => {
    const platform = await start({ accounts: "seller" });
    const seller = await client(platform, SELLER);
    const { flowId } = await seller.submitOk(ciiInfo("F202500003"), fixture(UC1_CII));
    expect((await seller.settled(flowId)).acknowledgement.status).toBe("Ok");
    const statuses = await received(platform, SELLER, "CustomerInvoiceLC");
    expect(statuses.map((s) => statusOf(s.xml))).toEqual(["200", "213"]);
    const rejection = statuses[1]?.xml ?? "";
    expect(schemaErrors(rejection, "rejection")).toBeNull();
    expect(rejection).toContain("<ram:StatusCode>8</ram:StatusCode>");
    expect(rejection).toContain("<ram:ReasonCode>REJ_ADR</ram:ReasonCode>");
    expect(rejection).toContain("200000008");
  });
});

describe("the platform's lifecycle messages", () => {
  it("are valid against the CDAR D22B schema for every status, whatever the texts hold", () => {
    const invoice = {
      number: "F-2026/001 & <co>",
      typeCode: "381",
      issueDate: "20260115",
      sellerSiren: "100000009",
      sellerName: "Dupont & Fils <SARL>",
      buyerSiren: "200000008",
      buyerName: 'L\'Acheteur "SA"',
    };
    for (const status of [200, 201, 202, 203, 213] as const) {
      const xml = lifecycleXml({
        status,
        invoice,
        receivedAt: new Date("2026-01-15T09:00:00Z"),
        at: new Date("2026-01-15T09:00:05Z"),
        ...(status === 213 && { reason: { code: "REJ_ADR", text: "Destinataire <inconnu>" } }),
      });
      expect(schemaErrors(xml, `status-${status}`), String(status)).toBeNull();
      expect(readCdar(new TextEncoder().encode(xml))).toEqual({
        invoiceNumber: invoice.number,
        sellerSiren: "100000009",
        issuerRole: "WK",
        statusCode: String(status),
      });
    }
  });

  it("reads the standard's own examples as the platform routes them", () => {
    expect(readCdar(fixture(CDAR_205))).toEqual({
      invoiceNumber: "F202500003",
      sellerSiren: "100000009",
      issuerRole: "BY",
      statusCode: "205",
    });
  });
});
