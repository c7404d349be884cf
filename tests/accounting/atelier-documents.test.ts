import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atelierOperations } from "../../api/src/demo/books.ts";
import { databaseKinds } from "../support/databases.ts";
import { atelierTrialBalance, type Books, openBooks } from "./atelier.ts";

const company = (name: string, types: string[], siren: string | null = null) => ({
  kind: "company",
  name,
  types,
  addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
  ...(siren && { legal: { siren } }),
});

/**
 * The worked example entered as its business happened: the sales and purchase invoices and the credit
 * note as documents validated on their days (each posting its entry), the bank operations as entries,
 * January's CA3 validated through the API (its settlement entry is E11), Alpha's and Beta's accounts lettered. The trial balance is the example's, as when every
 * operation is entered as an entry (`atelier-demo.test.ts`).
 */
describe.each(databaseKinds)("the worked example entered as documents (%s)", (kind) => {
  let books: Books;
  const docs: Record<string, { id: string; number: string; entryMvt: string }> = {};
  const mvts: Record<string, string> = {};
  // biome-ignore lint/suspicious/noExplicitAny: the return as the route answers it
  let ca3: any;
  beforeAll(async () => {
    books = await openBooks(kind);
    const { ok } = books;
    books.setDay("2025-01-01");
    const user = await ok("POST", "/register", {
      email: `atelier.docs.${Math.random().toString(36).slice(2)}@exemple.fr`,
      password: "motdepasse1",
      name: "Gérante",
    });
    books.signIn(user.token);
    const created = await ok("POST", "/user/orgs", {
      name: "Atelier Démo SARL",
      siren: "123456782",
      vatNumber: "FR11123456782",
      address: { line1: "5 rue des Artisans", postalCode: "69001", city: "Lyon", country: "FR" },
      fiscalYearStartMonth: 1,
      vatOnDebits: true,
    });
    books.signIn(created.token);
    // The example's numbers: FA-2025-0001, AV-2025-0001.
    const settings = await ok("GET", "/docs/settings");
    await ok("PUT", "/docs/settings", {
      series: settings.series.map((s: { id: string; format: string }) =>
        s.id === "sales-invoice"
          ? { ...s, format: "FA-{YYYY}-{####}" }
          : s.id === "sales-creditNote"
            ? { ...s, format: "AV-{YYYY}-{####}" }
            : s,
      ),
    });
    const alpha = await ok("POST", "/contacts", company("Alpha SARL", ["customer"], "732829320"));
    const gamma = await ok("POST", "/contacts", company("Gamma SAS", ["customer"], "552120222"));
    const beta = await ok("POST", "/contacts", company("Beta SARL", ["supplier"]));
    const epsilon = await ok("POST", "/contacts", company("Epsilon SA", []));
    await ok("POST", "/accounting/accounts", { number: "FEPSILON", label: "Epsilon SA", control: "404000" });
    const code = (contact: { customerAccount?: string; supplierAccount?: string }) =>
      contact.customerAccount ?? contact.supplierAccount ?? "";
    const auxiliaries: Record<string, string> = {
      CALPHA: code(alpha),
      CGAMMA: code(gamma),
      FBETA: code(beta),
      FEPSILON: "FEPSILON",
    };

    const entry = async (id: string) => {
      const op = atelierOperations.find((o) => o.id === id);
      if (!op) throw new Error(id);
      books.setDay(op.date);
      const body = await ok("POST", "/accounting/entries", {
        journal: op.journal,
        date: op.date,
        pieceRef: op.pieceRef,
        pieceDate: op.pieceDate ?? op.date,
        label: op.label,
        lines: op.lines.map(([account, debit, credit, auxiliary]) => ({
          account,
          debit,
          credit,
          auxiliary: auxiliary ? auxiliaries[auxiliary] : null,
        })),
        validate: true,
      });
      mvts[id] = body.mvt;
    };
    const document = async (id: string, day: string, body: Record<string, unknown>) => {
      books.setDay(day);
      const draft = await ok("POST", "/docs", { issueDate: day, ...body });
      const validated = await ok("PUT", `/docs/${draft.id}/status/validated`);
      docs[id] = validated;
      mvts[id] = validated.entryMvt;
    };
    const line = (label: string, euros: string, account: string, nature: "goods" | "services") => ({
      kind: "free",
      label,
      quantity: "1",
      unitPrice: euros,
      vatRate: "20",
      account,
      nature,
    });

    await entry("E1");
    await document("E2", "2025-01-05", {
      kind: "invoice",
      direction: "sales",
      contactId: alpha.id,
      lines: [line("Marchandises", "2000", "707000", "goods")],
    });
    await document("E3", "2025-01-08", {
      kind: "invoice",
      direction: "purchases",
      contactId: beta.id,
      supplierNumber: "B-778",
      supplierDate: "2025-01-06",
      lines: [line("Marchandises", "1000", "607000", "goods")],
    });
    await document("E4", "2025-01-10", {
      kind: "invoice",
      direction: "sales",
      contactId: gamma.id,
      lines: [line("Prestations", "1500", "706000", "services")],
    });
    await document("E5", "2025-01-12", {
      kind: "creditNote",
      direction: "sales",
      from: {
        relation: "creditNote",
        docId: docs.E2?.id,
        selection: {
          kind: "amounts",
          amounts: [{ net: "200", vatRate: "20", account: "709000", label: "Remise 10 %" }],
        },
      },
    });
    await document("E6", "2025-01-15", {
      kind: "invoice",
      direction: "purchases",
      contactId: epsilon.id,
      contactAccount: { control: "404000", code: "FEPSILON" },
      supplierNumber: "E-15",
      supplierDate: "2025-01-15",
      lines: [line("Ordinateur portable", "1000", "218300", "goods")],
    });
    for (const id of ["E7", "E8", "E9", "E10"]) await entry(id);
    // E11, the VAT settlement: January's CA3 validated once the month is over, its entry posted with it.
    books.setDay("2025-02-03");
    ca3 = await ok("POST", "/accounting/entries/vat", { period: "2025-01" });
    mvts.E11 = ca3.settlementMvt;

    // Lettering at 31/01: Alpha's invoice, credit note and transfer; Beta's invoice and payment.
    books.setDay("2025-01-31");
    const lineOn = async (id: string, account: string) => {
      const e = await ok("GET", `/accounting/entries/mvt/${mvts[id]}`);
      const index = e.lines.findIndex((l: { account: string }) => l.account === account);
      return `${mvts[id]}/${index + 1}`;
    };
    for (const set of [
      [
        ["E2", "411000"],
        ["E5", "411000"],
        ["E7", "411000"],
      ],
      [
        ["E3", "401000"],
        ["E9", "401000"],
      ],
    ])
      await ok("PUT", "/accounting/entries/mark", {
        lines: await Promise.all(set.map(([id, account]) => lineOn(id as string, account as string))),
      });
  }, 180_000);
  afterAll(async () => books?.close());

  it("numbers the documents as the example does and their entries in each journal's order", async () => {
    expect(Object.fromEntries(Object.entries(docs).map(([id, d]) => [id, d.number]))).toEqual({
      E2: "FA-2025-0001",
      E3: "B-778",
      E4: "FA-2025-0002",
      E5: "AV-2025-0001",
      E6: "E-15",
    });
    const { items } = await books.ok("GET", "/accounting/entries?limit=50");
    const numbers = Object.fromEntries(items.map((e: { mvt: string; number: string }) => [e.mvt, e.number]));
    expect(Object.fromEntries(Object.entries(mvts).map(([id, mvt]) => [id, numbers[mvt]]))).toMatchObject({
      E2: "VT000001",
      E3: "HA000001",
      E4: "VT000002",
      E5: "VT000003",
      E6: "HA000002",
    });
    expect(items).toHaveLength(11);
  });

  it("gives the example's trial balance at 31/01/2025, as entering it as entries does", async () => {
    const balance = await books.ok("POST", "/accounting/reports/balance", {
      start: "2025-01-01",
      end: "2025-01-31",
    });
    expect(
      balance.rows.map((r: Record<string, number>) => [
        r.account,
        r.debit,
        r.credit,
        r.balanceDebit,
        r.balanceCredit,
      ]),
    ).toEqual(atelierTrialBalance);
    expect(balance.totals).toEqual({
      debit: 2_188_500,
      credit: 2_188_500,
      balanceDebit: 1_496_000,
      balanceCredit: 1_496_000,
    });
  });

  it("declares the example's CA3 for January 2025 and posts E11 as its settlement entry", async () => {
    const filled = Object.fromEntries(
      ca3.boxes
        .filter((b: { base: number | null; tax: number | null }) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
        .map((b: { code: string; base: number | null; tax: number | null }) => [
          b.code,
          b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax),
        ]),
    );
    // The exempt bank fee is in no box.
    expect(filled).toEqual({
      A1: 3300,
      "08": [3300, 660],
      "16": 660,
      "19": 200,
      "20": 200,
      "23": 400,
      TD: 260,
      "28": 260,
      "32": 260,
    });
    expect(ca3).toMatchObject({ status: "validated", warnings: [] });
    const e11 = await books.ok("GET", `/accounting/entries/mvt/${mvts.E11}`);
    const expected = atelierOperations.find((o) => o.id === "E11");
    expect(e11).toMatchObject({ journal: "OD", date: "2025-01-31", status: "validated" });
    // The same lines as the example's E11, in account order (collected, then deductible, then due).
    const byAccount = (lines: unknown[][]) =>
      [...lines].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(
      byAccount(
        e11.lines.map((l: { account: string; debit: number; credit: number }) => [
          l.account,
          l.debit,
          l.credit,
        ]),
      ),
    ).toEqual(byAccount((expected?.lines ?? []) as unknown[][]));
  });

  it("leaves Gamma's invoice open: 800,00 due, and the credit note names its invoice", async () => {
    const gamma = await books.ok("GET", `/docs/${docs.E4?.id}`);
    expect(gamma).toMatchObject({ totalInclTax: 180_000, dueDate: "2025-02-09" });
    const credit = await books.ok("GET", `/docs/${docs.E5?.id}`);
    expect(credit.origin).toMatchObject({
      relation: "creditNote",
      number: "FA-2025-0001",
      issueDate: "2025-01-05",
    });
  });
});
