import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { controlKeys } from "../../api/src/accounting/control-panel.ts";
import { customerBody } from "../../api/src/testing/documents-setup.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

type Check = {
  key: string;
  count: number;
  severity: string;
  items: { kind: string; id: string; no: number | null; amount: number | null }[];
  note: string | null;
  checked: number | null;
};
const byKey = (checks: Check[]) =>
  Object.fromEntries(checks.map((c) => [c.key, c])) as Record<(typeof controlKeys)[number], Check>;

/** A one-line QIF statement: 30.00 paid in on 12/06/2025. */
const qif = "!Type:Bank\nD06/12/2025\nT30.00\nPVirement client\n^\n";

describe.each(databaseKinds)("the accountant's control panel (%s)", (kind) => {
  let books: Books;
  beforeAll(async () => {
    books = await openBooks(kind);
  }, 120_000);
  afterAll(async () => books?.close());

  it("finds nothing in a new organisation: every check at 0, green", async () => {
    books.setDay("2025-06-15");
    await books.openOrganisation("propre", { name: "Propre SARL" });
    const { checks } = await books.ok("GET", "/dashboard/stats/control");
    expect(checks.map((c: Check) => [c.key, c.count, c.severity])).toEqual([
      ["suspense", 0, "ok"],
      ["unletteredThirdParties", 0, "ok"],
      ["unreconciledBankLines", 0, "ok"],
      ["draftDocuments", 0, "ok"],
      ["vatNotSettled", 0, "ok"],
      ["entriesOutsideYears", 0, "ok"],
      ["numberingGaps", 0, "ok"],
      ["fec", 0, "ok"],
    ]);
    expect(checks.every((c: Check) => c.items.length === 0)).toBe(true);
  });

  it("counts one finding of each kind, with its items", async () => {
    books.setDay("2025-01-15");
    await books.openOrganisation("controle", { name: "Contrôle SARL" });
    const { ok } = books;
    await ok("POST", "/accounting/accounts", { number: "CALPHA", label: "Alpha SARL", control: "411000" });
    // A sale of January never collected: an old unlettered 411 item, and collected VAT never settled.
    const sale = await ok("POST", "/accounting/entries", {
      journal: "VT",
      date: "2025-01-15",
      pieceRef: "F-1",
      label: "Vente Alpha",
      lines: [
        { account: "411000", auxiliary: "CALPHA", debit: 120_000, credit: 0 },
        { account: "706000", debit: 0, credit: 100_000 },
        { account: "445710", debit: 0, credit: 20_000 },
      ],
      validate: true,
    });
    books.setDay("2025-06-10");
    await books.signInAgain();
    // A payment left in suspense.
    await ok("POST", "/accounting/entries", {
      journal: "OD",
      date: "2025-06-10",
      pieceRef: "ATT-1",
      label: "Virement à identifier",
      lines: [
        { account: "471000", debit: 0, credit: 5_000 },
        { account: "512000", debit: 5_000, credit: 0 },
      ],
      validate: true,
    });
    // One sales invoice validated (its series checked: number 1), one left a draft.
    const customer = await ok("POST", "/contacts", customerBody());
    const item = await ok("POST", "/items", {
      use: "both",
      kind: "services",
      reference: "CONSEIL",
      label: "Conseil",
      unit: "HUR",
      vatRate: "20",
      sellPrice: "80",
      sellAccount: "706000",
    });
    const invoice = (label: string) =>
      ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: "2025-06-10",
        contactId: customer.id,
        label,
        lines: [{ kind: "item", itemId: item.id, quantity: "1" }],
      });
    const validated = await invoice("Mission validée");
    await ok("PUT", `/docs/${validated.id}/status/validated`);
    const draft = await invoice("Mission à valider");
    // A bank statement whose line is matched to nothing.
    const bank = await ok("POST", "/banks", { name: "Banque", iban: "FR7630006000011234567890189" });
    const imported = await books.app.request(
      `/api/banks/statements/import?bankId=${bank.id}&fileName=r.qif`,
      {
        method: "POST",
        headers: { "content-type": "application/octet-stream", authorization: `Bearer ${books.token()}` },
        body: qif,
      },
    );
    expect(imported.status).toBeLessThan(300);
    const { statementId } = (await imported.json()) as { statementId: string };
    const outside = await books.call("POST", "/accounting/entries", {
      journal: "OD",
      date: "2019-03-01",
      pieceRef: "OLD-1",
      label: "Hors exercice",
      lines: [
        { account: "471000", debit: 100, credit: 0 },
        { account: "512000", debit: 0, credit: 100 },
      ],
    });
    // An entry dated in no fiscal year is refused: the check stays at 0, computed all the same.
    expect([outside.status, outside.body.code]).toEqual([422, "fiscalYear.none"]);

    books.setDay("2025-06-15");
    await books.signInAgain();
    const { checks } = await books.ok("GET", "/dashboard/stats/control");
    const c = byKey(checks);
    expect(c.suspense).toMatchObject({ count: 1, severity: "warning" });
    expect(c.suspense.items).toEqual([
      { kind: "account", id: "471000", no: null, date: null, label: "471000", amount: -5_000 },
    ]);
    expect(c.unletteredThirdParties).toMatchObject({ count: 1 });
    expect(c.unletteredThirdParties.items[0]).toMatchObject({ kind: "entry", id: sale.mvt, amount: 120_000 });
    expect(c.unreconciledBankLines).toMatchObject({ count: 1 });
    expect(c.unreconciledBankLines.items[0]).toMatchObject({ kind: "statement", id: statementId, no: 1 });
    expect(c.draftDocuments).toMatchObject({ count: 1 });
    expect(c.draftDocuments.items[0]).toMatchObject({ kind: "document", id: draft.id, amount: 9_600 });
    // No return declared: 44571 at 31/05 still holds January's VAT (June's invoice is after it).
    expect(c.vatNotSettled).toMatchObject({ count: 1 });
    expect(c.vatNotSettled.items[0]).toMatchObject({ kind: "account", id: "445710", amount: -20_000 });
    expect(c.entriesOutsideYears).toMatchObject({ count: 0, severity: "ok" });
    expect(c.numberingGaps).toMatchObject({ count: 0, severity: "ok", checked: 1 });
    expect(c.fec).toMatchObject({ count: 0, severity: "ok", note: null });
    expect(c.fec.checked).toBeGreaterThan(0);
  });

  it("answers 404 for stats it does not know", async () => {
    const res = await books.call("GET", "/dashboard/stats/unknown");
    expect([res.status, res.body.code]).toEqual([404, "dashboard.unknownStats"]);
  });
});
