import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * An order's final invoice deducts the order's deposit invoices (acomptes: CGI 289-I-1-c; the final
 * invoice deducts each one's net and VAT per rate): on its own when the invoice is made from the order,
 * by hand on the draft (`POST /docs/{id}/deposits`, `DELETE /docs/{id}/deposits/{depositId}`), and posted
 * against 4191 when it is validated.
 */
describe.each(databaseKinds)("an order's final invoice and its deposits (%s)", (kind) => {
  let books: Books;
  let customer = "";

  /** A 3,000 € + 100 € order (20 % and 10 %), accepted. */
  const order = async () => {
    const made = await books.ok("POST", "/docs", {
      kind: "order",
      direction: "sales",
      issueDate: "2026-03-10",
      contactId: customer,
      lines: [
        {
          kind: "free",
          label: "Machine",
          quantity: "3",
          unitPrice: "1000",
          vatRate: "20",
          nature: "goods",
          account: "707000",
        },
        {
          kind: "free",
          label: "Câble",
          quantity: "10",
          unitPrice: "10",
          vatRate: "10",
          nature: "goods",
          account: "707000",
        },
      ],
    });
    await books.ok("PUT", `/docs/${made.id}/status/accepted`);
    return made.id as string;
  };
  const deposit = async (orderId: string, percent: string, validate = true) => {
    const made = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-10",
      from: { relation: "deposit", docId: orderId, percent },
    });
    return validate ? await books.ok("PUT", `/docs/${made.id}/status/validated`) : made;
  };
  const invoiceOf = (orderId: string, quantities?: Record<string, string>) =>
    books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-10",
      from: { relation: "transform", docId: orderId, kind: "invoice", ...(quantities && { quantities }) },
    });

  beforeAll(async () => {
    books = await openBooks(kind);
    books.setDay("2026-03-02");
    await books.openOrganisation("deposits", { name: "Atelier Acomptes SARL" });
    customer = (
      await books.ok("POST", "/contacts", {
        kind: "company",
        name: "Alpha SARL",
        types: ["customer"],
        addresses: [
          { kind: "billing", line1: "1 rue Neuve", postalCode: "69002", city: "Lyon", country: "FR" },
        ],
        legal: { siren: "732829320", vatNumber: "FR44732829320" },
      })
    ).id;
    books.setDay("2026-03-10");
  });
  afterAll(() => books?.ctx.database.close());

  it("deducts the order's validated deposit when the invoice is made, and posts it against 4191", async () => {
    const orderId = await order();
    // 30 %: 900 € at 20 % (VAT 180) and 30 € at 10 % (VAT 3): 1,113 € all taxes included.
    const paid = await deposit(orderId, "30");
    expect(paid.totals.totalInclTax).toBe(111_300);
    // A draft deposit is not an acompte received: it is not deducted.
    await deposit(orderId, "10", false);
    const invoice = await invoiceOf(orderId);
    expect(invoice.deposits).toEqual([{ docId: paid.id, number: paid.number, issueDate: "2026-03-10" }]);
    // 3,000 + 600 + 100 + 10 = 3,710 €, less the deposit's 1,113 €.
    expect(invoice.totals.totalInclTax).toBe(371_000);
    expect(invoice.totals.deposits).toBe(111_300);
    expect(invoice.totals.due).toBe(259_700);

    const validated = await books.ok("PUT", `/docs/${invoice.id}/status/validated`);
    const entry = await books.ok("GET", `/accounting/entries/mvt/${validated.entryMvt}`);
    const on = (account: string) =>
      entry.lines
        .filter((l: { account: string }) => l.account.startsWith(account))
        .reduce((s: number, l: { debit: number; credit: number }) => s + l.debit - l.credit, 0);
    // The deposit's net comes back out of 4191 and the customer owes what is left.
    expect(on("4191")).toBe(93_000);
    expect(on("411")).toBe(259_700);
  });

  it("deducts on a partial invoice what its base covers, the rest on the next", async () => {
    const orderId = await order();
    const first = await deposit(orderId, "20"); // 600 + 20 € net
    const second = await deposit(orderId, "20");
    const orderDoc = await books.ok("GET", `/docs/${orderId}`);
    const [machine, cable] = orderDoc.lines as { id: string }[];
    // One machine and half the cables: 1,000 € at 20 % and 50 € at 10 % — room for one deposit (600 € and
    // 20 €), not two.
    const partial = await invoiceOf(orderId, { [machine?.id ?? ""]: "1", [cable?.id ?? ""]: "5" });
    expect(partial.totals.deposits).toBe(first.totals.totalInclTax);
    expect(partial.deposits.map((d: { docId: string }) => d.docId)).toEqual([first.id]);
    await books.ok("PUT", `/docs/${partial.id}/status/validated`);
    // The rest of the order (2,000 € at 20 %, 50 € at 10 %) deducts the other deposit only.
    const rest = await invoiceOf(orderId);
    expect(rest.deposits.map((d: { docId: string }) => d.docId)).toEqual([second.id]);
  });

  it("takes a deposit off a draft and puts it back; refuses what is not the order's, twice, or too much", async () => {
    const orderId = await order();
    const paid = await deposit(orderId, "50");
    const invoice = await invoiceOf(orderId);
    expect(invoice.deposits).toHaveLength(1);

    const off = await books.ok("DELETE", `/docs/${invoice.id}/deposits/${paid.id}`);
    expect(off.deposits).toEqual([]);
    expect(off.totals.due).toBe(371_000);
    const again = await books.call("DELETE", `/docs/${invoice.id}/deposits/${paid.id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("doc.depositNotFound");

    const back = await books.ok("POST", `/docs/${invoice.id}/deposits`, { docId: paid.id });
    expect(back.deposits.map((d: { docId: string }) => d.docId)).toEqual([paid.id]);
    const twice = await books.call("POST", `/docs/${invoice.id}/deposits`, { docId: paid.id });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("doc.depositAlreadyDeducted");

    // Another order's deposit, the order itself: not this invoice's deposits.
    const otherOrder = await order();
    const other = await deposit(otherOrder, "10");
    for (const docId of [other.id, orderId]) {
      const refused = await books.call("POST", `/docs/${invoice.id}/deposits`, { docId });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("doc.depositNotOnOrder");
      expect(refused.body.errors[0].path).toBe("docId");
    }
    // An invoice not made from an order deducts no deposit.
    const plain = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-10",
      contactId: customer,
      lines: [
        {
          kind: "free",
          label: "Réglage",
          quantity: "1",
          unitPrice: "50",
          vatRate: "20",
          nature: "services",
          account: "706000",
        },
      ],
    });
    const notFinal = await books.call("POST", `/docs/${plain.id}/deposits`, { docId: paid.id });
    expect(notFinal.status).toBe(409);
    expect(notFinal.body.code).toBe("doc.depositNotDeductible");
    // A malformed id is the field's problem; nothing changed.
    const malformed = await books.call("POST", `/docs/${invoice.id}/deposits`, { docId: "not-a-uuid" });
    expect(malformed.status).toBe(422);
    expect((await books.ok("GET", `/docs/${invoice.id}`)).deposits).toHaveLength(1);
  });

  it("leaves out a deposit a credit note took back", async () => {
    const orderId = await order();
    const paid = await deposit(orderId, "30");
    const credit = await books.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: "2026-03-10",
      from: { relation: "creditNote", docId: paid.id, selection: { kind: "whole" } },
    });
    await books.ok("PUT", `/docs/${credit.id}/status/validated`);
    const invoice = await invoiceOf(orderId);
    expect(invoice.deposits).toEqual([]);
    expect(invoice.totals.due).toBe(371_000);
  });
});
