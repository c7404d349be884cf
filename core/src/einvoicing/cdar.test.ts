import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { BUYER_STATUS_CODES, cdarReasonCodes } from "./cdar-codes.ts";
import { cdarDateTime, instantOfCdarDateTime } from "./cdar-dates.ts";
import { readCdar } from "./cdar-read.ts";
import { buildCdar, type CdarMessage } from "./cdar-write.ts";

/**
 * The lifecycle messages against XP Z12-012's examples and the D22B schema (xmllint, libxml2-utils:
 * installed by tests/support/prepare-machine.sh; the schemas copied into tests/fixtures/cdar/).
 */
const FIXTURES = fileURLToPath(new URL("../../../tests/fixtures/cdar/", import.meta.url));
const XSD = join(FIXTURES, "xsd", "CrossDomainAcknowledgementAndResponse_100pD22B.xsd");
const EXAMPLES = join(FIXTURES, "examples");
const work = mkdtempSync(join(tmpdir(), "cdar-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let written = 0;
/** xmllint's verdict: null when the message validates, else its messages. */
const schemaErrors = (xml: string): string | null => {
  const file = join(work, `m${written++}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", XSD, file], { stdio: "pipe" });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new Error("xmllint is missing: apt-get install libxml2-utils");
    return e.stderr?.toString() ?? String(error);
  }
};

const example = (name: string) => readFileSync(join(EXAMPLES, name), "utf8");

describe("reading XP Z12-012's examples", () => {
  const expected: Record<
    string,
    { status: number; issuedAt: string; buyer: string | null; amounts?: unknown }
  > = {
    "UC1_F202500003_01-CDV-200_Deposee.xml": {
      status: 200,
      issuedAt: "2025-07-01T13:10:00.000Z",
      buyer: null,
    },
    "UC1_F202500003_01-CDV-200_Deposee_POUR_PPF.xml": {
      status: 200,
      issuedAt: "2025-07-01T13:10:00.000Z",
      buyer: null,
    },
    "UC1_F202500003_02-CDV-202_Recue.xml": {
      status: 202,
      issuedAt: "2025-07-01T14:10:00.000Z",
      buyer: "200000008",
    },
    "UC1_F202500003_03-CDV-203_Mise_a_disposition.xml": {
      status: 203,
      issuedAt: "2025-07-01T14:25:00.000Z",
      buyer: "200000008",
    },
    "UC1_F202500003_04-CDV-204_Prise_en_charge.xml": {
      status: 204,
      issuedAt: "2025-07-01T16:00:00.000Z",
      buyer: "200000008",
    },
    "UC1_F202500003_05-CDV-205_Approuvee.xml": {
      status: 205,
      issuedAt: "2025-07-02T08:00:00.000Z",
      buyer: "200000008",
    },
    "UC1_F202500003_06-CDV-211_Paiement_transmis.xml": {
      status: 211,
      issuedAt: "2025-07-30T08:00:00.000Z",
      buyer: "200000008",
      amounts: [{ type: "MPA", cents: 1_200_000, ratePercent: null }],
    },
    "UC1_F202500003_07-CDV-212_Encaissee.xml": {
      status: 212,
      issuedAt: "2025-08-02T08:00:00.000Z",
      buyer: "200000008",
      amounts: [{ type: "MEN", cents: 1_200_000, ratePercent: "20.00" }],
    },
    "UC1_F202500003_07-CDV-212_Encaissee_POUR_PPF.xml": {
      status: 212,
      issuedAt: "2025-08-02T08:00:00.000Z",
      buyer: null,
      amounts: [{ type: "MEN", cents: 1_200_000, ratePercent: "20.00" }],
    },
  };

  it("knows every example of the fixtures", () => {
    expect(readdirSync(EXAMPLES).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))(
    "%s reads to its invoice, status, parties, date and amounts",
    (name, want) => {
      const xml = example(name);
      expect(schemaErrors(xml)).toBeNull();
      expect(readCdar(xml)).toEqual({
        invoiceNumber: "F202500003",
        invoiceIssueDate: "2025-07-01",
        invoiceTypeCode: "380",
        sellerSiren: "100000009",
        buyerSiren: want.buyer,
        statusCode: want.status,
        reason: null,
        amounts: want.amounts ?? [],
        issuedAt: want.issuedAt,
      });
    },
  );
});

const base: CdarMessage = {
  status: 204,
  issuedAt: "2025-07-01T16:00:00.000Z",
  invoice: {
    number: "F202500003",
    issueDate: "2025-07-01",
    typeCode: "380",
    receivedAt: "2025-07-01T14:10:00.000Z",
  },
  seller: { siren: "100000009", name: "VENDEUR" },
  buyer: { siren: "200000008", name: "ACHETEUR" },
  from: "buyer",
};

describe("writing a lifecycle message", () => {
  it("writes 204 as the example does, element for element (comments and the message's name aside)", () => {
    const strip = (xml: string) =>
      xml
        .replace(/^\uFEFF/, "")
        .replace(/<!--.*?-->/g, "")
        .replace(/<ram:Name>UC1[^<]*<\/ram:Name>|<ram:Name>F2025[^<]*<\/ram:Name>/, "")
        .replace(/ xmlns:xsi="[^"]*"/, "")
        .replace(/>\s+</g, "><")
        .replace(/\s+>/g, ">")
        .replace(/\s+/g, " ")
        .trim();
    const ours = buildCdar({ ...base, issuedAt: "2025-07-01T16:00:00.000Z" });
    const theirs = example("UC1_F202500003_04-CDV-204_Prise_en_charge.xml")
      // The example's message date (MDT-8) is 10 minutes after the status's (MDT-78); ours are one instant.
      .replace("20250701181000", "20250701180000")
      // The example addresses the seller's status box by a routing suffix; we address its SIREN.
      .replace("100000009_STATUTS", "100000009");
    expect(strip(ours)).toBe(strip(theirs));
  });

  it.each([
    ["204 taken in hand", { status: 204 }],
    ["205 approved", { status: 205 }],
    ["207 disputed with a reason", { status: 207, reason: { code: "QTE_ERR", text: "3 cartons manquent" } }],
    ["207 disputed without one", { status: 207 }],
    [
      "210 refused",
      { status: 210, reason: { code: "TX_TVA_ERR", text: "Taux de 5,5 % attendu & non 20 %" } },
    ],
    ["211 payment sent", { status: 211, payment: { cents: 1_200_000, day: "2025-07-30" } }],
    [
      "212 collected, two rates",
      {
        status: 212,
        from: "seller",
        amounts: [
          { cents: 1_000_000, ratePercent: "20.00" },
          { cents: 52_750, ratePercent: "5.50" },
        ],
      },
    ],
  ] as const)("%s: valid against the D22B schema, and reads back to what was written", (_name, change) => {
    const message = { ...base, ...change } as CdarMessage;
    const xml = buildCdar(message);
    expect(schemaErrors(xml)).toBeNull();
    const read = readCdar(xml);
    expect(read).toEqual({
      invoiceNumber: "F202500003",
      invoiceIssueDate: "2025-07-01",
      invoiceTypeCode: "380",
      sellerSiren: "100000009",
      buyerSiren: "200000008",
      statusCode: message.status,
      reason: message.reason ? { code: message.reason.code, text: message.reason.text } : null,
      amounts: [
        ...(message.amounts ?? []).map((a) => ({ type: "MEN", cents: a.cents, ratePercent: a.ratePercent })),
        ...(message.payment ? [{ type: "MPA", cents: message.payment.cents, ratePercent: null }] : []),
      ],
      issuedAt: "2025-07-01T16:00:00.000Z",
    });
  });

  it("refuses a refusal without a reason, a reason off the status's list, a bad SIREN, 212 without amounts", () => {
    const code = (m: Partial<CdarMessage>) => {
      try {
        buildCdar({ ...base, ...m } as CdarMessage);
        return null;
      } catch (error) {
        return [(error as { code: string }).code, (error as { params: { field: string } }).params.field];
      }
    };
    expect(code({ status: 210 })).toEqual(["cdar.reasonRequired", "reasonCode"]);
    expect(code({ status: 210, reason: { code: "QTE_ERR", text: null } })).toEqual([
      "cdar.reasonNotAllowed",
      "reasonCode",
    ]);
    expect(code({ status: 205, reason: { code: "DOUBLON", text: null } })).toEqual([
      "cdar.reasonNotAllowed",
      "reasonCode",
    ]);
    expect(code({ seller: { siren: "12345678", name: "X" } })).toEqual(["cdar.invalidSiren", "seller.siren"]);
    expect(code({ status: 212, from: "seller" })).toEqual(["cdar.amountsRequired", "amounts"]);
  });

  it("fast-check: any buyer status about any invoice validates and round-trips", () => {
    const text = fc
      .string({ minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() !== "" && !/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u.test(s));
    fc.assert(
      fc.property(
        fc.constantFrom(...BUYER_STATUS_CODES),
        fc.stringMatching(/^[A-Z0-9][A-Z0-9\-_/+]{0,34}$/),
        fc.date({
          min: new Date("2024-01-01T00:00:00Z"),
          max: new Date("2030-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        text,
        text,
        fc.nat({ max: 10_000_000_00 }),
        (status, number, when, sellerName, reasonText, cents) => {
          const reasons = cdarReasonCodes(status);
          const message: CdarMessage = {
            ...base,
            status,
            issuedAt: new Date(Math.floor(when.getTime() / 1000) * 1000).toISOString(),
            invoice: { ...base.invoice, number, issueDate: when.toISOString().slice(0, 10) },
            seller: { siren: "100000009", name: sellerName },
            ...(reasons.length > 0 &&
              status === 210 && {
                reason: { code: reasons[cents % reasons.length] as string, text: reasonText },
              }),
            ...(status === 211 && { payment: { cents, day: "2025-07-30" } }),
          };
          const xml = buildCdar(message);
          expect(schemaErrors(xml)).toBeNull();
          const read = readCdar(xml);
          expect(read.statusCode).toBe(status);
          expect(read.invoiceNumber).toBe(number);
          expect(read.invoiceIssueDate).toBe(message.invoice.issueDate);
          expect(read.issuedAt).toBe(message.issuedAt);
          expect(read.reason?.text ?? null).toBe(
            message.reason ? message.reason.text?.trim().replace(/\s+/g, " ") || null : null,
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("reading hostile or foreign files", () => {
  it.each([
    ["not XML", "%PDF-1.7 ...", "einvoice.notXml"],
    ["a DOCTYPE", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', "einvoice.unsafeXml"],
    ["another XML", "<Invoice><ID>1</ID></Invoice>", "cdar.notLifecycle"],
    [
      "a status Registre does not know",
      example("UC1_F202500003_04-CDV-204_Prise_en_charge.xml").replace(
        "<ram:ProcessConditionCode>204<",
        "<ram:ProcessConditionCode>999<",
      ),
      "cdar.unknownStatus",
    ],
  ])("%s is refused with a stable code", (_name, xml, code) => {
    expect(() => readCdar(xml)).toThrow(expect.objectContaining({ code }));
  });

  it("refuses a message nested past the limits before building a tree", () => {
    const deep = `<a>${"<b>".repeat(200)}${"</b>".repeat(200)}</a>`;
    expect(() => readCdar(deep, { xmlDepth: 48 })).toThrow(
      expect.objectContaining({ code: "upload.xmlTooDeep" }),
    );
  });
});

describe("CDAR's dates", () => {
  it("are Paris time, summer and winter, and read back to the instant", () => {
    expect(cdarDateTime("2025-07-01T16:10:00.000Z")).toBe("20250701181000");
    expect(cdarDateTime("2025-01-15T09:00:00.000Z")).toBe("20250115100000");
    expect(instantOfCdarDateTime("20250701181000")).toBe("2025-07-01T16:10:00.000Z");
    expect(instantOfCdarDateTime("20251026023000")).not.toBeNull();
    expect(instantOfCdarDateTime("2025070118100")).toBeNull();
  });
});
