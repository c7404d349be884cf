import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * The worked example `vat-return-march-2026.md` through the API's real commands: the sales documents,
 * the credit note, the customer's payment of the service (VAT on receipts), the purchase invoices (a
 * German supplier's goods self-assessed, a laptop, goods from a French supplier), February's return
 * leaving its credit; then March's return validated with its settlement entry in one commit.
 */

type Box = { code: string; base: number | null; tax: number | null };
const filled = (boxes: Box[]) =>
  Object.fromEntries(
    boxes
      .filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
      .map((b) => [b.code, b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax)]),
  );
type Line = { account: string; debit: number; credit: number };
const summary = (lines: Line[]) => lines.map((l) => [l.account, l.debit, l.credit]);

const company = (name: string, types: string[], extra: Record<string, unknown> = {}) => ({
  kind: "company",
  name,
  types,
  addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
  ...extra,
});

const line = (
  label: string,
  euros: string,
  account: string,
  nature: "goods" | "services",
  vatRate = "20",
) => ({
  kind: "free",
  label,
  quantity: "1",
  unitPrice: euros,
  vatRate,
  account,
  nature,
});

describe.each(databaseKinds)("the CA3 of March 2026 through the API (%s)", (kind) => {
  let books: Books;
  const docs: Record<string, { id: string }> = {};
  let alphaId = "";
  beforeAll(async () => {
    books = await openBooks(kind);
    const { ok } = books;
    books.setDay("2026-01-02");
    await books.openOrganisation("tva", { name: "Boutique TVA SARL", vatOnDebits: false });
    const alpha = await ok(
      "POST",
      "/contacts",
      company("Alpha SARL", ["customer"], { legal: { siren: "732829320" } }),
    );
    alphaId = alpha.id;
    const beta = await ok("POST", "/contacts", company("Beta SARL", ["supplier"]));
    const german = await ok("POST", "/contacts", {
      kind: "company",
      name: "Müller GmbH",
      types: ["supplier"],
      addresses: [
        { kind: "billing", line1: "Hauptstraße 1", postalCode: "10115", city: "Berlin", country: "DE" },
      ],
      legal: { vatNumber: "DE136695976" },
    });
    const epsilon = await ok("POST", "/contacts", company("Epsilon SA", []));
    await ok("POST", "/accounting/accounts", { number: "FEPSILON", label: "Epsilon SA", control: "404000" });

    const document = async (id: string, day: string, body: Record<string, unknown>) => {
      books.setDay(day);
      // Sessions expire after 14 days of the test's clock.
      await books.signInAgain();
      const draft = await ok("POST", "/docs", { issueDate: day, ...body });
      docs[id] = await ok("PUT", `/docs/${draft.id}/status/validated`);
    };
    const purchase = (id: string, day: string, contactId: string, lines: unknown[], extra = {}) =>
      document(id, day, {
        kind: "invoice",
        direction: "purchases",
        contactId,
        supplierNumber: `S-${id}`,
        supplierDate: day,
        lines,
        ...extra,
      });

    // February: goods bought, 1 250,00 of VAT deductible; its return carries a credit of 1 250.
    await purchase("F1", "2026-02-10", beta.id, [line("Stock", "6250", "607000", "goods")]);
    books.setDay("2026-03-01");
    await books.signInAgain();
    await ok("POST", "/accounting/entries/vat", { period: "2026-01" });
    await ok("POST", "/accounting/entries/vat", { period: "2026-02" });

    await document("1", "2026-03-02", {
      kind: "invoice",
      direction: "sales",
      contactId: alpha.id,
      lines: [line("Marchandises", "10000", "707000", "goods")],
    });
    await document("2", "2026-03-05", {
      kind: "creditNote",
      direction: "sales",
      from: {
        relation: "creditNote",
        docId: docs["1"]?.id,
        selection: {
          kind: "amounts",
          amounts: [{ net: "500", vatRate: "20", account: "707000", label: "Retour" }],
        },
      },
    });
    await document("3", "2026-03-09", {
      kind: "invoice",
      direction: "sales",
      contactId: alpha.id,
      lines: [line("Marchandises", "2345.67", "707000", "goods", "10")],
    });
    await document("4", "2026-03-12", {
      kind: "invoice",
      direction: "sales",
      contactId: alpha.id,
      lines: [line("Prestation", "5000", "706000", "services")],
    });
    books.setDay("2026-03-25");
    await ok("POST", "/payments/sales", {
      date: "2026-03-25",
      amount: 240_000,
      modeId: "transfer",
      reference: "VIR ALPHA",
      allocations: [{ docId: docs["4"]?.id, amount: 240_000 }],
    });
    await purchase("6", "2026-03-20", german.id, [line("Marchandises", "3000", "607000", "goods")]);
    await purchase("7", "2026-03-20", epsilon.id, [line("Ordinateur portable", "1800", "218300", "goods")], {
      contactAccount: { control: "404000", code: "FEPSILON" },
    });
    await purchase("8", "2026-03-20", beta.id, [line("Marchandises", "4213.40", "607000", "goods")]);
    books.setDay("2026-04-10");
    await books.signInAgain();
  }, 240_000);
  afterAll(async () => books?.close());

  it("prepares March live with exactly the example's boxes, February's credit in box 22", async () => {
    const march = await books.ok("GET", "/accounting/vat/2026-03");
    expect(march).toMatchObject({
      status: "toPrepare",
      validatedOn: null,
      creditCarried: { euros: 1250, from: "2026-02" },
    });
    expect(filled(march.boxes)).toEqual({
      A1: 13846,
      B2: 3000,
      "08": [14500, 2900],
      "9B": [2346, 235],
      "16": 3135,
      "17": 600,
      "19": 360,
      "20": 1443,
      "22": 1250,
      "23": 3053,
      TD: 82,
      "28": 82,
      "32": 82,
    });
    expect(march.warnings.filter((w: { blocking: boolean }) => w.blocking)).toEqual([]);
  });

  it("shows a box's lines with where each comes from: box 08 takes the invoices, the credit note, the payment and the self-assessment", async () => {
    const { box, items } = await books.ok("GET", "/accounting/vat/2026-03/boxes/08");
    expect(box).toMatchObject({ code: "08", base: 14500, tax: 2900 });
    const taxes = items
      .filter((l: { tax: number }) => l.tax !== 0)
      .map((l: { origin: { kind: string }; account: string; tax: number }) => [
        l.origin.kind,
        l.account,
        l.tax,
      ]);
    expect(taxes).toEqual([
      ["document", "445710", 200_000],
      ["document", "445710", -10_000],
      ["document", "445200", 60_000],
      ["payment", "445710", 40_000],
    ]);
    const unknown = await books.call("GET", "/accounting/vat/2026-03/boxes/ZZ");
    expect([unknown.status, unknown.body.code]).toEqual([404, "vat.boxUnknown"]);
  });

  it("refuses a validation with a draft invoice dated in the period, naming it, and writes nothing", async () => {
    const draft = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-30",
      contactId: alphaId,
      lines: [line("Oubli", "100", "707000", "goods")],
    });
    const refused = await books.call("POST", "/accounting/entries/vat", { period: "2026-03" });
    expect([refused.status, refused.body.code]).toEqual([409, "vat.draftsInPeriod"]);
    expect(refused.body.detail).toContain("2026-03");
    const march = await books.ok("GET", "/accounting/vat/2026-03");
    expect(march.status).toBe("toPrepare");
    expect(march.warnings.find((w: { code: string }) => w.code === "vat.draftsInPeriod")).toMatchObject({
      count: 1,
      blocking: true,
    });
    await books.ok("DELETE", `/docs/${draft.id}`);
  });

  it("validates March once, even when sent twice at once: the return and the example's settlement entry in one commit", async () => {
    const sent = await Promise.all([
      books.call("POST", "/accounting/entries/vat", { period: "2026-03" }),
      books.call("POST", "/accounting/entries/vat", { period: "2026-03" }),
    ]);
    expect(sent.map((s) => s.status).sort()).toEqual([201, 409]);
    const refused = sent.find((s) => s.status === 409);
    expect(refused?.body.code).toBe("vat.alreadyValidated");
    const validated = sent.find((s) => s.status === 201)?.body;
    expect(validated).toMatchObject({ status: "validated", validatedOn: "2026-04-10" });
    const entry = await books.ok("GET", `/accounting/entries/mvt/${validated.settlementMvt}`);
    expect(entry).toMatchObject({
      journal: "OD",
      date: "2026-03-31",
      status: "validated",
      debit: 313_468,
      credit: 313_468,
      origin: { kind: "vatReturn", period: "2026-03" },
    });
    expect(summary(entry.lines)).toEqual([
      ["445200", 60_000, 0],
      ["445710", 230_000, 0],
      ["445711", 23_457, 0],
      ["445620", 0, 36_000],
      ["445660", 0, 84_268],
      ["445662", 0, 60_000],
      ["445670", 0, 125_000],
      ["445510", 0, 8_200],
      ["658000", 11, 0],
    ]);
    // 445740 keeps the 600,00 of the service not yet paid; the other VAT accounts are cleared.
    const balance = await books.ok("POST", "/accounting/reports/balance", {
      start: "2026-01-01",
      end: "2026-03-31",
    });
    const vat = Object.fromEntries(
      balance.rows
        .filter((r: { account: string }) => r.account.startsWith("445"))
        .map((r: { account: string; balanceDebit: number; balanceCredit: number }) => [
          r.account,
          r.balanceDebit - r.balanceCredit,
        ]),
    );
    expect(vat).toEqual({
      "445200": 0,
      "445510": -8_200,
      "445620": 0,
      "445660": 0,
      "445662": 0,
      "445670": 0,
      "445710": 0,
      "445711": 0,
      "445740": -60_000,
    });
    const again = await books.call("POST", "/accounting/entries/vat", { period: "2026-03" });
    expect([again.status, again.body.code]).toEqual([409, "vat.alreadyValidated"]);
  });

  it("lists the year's periods with their states; April starts with nothing to carry", async () => {
    const overview = await books.ok("GET", "/accounting/vat?year=2026");
    expect(
      overview.periods
        .slice(0, 5)
        .map((p: { period: string; status: string; due: number | null; credit: number | null }) => [
          p.period,
          p.status,
          p.due,
          p.credit,
        ]),
    ).toEqual([
      ["2026-01", "validated", 0, 0],
      ["2026-02", "validated", 0, 1250],
      ["2026-03", "validated", 82, 0],
      ["2026-04", "toPrepare", 0, 0],
      ["2026-05", "future", null, null],
    ]);
    expect(overview.current).toMatchObject({
      period: "2026-04",
      creditCarried: { euros: 0, from: "2026-03" },
    });
  });

  it("gives March as a PDF and a CSV to copy", async () => {
    const csv = await books.call("GET", "/accounting/vat/2026-03/csv");
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("2026-03;gross;08;");
    expect(csv.body).toContain(";14500;2900");
    const res = await books.app.request("/api/accounting/vat/2026-03/pdf", {
      headers: { authorization: `Bearer ${books.token()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("refuses a period not over yet, or not of the organisation's periodicity", async () => {
    const early = await books.call("POST", "/accounting/entries/vat", { period: "2026-04" });
    expect([early.status, early.body.code]).toEqual([409, "vat.periodNotOver"]);
    const quarter = await books.call("POST", "/accounting/entries/vat", { period: "2026-Q1" });
    expect([quarter.status, quarter.body.code, quarter.body.detail]).toEqual([
      422,
      "vat.wrongPeriodicity",
      "La période 1er trimestre 2026 ne correspond pas à la périodicité de TVA de l’organisation (mensuelle).",
    ]);
  });

  it("validates April and May sent at once without declaring a line twice", async () => {
    books.setDay("2026-04-15");
    await books.signInAgain();
    const draft = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-04-15",
      contactId: alphaId,
      lines: [line("Marchandises", "1000", "707000", "goods")],
    });
    await books.ok("PUT", `/docs/${draft.id}/status/validated`);
    books.setDay("2026-06-05");
    await books.signInAgain();
    const sent = await Promise.all(
      ["2026-04", "2026-05"].map((period) => books.call("POST", "/accounting/entries/vat", { period })),
    );
    const outcomes = sent.map((s) => [s.status, s.status === 201 ? s.body.period : s.body.code]);
    // April first then May; or May first, and April can no longer be declared (May took its lines).
    expect([
      [
        [201, "2026-04"],
        [201, "2026-05"],
      ],
      [
        [409, "vat.laterPeriodValidated"],
        [201, "2026-05"],
      ],
    ]).toContainEqual(outcomes);
    const declared = await Promise.all(
      ["2026-04", "2026-05"].map((p) => books.ok("GET", `/accounting/vat/${p}`)),
    );
    const tax08 = declared
      .filter((r) => r.status !== "toPrepare")
      .map((r) => r.boxes.find((b: Box) => b.code === "08").tax);
    expect(tax08.reduce((a: number, b: number) => a + b, 0)).toBe(200);
  });

  it("marks March paid once its 82 € are paid, and refuses a return on a locked period", async () => {
    await books.ok("POST", "/accounting/entries", {
      journal: "BQ",
      date: "2026-06-05",
      pieceRef: "TVA 2026-03",
      label: "Paiement TVA mars",
      lines: [
        { account: "445510", debit: 8_200, credit: 0 },
        { account: "512000", debit: 0, credit: 8_200 },
      ],
      validate: true,
    });
    expect((await books.ok("GET", "/accounting/vat/2026-03")).status).toBe("paid");
    books.setDay("2026-07-05");
    await books.signInAgain();
    const year = (await books.ok("GET", "/accounting/balance-sheet")).items[0].id;
    await books.ok("PUT", `/accounting/balance-sheet/${year}`, { lockedUntil: "2026-06-30" });
    const locked = await books.call("POST", "/accounting/entries/vat", { period: "2026-06" });
    expect([locked.status, locked.body.code]).toEqual([409, "period.locked"]);
    // The year-end check reads the returns: the months declared are settled, June on is not.
    const { warnings } = await books.ok("GET", `/accounting/balance-sheet/${year}/steps`);
    const vat = warnings.find((w: { code: string }) => w.code === "yearEnd.vatNotSettled");
    expect(vat.items.filter((p: string) => p !== "2026-04")).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
    ]);
  });

  it("deducts a supplier's services at invoicing when the supplier opted for the débits, else when paid", async () => {
    const supplier = async (name: string, vatOnDebits: boolean) =>
      books.ok(
        "POST",
        "/contacts",
        company(name, ["supplier"], {
          legal: { vatOnDebits },
        }),
      );
    const onDebits = await supplier("Conseil Débits SARL", true);
    const onPayments = await supplier("Conseil Encaissements SARL", false);
    expect((await books.ok("GET", `/contacts/${onDebits.id}`)).legal).toMatchObject({ vatOnDebits: true });
    const vatAccountOf = async (contactId: string) => {
      const draft = await books.ok("POST", "/docs", {
        kind: "invoice",
        direction: "purchases",
        issueDate: "2026-07-05",
        contactId,
        supplierNumber: `C-${contactId.slice(0, 6)}`,
        supplierDate: "2026-07-04",
        lines: [line("Conseil", "1000", "622600", "services")],
      });
      const validated = await books.ok("PUT", `/docs/${draft.id}/status/validated`);
      const entry = await books.ok("GET", `/accounting/entries/mvt/${validated.entryMvt}`);
      return entry.lines.find((l: { account: string }) => l.account.startsWith("4456"))?.account;
    };
    expect(await vatAccountOf(onDebits.id)).toBe("445660");
    expect(await vatAccountOf(onPayments.id)).toBe("445640");
  });

  it("names the lines of VAT accounts that no code tags, and only those", async () => {
    books.setDay("2026-08-05");
    await books.signInAgain();
    const codes = async () =>
      (await books.ok("GET", "/accounting/vat/2026-07")).warnings.map((w: { code: string }) => w.code);
    // July's purchases carry their codes: nothing to name.
    expect(await codes()).not.toContain("vat.untaggedVatLines");
    await books.ok("POST", "/accounting/entries", {
      journal: "OD",
      date: "2026-07-20",
      pieceRef: "REG-07",
      label: "Régularisation sans code",
      lines: [
        { account: "445660", debit: 12_345, credit: 0 },
        { account: "471000", debit: 0, credit: 12_345 },
      ],
      validate: true,
    });
    const july = await books.ok("GET", "/accounting/vat/2026-07");
    const untagged = july.warnings.find((w: { code: string }) => w.code === "vat.untaggedVatLines");
    expect(untagged).toMatchObject({ count: 1, blocking: false });
    expect(untagged.items[0]).toContain("445660");
    expect(untagged.items[0]).toContain("Régularisation sans code");
    expect(untagged.items[0]).toContain("123.45");
  });
});
