import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * A validated return is paid when the payment of its 445510 is lettered with it (issue 22): a BQ entry
 * typed in or a bank statement's line booked to 445510, for exactly one return's due or for returns in a
 * row, is lettered with them in its own commit; another amount is left unlettered and read first in,
 * first out. An organisation whose 445510 is not lettrable gets it lettrable by its next return (an
 * `AccountUpdated` of its chart), not by an edit.
 */

type EntryLine = { account: string; debit: number; credit: number; letterCode: string | null };

describe.each(databaseKinds)("the payment of a VAT return lettered with it (%s)", (kind) => {
  let books: Books;
  let customerId = "";
  let bankId = "";

  const sell = async (day: string, net: string) => {
    books.setDay(day);
    await books.signInAgain();
    const draft = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: customerId,
      lines: [
        {
          kind: "free",
          label: "Marchandises",
          quantity: "1",
          unitPrice: net,
          vatRate: "20",
          account: "707000",
          nature: "goods",
        },
      ],
    });
    await books.ok("PUT", `/docs/${draft.id}/status/validated`);
  };
  const validate = async (day: string, period: string) => {
    books.setDay(day);
    await books.signInAgain();
    return books.ok("POST", "/accounting/entries/vat", { period });
  };
  const pay = async (day: string, amount: number) => {
    const entry = await books.ok("POST", "/accounting/entries", {
      journal: "BQ",
      date: day,
      pieceRef: "DGFIP",
      label: "Paiement TVA",
      lines: [
        { account: "445510", debit: amount, credit: 0 },
        { account: "512000", debit: 0, credit: amount },
      ],
      validate: true,
    });
    return entry.mvt as string;
  };
  /** The 445510 lines of an entry: [debit, credit, letter code]. */
  const dueLines = async (mvt: string) =>
    ((await books.ok("GET", `/accounting/entries/mvt/${mvt}`)).lines as EntryLine[])
      .filter((l) => l.account === "445510")
      .map((l) => [l.debit, l.credit, l.letterCode]);
  const settlementOf = async (period: string) =>
    (await books.ok("GET", `/accounting/vat/${period}`)).settlementMvt as string;
  const status = async (period: string) => (await books.ok("GET", `/accounting/vat/${period}`)).status;

  beforeAll(async () => {
    books = await openBooks(kind);
    books.setDay("2026-01-02");
    await books.openOrganisation("tvapaid", { name: "Lettrage TVA SARL", vatOnDebits: false });
    customerId = (
      await books.ok("POST", "/contacts", {
        kind: "company",
        name: "Alpha SARL",
        types: ["customer"],
        addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
        legal: { siren: "732829320" },
      })
    ).id;
    bankId = (
      await books.ok("POST", "/banks", { name: "Banque Populaire", iban: "FR7630006000011234567890189" })
    ).id;
    // VAT due: January 200 €, February 100 €, March 300 €, April 80 €, May 50 €.
    await sell("2026-01-10", "1000");
    await sell("2026-02-10", "500");
    await sell("2026-03-10", "1500");
    await sell("2026-04-10", "400");
    await sell("2026-05-10", "250");
    for (const period of ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"])
      await validate("2026-06-02", period);
  }, 240_000);
  afterAll(() => books?.close());

  it("letters a payment of exactly one return's due with it: that return is paid, not the next", async () => {
    const account = await books.ok("GET", "/accounting/accounts/445510");
    expect(account.lettrable).toBe(true);
    const payment = await pay("2026-06-05", 20_000);
    const [[, , code]] = (await dueLines(payment)) as [[number, number, string]];
    expect(code).toMatch(/^[A-Z]{2}$/);
    expect(await dueLines(await settlementOf("2026-01"))).toEqual([[0, 20_000, code]]);
    expect(await status("2026-01")).toBe("paid");
    expect(await status("2026-02")).toBe("validated");
  });

  it("letters one payment of two returns in a row with both", async () => {
    const payment = await pay("2026-06-06", 40_000);
    const [[, , code]] = (await dueLines(payment)) as [[number, number, string]];
    expect(code).toBeTruthy();
    expect(await dueLines(await settlementOf("2026-02"))).toEqual([[0, 10_000, code]]);
    expect(await dueLines(await settlementOf("2026-03"))).toEqual([[0, 30_000, code]]);
    expect([await status("2026-02"), await status("2026-03")]).toEqual(["paid", "paid"]);
  });

  it("letters a bank statement's line booked to 445510 for a return's due", async () => {
    const report = await books.ok("POST", "/banks/statements", {
      bankId,
      from: "2026-06-10",
      to: "2026-06-10",
      lines: [{ bookingDate: "2026-06-10", amount: -8_000, label: "PRLV SEPA DGFIP TVA" }],
    });
    const booked = await books.ok("POST", `/banks/reconcile/${report.statementId}/lines/1/entry`, {
      account: "445510",
    });
    const [[debit, , code]] = (await dueLines(booked.mvt)) as [[number, number, string]];
    expect([debit, code === null]).toEqual([8_000, false]);
    expect(await dueLines(await settlementOf("2026-04"))).toEqual([[0, 8_000, code]]);
    expect(await status("2026-04")).toBe("paid");
  });

  it("leaves a partial payment unlettered, and reads the dues first in, first out", async () => {
    const first = await pay("2026-06-12", 2_000);
    expect(await dueLines(first)).toEqual([[2_000, 0, null]]);
    expect(await status("2026-05")).toBe("validated");
    const rest = await pay("2026-06-13", 3_000);
    expect(await dueLines(rest)).toEqual([[3_000, 0, null]]);
    expect(await dueLines(await settlementOf("2026-05"))).toEqual([[0, 5_000, null]]);
    expect(await status("2026-05")).toBe("paid");
  });

  it("makes 445510 lettrable again by the next return when the chart says it is not", async () => {
    // As an organisation made before the template letters 445510.
    await books.ok("PUT", "/accounting/accounts/445510", { lettrable: false });
    expect((await books.ok("GET", "/accounting/accounts/445510")).lettrable).toBe(false);
    await sell("2026-06-10", "100");
    await validate("2026-07-02", "2026-06");
    expect((await books.ok("GET", "/accounting/accounts/445510")).lettrable).toBe(true);
    const payment = await pay("2026-07-05", 2_000);
    const [[, , code]] = (await dueLines(payment)) as [[number, number, string]];
    expect(await dueLines(await settlementOf("2026-06"))).toEqual([[0, 2_000, code]]);
    expect(await status("2026-06")).toBe("paid");
  });

  it("leaves the due unlettered when 445510 is not lettrable, and still reads it paid", async () => {
    await sell("2026-07-10", "150");
    await validate("2026-08-03", "2026-07");
    await books.ok("PUT", "/accounting/accounts/445510", { lettrable: false });
    const payment = await pay("2026-08-05", 3_000);
    expect(await dueLines(payment)).toEqual([[3_000, 0, null]]);
    expect(await status("2026-07")).toBe("paid");
  });
});
