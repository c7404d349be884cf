import { readEInvoiceXml } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Books, openBooks } from "../accounting/atelier.ts";
import { databaseKinds } from "../support/databases.ts";
import { en16931Schematron, type SchematronVerdict } from "../support/en16931-schematron.ts";

/**
 * The Factur-X the API serves (`GET /docs/{id}/facturx?format=xml`) for documents made through its real
 * commands, checked by EN 16931's official schematron at both profiles: a domestic invoice at every rate,
 * its credit note, a deposit invoice on an order and the order's invoice, sales to a German and an
 * American business (K, AE, G, E) and the export's credit note, and an invoice of a business under the
 * franchise without a VAT number. No fatal assert, no warning.
 */
let check: (xml: string) => SchematronVerdict;
beforeAll(async () => {
  check = await en16931Schematron();
}, 240_000);

const company = (name: string, country: string, legal: Record<string, string>, city = "Berlin") => ({
  kind: "company",
  name,
  types: ["customer"],
  addresses: [{ kind: "billing", line1: "1 Main Street", postalCode: "10115", city, country }],
  legal,
});

describe.each(databaseKinds)("EN 16931's schematron on the Factur-X the API serves (%s)", (kind) => {
  let books: Books;
  /** Each validated document's id and the VAT categories its Factur-X should carry. */
  const docs: Record<string, { id: string; categories: string[]; type: string }> = {};
  let franchise = "";
  let franchiseToken = "";

  beforeAll(async () => {
    books = await openBooks(kind);
    const { ok } = books;
    books.setDay("2026-03-02");

    // A business under the franchise, without a VAT number: its lines exempt with the 293 B mention.
    await books.openOrganisation("fx-franchise", {
      name: "Petit Atelier",
      vatNumber: null,
      vatRegime: "franchise",
    });
    const client = await ok(
      "POST",
      "/contacts",
      company("Alpha SARL", "FR", { siren: "732829320", vatNumber: "FR44732829320" }, "Lyon"),
    );
    const small = await ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-02",
      contactId: client.id,
      lines: [
        {
          kind: "free",
          label: "Réparation",
          quantity: "2",
          unitPrice: "45",
          vatRate: "exempt",
          vatExemption: "TVA non applicable, art. 293 B du CGI",
          nature: "services",
          account: "706000",
        },
      ],
    });
    franchise = (await ok("PUT", `/docs/${small.id}/status/validated`)).id;
    franchiseToken = books.token();

    await books.openOrganisation("fx-schematron", { name: "Atelier Schématron SARL" });
    await ok("PUT", "/docs/settings", {
      bank: { holder: "Atelier Schématron", iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
    });
    const alpha = await ok(
      "POST",
      "/contacts",
      company("Alpha SARL", "FR", { siren: "732829320", vatNumber: "FR44732829320" }, "Lyon"),
    );
    const german = await ok("POST", "/contacts", company("Müller GmbH", "DE", { vatNumber: "DE136695976" }));
    const american = await ok("POST", "/contacts", company("Acme Inc.", "US", {}));
    const machine = await ok("POST", "/items", {
      use: "sale",
      kind: "goods",
      reference: "MACHINE",
      label: "Machine",
      unit: "H87",
      vatRate: "20",
      sellPrice: "1000",
    });
    const setup = await ok("POST", "/items", {
      use: "sale",
      kind: "services",
      reference: "INSTALL",
      label: "Installation",
      unit: "HUR",
      vatRate: "20",
      sellPrice: "62.5",
    });
    const free = (label: string, quantity: string, unitPrice: string, vatRate: string, extra = {}) => ({
      kind: "free",
      label,
      quantity,
      unitPrice,
      vatRate,
      nature: "goods",
      account: "707000",
      ...extra,
    });
    const validate = async (name: string, id: string, categories: string[], type = "380") => {
      await ok("PUT", `/docs/${id}/status/validated`);
      docs[name] = { id, categories, type };
    };
    const sale = async (contactId: string, lines: unknown[]) =>
      (
        await ok("POST", "/docs", {
          kind: "invoice",
          direction: "sales",
          issueDate: "2026-03-03",
          contactId,
          lines,
        })
      ).id;

    books.setDay("2026-03-03");
    const domestic = await sale(alpha.id, [
      { kind: "item", itemId: machine.id, quantity: "2", discount: "5" },
      { kind: "item", itemId: setup.id, quantity: "7.5" },
      free("Câble", "3", "12.345", "10"),
      free("Confiture", "12", "4.2", "5.5"),
      free("Journal", "3", "1.9", "2.1"),
      free("Débours", "1", "60", "exempt", {
        vatExemption: "Débours, art. 267 II-2° du CGI",
        nature: "services",
        account: "708000",
      }),
      free("Reprise", "-1", "20", "5.5"),
    ]);
    await validate("domestic", domestic, ["E", "S"]);
    const credit = await ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: "2026-03-03",
      from: { relation: "creditNote", docId: domestic, selection: { kind: "whole" } },
    });
    await validate("credit", credit.id, ["E", "S"], "381");

    const order = await ok("POST", "/docs", {
      kind: "order",
      direction: "sales",
      issueDate: "2026-03-03",
      contactId: alpha.id,
      lines: [{ kind: "item", itemId: machine.id, quantity: "3" }, free("Câble", "10", "12", "10")],
    });
    await ok("PUT", `/docs/${order.id}/status/accepted`);
    const deposit = await ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-03",
      from: { relation: "deposit", docId: order.id, percent: "30" },
    });
    await validate("deposit", deposit.id, ["S"], "386");
    const final = await ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-03",
      from: { relation: "transform", docId: order.id, kind: "invoice" },
    });
    await validate("order's invoice", final.id, ["S"]);

    const eu = await sale(german.id, [
      { kind: "item", itemId: machine.id, quantity: "2" },
      { kind: "item", itemId: setup.id, quantity: "8" },
    ]);
    await validate("to a German business", eu, ["AE", "K"]);
    const world = await sale(american.id, [
      { kind: "item", itemId: machine.id, quantity: "3" },
      { kind: "item", itemId: setup.id, quantity: "12" },
    ]);
    await validate("to an American business", world, ["E", "G"]);
    const worldDoc = await ok("GET", `/docs/${world}`);
    const goods = worldDoc.lines.find((l: { nature: string }) => l.nature === "goods");
    const exportCredit = await ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: "2026-03-03",
      from: {
        relation: "creditNote",
        docId: world,
        selection: { kind: "lines", quantities: { [goods.id]: "1" } },
      },
    });
    await validate("the export's credit note", exportCredit.id, ["G"], "381");
  }, 240_000);
  afterAll(async () => books?.close());

  const xmlOf = async (id: string, token = books.token()) => {
    const res = await books.app.request(`/api/docs/${id}/facturx?format=xml`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  const verdicts = async () => {
    const found: Record<string, SchematronVerdict> = {};
    for (const [name, doc] of Object.entries(docs)) {
      const xml = await xmlOf(doc.id);
      const invoice = readEInvoiceXml(xml).invoice;
      // Each document is the case its name says.
      expect([
        name,
        invoice.typeCode,
        [...new Set(invoice.vatBreakdown.map((b) => b.category))].sort(),
      ]).toEqual([name, doc.type, doc.categories]);
      found[name] = check(xml);
    }
    return found;
  };
  const clean = (found: Record<string, SchematronVerdict>) =>
    Object.fromEntries(Object.keys(found).map((name) => [name, { errors: [], warnings: [] }]));

  it("at EN 16931 (the default profile): every document passes", async () => {
    const found = await verdicts();
    expect(Object.keys(found)).toHaveLength(7);
    expect(found).toEqual(clean(found));
  }, 90_000);

  it("at BASIC: every document passes", async () => {
    await books.ok("PUT", "/docs/settings", { facturxProfile: "basic" });
    try {
      const xml = await xmlOf(docs.domestic?.id ?? "");
      expect(xml).toContain("urn:factur-x.eu:1p0:basic");
      const found = await verdicts();
      expect(found).toEqual(clean(found));
    } finally {
      await books.ok("PUT", "/docs/settings", { facturxProfile: "en16931" });
    }
  }, 90_000);

  it("under the franchise without a VAT number: E with the 293 B mention, the SIREN as tax registration (BT-32)", async () => {
    const xml = await xmlOf(franchise, franchiseToken);
    const invoice = readEInvoiceXml(xml).invoice;
    expect(invoice.seller).toMatchObject({ vatNumber: null, taxRegistration: "123456782" });
    expect(invoice.vatBreakdown.map((b) => [b.category, b.exemptionCode])).toEqual([
      ["E", "VATEX-FR-FRANCHISE"],
    ]);
    expect(check(xml)).toEqual({ errors: [], warnings: [] });
  });
});
