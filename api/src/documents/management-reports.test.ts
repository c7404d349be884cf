import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { endOfMonth, parseCsv } from "@registre/core";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { XLSX_HEADER_ROW } from "../reports-export/xlsx.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { percentOf, salesReport } from "./management-reports.ts";
import { wholeMonths } from "./management-reports-summaries.ts";

describe("percentOf", () => {
  it("rounds half away from zero to two decimals, null over nothing", () => {
    expect(percentOf(124_000, 232_550)).toBe("53.32");
    expect(percentOf(1, 8)).toBe("12.50");
    expect(percentOf(1, 3)).toBe("33.33");
    expect(percentOf(2, 3)).toBe("66.67");
    expect(percentOf(-1, 8)).toBe("-12.50");
    expect(percentOf(0, 5)).toBe("0.00");
    expect(percentOf(5, 0)).toBeNull();
  });
});

describe.each(databaseKinds)("the management reports (/docs/stats/{type}) on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  /** A file of the API, as the browser gets it. */
  const download = async (path: string, token: string, lang = "fr") => {
    const res = await harness.app.request(`/api${path}`, {
      headers: { authorization: `Bearer ${token}`, "accept-language": lang },
    });
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      disposition: res.headers.get("content-disposition"),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  const pdfText = (bytes: Buffer) => {
    const file = join(mkdtempSync(join(tmpdir(), "report-")), "report.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(
      /[\u00a0\u202f]/g,
      " ",
    );
  };

  it("answers sales by customer, item and month, purchases by supplier, margins and aged balances with exact figures, and their files", async () => {
    const o = await documentsOrganisation(call, register, "Rapports");
    const y = o.year.start.slice(0, 4);
    const gamma = await o.ok("POST", "/contacts", {
      kind: "company",
      name: "Gamma SAS",
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "5 rue Nationale", postalCode: "59000", city: "Lille" }],
      legal: { siren: "443 061 841" },
    });
    const delta = await o.ok("POST", "/contacts", {
      kind: "company",
      name: "Delta Bureau",
      types: ["supplier"],
      addresses: [{ kind: "billing", line1: "2 quai Est", postalCode: "67000", city: "Strasbourg" }],
    });
    // An item sold without a buy price: its lines have no cost.
    const training = await o.ok("POST", "/items", {
      use: "sale",
      kind: "services",
      reference: "FORMATION",
      label: "Formation",
      unit: "DAY",
      vatRate: "20",
      sellPrice: "500",
      sellAccount: "706000",
    });
    const validated = async (body: Record<string, unknown>) => {
      const doc = await o.ok("POST", "/docs", body);
      await o.ok("PUT", `/docs/${doc.id}/status/validated`);
      return doc;
    };
    const sale = (issueDate: string, dueDate: string, contactId: string, lines: unknown[]) =>
      validated({ kind: "invoice", direction: "sales", issueDate, dueDate, contactId, lines });
    // January: Alpha, 10 h of advice and a free travel line at 10 % (845.50 net, 1,010.05 with tax).
    const january = await sale(`${y}-01-15`, `${y}-01-31`, o.customerId, [
      { kind: "item", itemId: o.itemId, quantity: "10" },
      {
        kind: "free",
        label: "Déplacement",
        quantity: "1",
        unitPrice: "45.5",
        vatRate: "10",
        account: "708000",
      },
    ]);
    await validated({
      kind: "invoice",
      direction: "purchases",
      issueDate: `${y}-02-01`,
      dueDate: `${y}-02-15`,
      supplierNumber: "B-1",
      supplierDate: `${y}-02-01`,
      contactId: o.supplierId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    await validated({
      kind: "invoice",
      direction: "purchases",
      issueDate: `${y}-02-05`,
      dueDate: `${y}-04-15`,
      supplierNumber: "D-7",
      supplierDate: `${y}-02-05`,
      contactId: delta.id,
      lines: [
        {
          kind: "free",
          label: "Papeterie",
          quantity: "1",
          unitPrice: "150",
          vatRate: "20",
          account: "606400",
        },
      ],
    });
    // February: Gamma, 2 days of training and 3 h of advice (1,240 net, 1,488 with tax).
    await sale(`${y}-02-10`, `${y}-03-10`, gamma.id, [
      { kind: "item", itemId: training.id, quantity: "2" },
      { kind: "item", itemId: o.itemId, quantity: "3" },
    ]);
    // A credit note of 2 h of January's advice (160 net, 192 with tax).
    await validated({
      kind: "creditNote",
      direction: "sales",
      issueDate: `${y}-02-20`,
      dueDate: `${y}-02-20`,
      from: {
        relation: "creditNote",
        docId: january.id,
        selection: { kind: "lines", quantities: { [january.lines[0].id]: "2" } },
      },
    });
    // March: Alpha, 5 h (400 net, 480 with tax), due in April.
    await sale(`${y}-03-05`, `${y}-04-04`, o.customerId, [{ kind: "item", itemId: o.itemId, quantity: "5" }]);
    // A draft counts for nothing; April is outside the quarter asked.
    await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: `${y}-03-06`,
      contactId: gamma.id,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "99" }],
    });
    await sale(`${y}-04-10`, `${y}-05-10`, gamma.id, [{ kind: "item", itemId: training.id, quantity: "1" }]);
    await harness.ctx.runner.drain();

    // Over whole months the reports read the monthly summaries: the same answers as from the lines.
    const types = [
      "sales-by-customer",
      "purchases-by-supplier",
      "sales-by-item",
      "sales-by-month",
      "margin-by-item",
    ] as const;
    for (const period of [
      { from: `${y}-01-01`, to: `${y}-03-31` },
      { from: `${y}-02-01`, to: endOfMonth(`${y}-02-01`) },
      { from: o.year.start, to: o.year.end },
      { from: "1900-01-01", to: "2999-12-31" },
    ]) {
      expect(wholeMonths(period)).not.toBeNull();
      for (const type of types)
        expect([type, period, await salesReport(harness.ctx, o.orgId, type, period)]).toEqual([
          type,
          period,
          await salesReport(harness.ctx, o.orgId, type, period, "lines"),
        ]);
    }
    expect(wholeMonths({ from: `${y}-01-02`, to: `${y}-03-31` })).toBeNull();
    expect(wholeMonths({ from: `${y}-01-01`, to: `${y}-03-30` })).toBeNull();

    const quarter = `from=${y}-01-01&to=${y}-03-31`;
    const report = async (type: string, query = quarter) => {
      const res = await call("GET", `/docs/stats/${type}?${query}`, o.token);
      expect(res.status).toBe(200);
      return res.body;
    };

    const customers = await report("sales-by-customer");
    expect(customers).toMatchObject({ type: "sales-by-customer", from: `${y}-01-01`, to: `${y}-03-31` });
    expect(customers.subject).toBe("contact");
    expect(customers.rows).toEqual([
      {
        key: gamma.id,
        label: "Gamma SAS",
        values: { invoices: 1, creditNotes: 0, invoiced: 124_000, credited: 0, net: 124_000, share: "53.32" },
      },
      {
        key: o.customerId,
        label: "Alpha SARL",
        values: {
          invoices: 2,
          creditNotes: 1,
          invoiced: 124_550,
          credited: -16_000,
          net: 108_550,
          share: "46.68",
        },
      },
    ]);
    expect(customers.totals).toEqual({
      invoices: 3,
      creditNotes: 1,
      invoiced: 248_550,
      credited: -16_000,
      net: 232_550,
      share: "100.00",
    });

    const items = await report("sales-by-item");
    expect(items.rows).toEqual([
      {
        key: o.itemId,
        label: "Conseil",
        values: { quantity: "16", documents: 4, net: 128_000, share: "55.04" },
      },
      {
        key: training.id,
        label: "Formation",
        values: { quantity: "2", documents: 1, net: 100_000, share: "43.00" },
      },
      { key: null, label: null, values: { quantity: null, documents: 1, net: 4_550, share: "1.96" } },
    ]);
    expect(items.totals).toEqual({ quantity: null, documents: null, net: 232_550, share: "100.00" });

    const months = await report("sales-by-month");
    expect(months.rows).toEqual([
      {
        key: `${y}-01`,
        label: null,
        values: { invoices: 1, invoiced: 84_550, credited: 0, net: 84_550, cumulative: 84_550 },
      },
      {
        key: `${y}-02`,
        label: null,
        values: { invoices: 1, invoiced: 124_000, credited: -16_000, net: 108_000, cumulative: 192_550 },
      },
      {
        key: `${y}-03`,
        label: null,
        values: { invoices: 1, invoiced: 40_000, credited: 0, net: 40_000, cumulative: 232_550 },
      },
    ]);
    expect(months.totals).toEqual({
      invoices: 3,
      invoiced: 248_550,
      credited: -16_000,
      net: 232_550,
      cumulative: null,
    });

    const suppliers = await report("purchases-by-supplier");
    expect(suppliers.rows.map((r: { label: string; values: object }) => [r.label, r.values])).toEqual([
      [
        "Delta Bureau",
        { invoices: 1, creditNotes: 0, invoiced: 15_000, credited: 0, net: 15_000, share: "65.22" },
      ],
      [
        "Beta Fournitures",
        { invoices: 1, creditNotes: 0, invoiced: 8_000, credited: 0, net: 8_000, share: "34.78" },
      ],
    ]);
    expect(suppliers.totals.net).toBe(23_000);

    // 16 h of advice sold for 1,280 bought at 40 €/h; the training and the free line have no cost.
    const margins = await report("margin-by-item");
    expect(margins.rows).toEqual([
      {
        key: o.itemId,
        label: "Conseil",
        values: {
          quantity: "16",
          revenue: 128_000,
          cost: 64_000,
          margin: 64_000,
          rate: "50.00",
          uncostedLines: 0,
        },
      },
      {
        key: training.id,
        label: "Formation",
        values: { quantity: "0", revenue: 0, cost: 0, margin: 0, rate: null, uncostedLines: 1 },
      },
    ]);
    expect(margins.totals).toEqual({
      quantity: null,
      revenue: 128_000,
      cost: 64_000,
      margin: 64_000,
      rate: "50.00",
      uncostedLines: 1,
    });
    expect(margins.uncosted).toEqual({ lines: 2, revenue: 104_550 });
    // The books' figure is the aged balances' only.
    for (const r of [customers, items, months, margins]) expect(r.ledger, r.type).toBeNull();

    // On 31 March: Alpha's January invoice (1,010.05) less the credit note (192) 31–60 days late, its March
    // invoice (480) not due; Gamma's February invoice (1,488) 21 days late; April's not issued yet.
    const receivables = await report("aged-receivables", `to=${y}-03-31`);
    expect(receivables).toMatchObject({ type: "aged-receivables", from: `${y}-03-31`, to: `${y}-03-31` });
    expect(receivables.rows).toEqual([
      {
        key: gamma.id,
        label: "Gamma SAS",
        values: {
          documents: 1,
          notDue: 0,
          days1to30: 148_800,
          days31to60: 0,
          days61to90: 0,
          over90: 0,
          total: 148_800,
        },
      },
      {
        key: o.customerId,
        label: "Alpha SARL",
        values: {
          documents: 3,
          notDue: 48_000,
          days1to30: 0,
          days31to60: 81_805,
          days61to90: 0,
          over90: 0,
          total: 129_805,
        },
      },
    ]);
    expect(receivables.totals).toEqual({
      documents: 4,
      notDue: 48_000,
      days1to30: 148_800,
      days31to60: 81_805,
      days61to90: 0,
      over90: 0,
      total: 278_605,
    });
    const payables = await report("aged-payables", `to=${y}-03-31`);
    expect(payables.rows.map((r: { label: string; values: object }) => [r.label, r.values])).toEqual([
      [
        "Delta Bureau",
        {
          documents: 1,
          notDue: 18_000,
          days1to30: 0,
          days31to60: 0,
          days61to90: 0,
          over90: 0,
          total: 18_000,
        },
      ],
      [
        "Beta Fournitures",
        { documents: 1, notDue: 0, days1to30: 0, days31to60: 9_600, days61to90: 0, over90: 0, total: 9_600 },
      ],
    ]);
    // Beside them, to the owner who reads the books: the third-party accounts at that day, as the trial
    // balance has them (411 owed to us, 401 owed by us) — the documents' totals while every invoice is one.
    const books = async (prefix: string) =>
      (await o.ok("POST", "/accounting/reports/balance", { start: o.year.start, end: `${y}-03-31` })).rows
        .filter((r: { account: string }) => r.account.startsWith(prefix))
        .reduce((sum: number, r: { debit: number; credit: number }) => sum + r.debit - r.credit, 0);
    expect(receivables.ledger).toBe(278_605);
    expect(receivables.ledger).toBe(await books("411"));
    expect(payables.ledger).toBe(27_600);
    expect(payables.ledger).toBe(-(await books("401")));
    // An invoice to Gamma entered by hand in March (500.00 €): in the books, not among the documents.
    await o.ok("POST", "/accounting/entries", {
      journal: "VT",
      date: `${y}-03-15`,
      pieceRef: "M-1",
      label: "Facture saisie à la main",
      validate: true,
      lines: [
        { account: "411000", auxiliary: gamma.customerAccount, debit: 50_000, credit: 0 },
        { account: "706000", debit: 0, credit: 50_000 },
      ],
    });
    await harness.ctx.runner.drain();
    const byHand = await report("aged-receivables", `to=${y}-03-31`);
    expect(byHand.totals.total).toBe(278_605);
    expect(byHand.ledger).toBe(328_605);
    expect(byHand.ledger).toBe(await books("411"));
    // The files say it on their last line.
    const agedCsv = await download(`/docs/stats/aged-receivables?to=${y}-03-31&format=csv`, o.token);
    expect(parseCsv(agedCsv.bytes.toString("utf8"), ";").records.at(-1)?.cells).toEqual([
      "Au grand livre, les comptes clients font 3286,05\u00a0: 500,00 hors factures (écritures saisies à la main, à-nouveaux, règlements non imputés).",
    ]);
    const payablesCsv = await download(`/docs/stats/aged-payables?to=${y}-03-31&format=csv`, o.token, "en");
    expect(parseCsv(payablesCsv.bytes.toString("utf8"), ";").records.at(-1)?.cells).toEqual([
      "In the books, the supplier accounts hold 276,00: they agree with the invoices.",
    ]);

    // Without a period: the current fiscal year, April's invoice in it.
    const year = await report("sales-by-customer", "");
    expect(year).toMatchObject({ from: o.year.start, to: o.year.end });
    expect(year.totals.net).toBe(282_550);
    // Over ten years, the months with sales only (the period's every month otherwise).
    const ages = await report("sales-by-month", "from=1900-01-01&to=2999-12-31");
    expect(ages.rows.map((r: { key: string }) => r.key)).toEqual([
      `${y}-01`,
      `${y}-02`,
      `${y}-03`,
      `${y}-04`,
    ]);
    expect(ages.totals.net).toBe(282_550);

    // CSV: French separators and headers, a BOM, the totals row; parsed back.
    const csv = await download(`/docs/stats/sales-by-customer?${quarter}&format=csv`, o.token);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.disposition).toBe(`attachment; filename="ventes-par-client_${y}-01-01_${y}-03-31.csv"`);
    const text = csv.bytes.toString("utf8");
    expect(text.startsWith("\ufeff")).toBe(true);
    expect(parseCsv(text, ";").records.map((r) => r.cells)).toEqual([
      ["Atelier Rapports — Ventes par client"],
      [`Du 01/01/${y} au 31/03/${y}`],
      ["Client", "Factures", "Avoirs", "Facturé HT", "Avoirs HT", "Net HT", "Part"],
      ["Gamma SAS", "1", "0", "1240,00", "0,00", "1240,00", "53,32"],
      ["Alpha SARL", "2", "1", "1245,50", "-160,00", "1085,50", "46,68"],
      ["Total", "3", "1", "2485,50", "-160,00", "2325,50", "100,00"],
    ]);
    const marginCsv = await download(`/docs/stats/margin-by-item?${quarter}&format=csv`, o.token, "en");
    const marginRows = parseCsv(marginCsv.bytes.toString("utf8"), ";").records.map((r) => r.cells);
    expect(marginRows[2]).toEqual([
      "Item",
      "Quantity",
      "Sales excl. tax",
      "Cost",
      "Margin",
      "Margin rate",
      "Lines without cost",
    ]);
    expect(marginRows[3]).toEqual(["Conseil", "16", "1280,00", "640,00", "640,00", "50,00", "0"]);
    expect(marginRows.at(-1)).toEqual([
      "2 sales lines without a known cost (1045,50 excl. tax), left out of the margins.",
    ]);

    // XLSX read back: numbers as numbers, two decimals, a header row and a bold totals row.
    const xlsx = await download(`/docs/stats/sales-by-month?${quarter}&format=xlsx`, o.token);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.disposition).toBe(`attachment; filename="ventes-par-mois_${y}-01-01_${y}-03-31.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(sheet.name).toBe("Ventes par mois");
    expect(values(1)).toEqual(["Atelier Rapports — Ventes par mois"]);
    expect(values(XLSX_HEADER_ROW)).toEqual([
      "Mois",
      "Factures",
      "Facturé HT",
      "Avoirs HT",
      "Net HT",
      "Cumul HT",
    ]);
    expect(values(XLSX_HEADER_ROW + 1)).toEqual([`janvier ${y}`, 1, 845.5, 0, 845.5, 845.5]);
    expect(values(XLSX_HEADER_ROW + 2)).toEqual([`février ${y}`, 1, 1240, -160, 1080, 1925.5]);
    const totals = sheet.getRow(XLSX_HEADER_ROW + 4);
    expect((totals.values as unknown[]).slice(1, 6)).toEqual(["Total", 3, 2485.5, -160, 2325.5]);
    expect(totals.font?.bold).toBe(true);
    expect(sheet.getRow(XLSX_HEADER_ROW + 1).getCell(3).numFmt).toBe("#,##0.00");

    // PDF: the title, the organisation, the period, the rows, the totals and the page number.
    const pdf = await download(`/docs/stats/aged-receivables?to=${y}-03-31&format=pdf`, o.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.disposition).toBe(`attachment; filename="balance-agee-clients_au_${y}-03-31.pdf"`);
    const printed = pdfText(pdf.bytes);
    expect(printed).toContain("Balance âgée clients");
    expect(printed).toContain("Atelier Rapports");
    expect(printed).toContain(`Au 31/03/${y}`);
    expect(printed).toMatch(/Gamma SAS\s+1\s+0,00\s+1 488,00/);
    expect(printed).toMatch(/Total\s+4\s+480,00\s+1 488,00\s+818,05\s+0,00\s+0,00\s+2 786,05/);
    expect(printed).toContain("Page 1 sur 1");
    expect(printed.replace(/\s+/g, " ")).toContain(
      "Au grand livre, les comptes clients font 3 286,05 € : 500,00 € hors factures",
    );
    const english = pdfText(
      (await download(`/docs/stats/sales-by-item?${quarter}&format=pdf`, o.token, "en")).bytes,
    );
    expect(english).toContain("Sales by item");
    expect(english).toContain(`From 1 January ${y} to 31 March ${y}`);
    expect(english).toMatch(/Free lines\s+1\s+45\.50\s+1\.96%/);
    expect(english).toMatch(/Total\s+2,325\.50\s+100\.00%/);
    expect(english).toContain("Page 1 of 1");

    // Refusals: an unknown report, a period ending before it starts, a day that is not one, an unknown
    // format — each 422 naming its field; nothing answered for another organisation's books.
    const unknown = await send("GET", "/docs/stats/sales-by-weather", o.token);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.errors)).toContain("type");
    const backwards = await send("GET", `/docs/stats/sales-by-item?from=${y}-03-31&to=${y}-01-01`, o.token);
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ code: "validation.invalidRange", errors: [{ path: "to" }] });
    const notADay = await send("GET", `/docs/stats/sales-by-month?from=${y}-02-30`, o.token);
    expect(notADay.status).toBe(422);
    expect(JSON.stringify(notADay.body.errors)).toContain("from");
    const badFormat = await send("GET", `/docs/stats/sales-by-month?format=docx`, o.token);
    expect(badFormat.status).toBe(422);
    expect(JSON.stringify(badFormat.body.errors)).toContain("format");
    // Each report under its side's right to read invoices: a user with none is refused, the right named.
    const stranger = await register("Etranger");
    for (const [type, code] of [
      ["sales-by-customer", "sales.invoices"],
      ["margin-by-item", "sales.invoices"],
      ["aged-receivables", "sales.invoices"],
      ["purchases-by-supplier", "purchases.invoices"],
      ["aged-payables", "purchases.invoices"],
    ] as const)
      expect(await send("GET", `/docs/stats/${type}?format=csv`, stranger.token)).toMatchObject({
        status: 403,
        body: { code: "identity.forbidden", params: { code } },
      });
    const other = await documentsOrganisation(call, register, "Autre");
    const empty = await call("GET", `/docs/stats/sales-by-customer?${quarter}`, other.token);
    expect(empty.body).toMatchObject({ rows: [], totals: { net: 0, share: null } });
  }, 120_000);
});
