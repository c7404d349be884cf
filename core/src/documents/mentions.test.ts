import { describe, expect, it } from "vitest";
import { alpha, created, priced, seller, stateOf } from "./documents.fixtures.ts";
import { documentProblems } from "./mentions.ts";

const codes = (...args: Parameters<typeof documentProblems>) => documentProblems(...args).map((p) => p.code);

describe("mandatory mentions", () => {
  it("finds nothing missing on a complete invoice", () => {
    expect(documentProblems(stateOf(created({ lines: [priced()] })), seller)).toEqual([]);
  });

  it("lists every problem with its field", () => {
    const doc = stateOf(
      created({
        lines: [priced({ account: null })],
        contact: { ...alpha, billingAddress: null, siren: null, auxiliary: null },
      }),
    );
    expect(documentProblems(doc, { ...seller, name: null, vatNumber: null })).toEqual([
      { code: "doc.mention.sellerName", field: "seller.name" },
      { code: "doc.mention.sellerVatNumber", field: "seller.vatNumber" },
      { code: "doc.mention.customerAddress", field: "contact.billingAddress" },
      { code: "doc.mention.customerSiren", field: "contact.siren" },
      { code: "doc.contactAccountMissing", field: "contact.auxiliary" },
      { code: "doc.lineAccountMissing", field: "lines.l1.account" },
    ]);
  });

  it("asks the customer's VAT number for reverse charge and intra-EU lines, not a person's SIREN", () => {
    const exempt = priced({ vatRate: "exempt", vatExemption: "Autoliquidation" });
    expect(
      codes(stateOf(created({ lines: [exempt], contact: { ...alpha, vatNumber: null } })), seller),
    ).toEqual(["doc.mention.customerVatNumber"]);
    expect(
      codes(
        stateOf(created({ lines: [priced()], contact: { ...alpha, kind: "person", siren: null } })),
        seller,
      ),
    ).toEqual([]);
  });

  it("under the 293 B franchise: no VAT number, every line with the mention", () => {
    const franchise = { ...seller, vatNumber: null, vatFranchise: true };
    expect(codes(stateOf(created({ lines: [priced()] })), franchise)).toEqual([
      "doc.mention.franchiseMention",
    ]);
    const line = priced({ vatRate: "exempt", vatExemption: "TVA non applicable, art. 293 B du CGI" });
    expect(codes(stateOf(created({ lines: [line] })), franchise)).toEqual([]);
  });

  it("a credit note names the invoice it credits", () => {
    expect(codes(stateOf(created({ kind: "creditNote", lines: [priced()] })), seller)).toEqual([
      "doc.mention.creditedInvoice",
    ]);
  });
});
