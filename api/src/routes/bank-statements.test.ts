import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { composeIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

const fixture = (path: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../shared/fixtures/bank/${path}`, import.meta.url)));

/** A French IBAN from bank, branch and account numbers, with its RIB key. */
const frenchIban = (bank: string, branch: string, account: string) => {
  const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
  return (
    composeIBAN({ countryCode: "FR", bban: `${bank}${branch}${account}${String(key).padStart(2, "0")}` }) ??
    ""
  );
};

/** Each fixture imported into a bank of its account, with the lines and balance warnings its README states. */
const cases = [
  { file: "camt053/oca-camt053-v02-abnamro-nl.xml", iban: "NL77ABNA0574908765", added: 4, gaps: [-43_416] },
  { file: "camt053/genkgo-camt053-v02-multi-statement.xml", iban: "NL26VAYB8060476890", added: 2, gaps: [] },
  { file: "camt053/genkgo-camt053-v02-five-decimals.xml", iban: "NL26VAYB8060476890", added: 1, gaps: [5] },
  // Its closing balance is in SEK: said, not read as euros (no gap of 54.00 that is none).
  {
    file: "camt053/genkgo-camt053-v08.xml",
    iban: "NL26VAYB8060476890",
    added: 1,
    gaps: [],
    notice:
      "Solde final en SEK dans un relevé en EUR (Stmt[1]/Bal[2])\u00a0: laissé de côté, les soldes ne sont pas contrôlés.",
  },
  {
    file: "mt940/mt940-ing-nl.sta",
    iban: composeIBAN({ countryCode: "NL", bban: "INGB0001234567" }) ?? "",
    added: 7,
    gaps: [4_906],
  },
  {
    file: "mt940/mt940-sepa-structured-86-de.sta",
    iban: frenchIban("50880", "05001", "94787400888"),
    added: 4,
    gaps: [],
  },
  {
    file: "cfonb120/pennylane-cfonb120-example.txt",
    iban: frenchIban("15589", "00000", "98765432100"),
    added: 3,
    gaps: [],
  },
  { file: "qif/oca-test.qif", iban: "FR7630006000011234567890189", added: 5, gaps: [] },
] as const;

describe.each(databaseKinds)("bank statements on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const upload = async (token: string, query: string, bytes: Uint8Array, key?: string, lang = "fr") => {
    const res = await harness.app.request(`/api/banks/statements/import?${query}`, {
      method: "POST",
      headers: {
        "content-type": "application/octet-stream",
        authorization: `Bearer ${token}`,
        "accept-language": lang,
        ...(key && { "idempotency-key": key }),
      },
      body: bytes as BodyInit,
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await res.json()) as any };
  };
  const bank = async (token: string, name: string, iban: string) => {
    const res = await call("POST", "/banks", token, { name, iban });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body as { id: string; account: string; journal: string };
  };

  it("imports every fixture with its README's figures; importing it again adds nothing", async () => {
    const o = await documentsOrganisation(call, register, "Releves");
    for (const c of cases) {
      const b = await bank(o.token, c.file, c.iban);
      const name = c.file.split("/")[1] ?? "";
      const first = await upload(o.token, `bankId=${b.id}&fileName=${name}`, fixture(c.file));
      expect(first.status, `${c.file}: ${JSON.stringify(first.body)}`).toBe(201);
      expect(first.body, c.file).toMatchObject({ added: c.added, alreadyImported: 0 });
      expect(
        first.body.warnings.map((w: { gap: number }) => w.gap),
        c.file,
      ).toEqual(c.gaps);
      if ("notice" in c)
        expect(first.body.notices.map((n: { message: string }) => n.message)).toContain(c.notice);
      const again = await upload(o.token, `bankId=${b.id}&fileName=${name}`, fixture(c.file));
      expect(again.status, c.file).toBe(200);
      expect(again.body, c.file).toMatchObject({ statementId: null, added: 0, alreadyImported: c.added });
      const list = await call("GET", `/banks/statements?bankId=${b.id}`, o.token);
      expect(list.body.items, c.file).toHaveLength(1);
      expect(list.body.items[0], c.file).toMatchObject({
        lineCount: c.added,
        matchedCount: 0,
        reconciled: false,
      });
    }
  });

  it("refuses another account or currency, and a broken file, naming why; a gap is a warning with its figures", async () => {
    const o = await documentsOrganisation(call, register, "Refus");
    const b = await bank(o.token, "Crédit Lyonnais", "FR7630006000011234567890189");
    const other = await upload(
      o.token,
      `bankId=${b.id}`,
      fixture("camt053/oca-camt053-v02-abnamro-nl.xml"),
      undefined,
      "en",
    );
    expect(other).toMatchObject({
      status: 422,
      body: { code: "bankStatement.otherAccount", detail: expect.stringContaining("NL77ABNA0574908765") },
    });
    for (const file of [
      "camt053/oca-camt053-v04-txdtls-ch.xml",
      "ofx/oca-ofx211-xml-fr-bankid.ofx",
      "ofx/ofxparse-ofx102-sgml-checking.ofx",
      "ofx/ofxparse-ofx102-sgml-oneline-tz.ofx",
    ]) {
      // Foreign-currency statements: the banks are in euros.
      const chf = await bank(o.token, file, "CH9300762011623852957");
      const refused = await upload(o.token, `bankId=${chf.id}`, fixture(file));
      expect(refused.body.code, file).toMatch(/^bankStatement\.other(Currency|Account)$/);
    }
    const broken = new TextEncoder().encode(
      readFileSync(
        new URL("../../../../shared/fixtures/bank/camt053/genkgo-camt053-v08.xml", import.meta.url),
        "utf8",
      ).replace("</Ntry>", "</Nry>"),
    );
    const nl = await bank(o.token, "NL", "NL26VAYB8060476890");
    const bad = await upload(o.token, `bankId=${nl.id}`, broken);
    expect(bad).toMatchObject({
      status: 422,
      body: { code: "bankStatement.malformed", detail: expect.stringContaining("Rien n’a été importé") },
    });
    expect((await call("GET", `/banks/statements/lines?bankId=${nl.id}`, o.token)).body.total).toBe(0);
    const gap = await upload(
      o.token,
      `bankId=${nl.id}`,
      fixture("camt053/genkgo-camt053-v02-five-decimals.xml"),
    );
    expect(gap.body.warnings[0].message).toBe(
      "Relevé 1\u00a0: solde initial 18,15 + mouvements 8,85 = 27,00, mais le relevé annonce 27,05 (écart 0,05).",
    );
  });

  it("a CAMT line keeps its structured creditor reference, and the statement its stated period", async () => {
    const o = await documentsOrganisation(call, register, "Reference");
    // The Swiss file in euros (the banks are), its account's IBAN a valid one: a batch of two details,
    // each with its QR reference.
    const xml = readFileSync(
      new URL("../../../../shared/fixtures/bank/camt053/oca-camt053-v04-txdtls-ch.xml", import.meta.url),
      "utf8",
    )
      .replaceAll('Ccy="CHF"', 'Ccy="EUR"')
      .replace("CH1111000000123456789", "CH9300762011623852957");
    const b = await bank(o.token, "Suisse", "CH9300762011623852957");
    const imported = await upload(o.token, `bankId=${b.id}`, new TextEncoder().encode(xml));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const lines = await call("GET", `/banks/statements/lines?bankId=${b.id}`, o.token);
    expect(lines.body.items.map((l: { creditorReference: string | null }) => l.creditorReference)).toEqual([
      "302388292000011111111111111",
      "302388292000022222222222222",
    ]);
    // FrToDt 2017-03-23, though its entry is booked on the 22nd.
    const statement = (await call("GET", `/banks/statements?bankId=${b.id}`, o.token)).body.items[0];
    expect([statement.from, statement.to]).toEqual(["2017-03-23", "2017-03-23"]);
  });

  it("a CSV: the mapping step, then imported with the mapping, remembered for the bank's next file", async () => {
    const o = await documentsOrganisation(call, register, "Csv");
    const b = await bank(o.token, "CSV", "FR7630006000011234567890189");
    const bytes = fixture("csv/oca-fr-style-metadata-debit-credit.csv");
    const step = await upload(o.token, `bankId=${b.id}&format=csv`, bytes);
    expect(step.status).toBe(200);
    expect(step.body.csv.suggested).toMatchObject({ decimal: "," });
    const mapping = encodeURIComponent(JSON.stringify(step.body.csv.suggested));
    const done = await upload(o.token, `bankId=${b.id}&format=csv&mapping=${mapping}`, bytes);
    expect(done).toMatchObject({ status: 201, body: { added: 4, format: "csv" } });
    expect(done.body.warnings.map((w: { gap: number }) => w.gap)).toEqual([2]);
    const again = await upload(o.token, `bankId=${b.id}`, bytes);
    expect(again).toMatchObject({ status: 200, body: { added: 0, alreadyImported: 4, format: "csv" } });
  });

  it("overlapping files and a typed statement add each line once; a retried key imports once; edit, list, delete", async () => {
    const o = await documentsOrganisation(call, register, "Chevauche");
    const b = await bank(o.token, "Deux", frenchIban("18706", "00000", "00123456789"));
    const key = randomUUID();
    const first = await upload(
      o.token,
      `bankId=${b.id}`,
      fixture("cfonb120/pennylane-cfonb120-example.txt"),
      key,
    );
    expect(first.body).toMatchObject({ added: 3, notices: [{ code: "bankStatement.otherAccountSkipped" }] });
    const retried = await upload(
      o.token,
      `bankId=${b.id}`,
      fixture("cfonb120/pennylane-cfonb120-example.txt"),
      key,
    );
    expect(retried.body).toMatchObject({ statementId: first.body.statementId, added: 3 });
    const typed = await send("POST", "/banks/statements", o.token, {
      bankId: b.id,
      label: "Saisi",
      lines: [
        { bookingDate: "2019-05-17", amount: -790, label: "Frais d'un jour saisi" },
        { bookingDate: "2019-05-20", amount: 5_000, label: "VIR CLIENT" },
      ],
    });
    expect(typed).toMatchObject({ status: 201, body: { added: 2 } });
    const lines = await call("GET", `/banks/statements/lines?bankId=${b.id}`, o.token);
    expect(lines.body.total).toBe(5);
    expect(
      (await call("GET", `/banks/statements/lines?bankId=${b.id}&text=client&amount=5000`, o.token)).body
        .total,
    ).toBe(1);
    expect(
      (await call("GET", `/banks/statements/lines?bankId=${b.id}&from=2019-05-18`, o.token)).body.total,
    ).toBe(1);

    const id = typed.body.statementId;
    const edited = await call("PUT", `/banks/statements/${id}`, o.token, {
      label: "Mai",
      reference: null,
      from: "2019-05-17",
      to: "2019-05-20",
      opening: { amount: 0 },
      closing: { amount: 4_000 },
    });
    expect(edited.body).toMatchObject({ label: "Mai", warnings: [{ gap: -210 }] });
    const detail = await call("GET", `/banks/statements/${id}`, o.token);
    expect(detail.body.lines.map((l: { no: number; amount: number }) => [l.no, l.amount])).toEqual([
      [1, -790],
      [2, 5_000],
    ]);
    expect((await call("DELETE", `/banks/statements/${id}`, o.token)).status).toBe(204);
    expect((await call("GET", `/banks/statements/${id}`, o.token)).status).toBe(404);
    // Its lines no longer count: typed again, they are added again.
    const retyped = await send("POST", "/banks/statements", o.token, {
      bankId: b.id,
      lines: [{ bookingDate: "2019-05-20", amount: 5_000, label: "VIR CLIENT" }],
    });
    expect(retyped.body.added).toBe(1);
  });

  it("two imports of one file into one bank at once add its lines once", async () => {
    const o = await documentsOrganisation(call, register, "Course");
    const b = await bank(o.token, "Course", "NL77ABNA0574908765");
    const file = fixture("camt053/oca-camt053-v02-abnamro-nl.xml");
    const both = await Promise.all([
      upload(o.token, `bankId=${b.id}`, file),
      upload(o.token, `bankId=${b.id}`, file),
    ]);
    expect(both.map((r) => r.body.added).sort()).toEqual([0, 4]);
    expect((await call("GET", `/banks/statements/lines?bankId=${b.id}`, o.token)).body.total).toBe(4);
  });

  it("matches a line to a payment's bank line, refuses another amount, unmatches, and refuses deleting a matched statement", async () => {
    const o = await documentsOrganisation(call, register, "Rappro");
    const b = await bank(o.token, "Rappro", "FR7630006000011234567890189");
    const mode = await call("POST", "/payments/modes", o.token, {
      kind: "transfer",
      label: "Virement BQ1",
      bankId: b.id,
    });
    const day = o.year.start;
    const payment = await call("POST", "/payments/sales", o.token, {
      date: day,
      amount: 12_000,
      modeId: mode.body.id,
      contactId: o.customerId,
      allocations: [],
    });
    expect(payment.status).toBe(201);
    const typed = await call("POST", "/banks/statements", o.token, {
      bankId: b.id,
      lines: [
        { bookingDate: day, amount: 12_000, label: "VIR ALPHA SARL" },
        { bookingDate: day, amount: -300, label: "FRAIS" },
      ],
    });
    const id = typed.body.statementId;
    const wrong = await call("PUT", `/banks/statements/${id}/lines/2/match`, o.token, {
      kind: "payment",
      id: payment.body.id,
    });
    expect(wrong).toMatchObject({ status: 422, body: { code: "statementLine.amountDiffers" } });
    const matched = await call("PUT", `/banks/statements/${id}/lines/1/match`, o.token, {
      kind: "payment",
      id: payment.body.id,
    });
    expect(matched).toMatchObject({
      status: 200,
      body: {
        no: 1,
        match: { kind: "payment", id: payment.body.id, mvt: payment.body.entryMvt, by: "user" },
      },
    });
    expect(
      (await call("GET", `/banks/statements/lines?statementId=${id}&matched=true`, o.token)).body.total,
    ).toBe(1);
    expect((await call("DELETE", `/banks/statements/${id}`, o.token)).body.code).toBe(
      "bankStatement.hasMatchedLines",
    );
    expect((await call("DELETE", `/banks/statements/${id}/lines/1/match`, o.token)).status).toBe(204);
    expect((await call("GET", `/banks/statements/${id}`, o.token)).body).toMatchObject({ matchedCount: 0 });
    // The year-end checks list the year's unreconciled lines first (not blocking).
    const checks = await call("GET", `/accounting/balance-sheet/${o.year.id}/steps`, o.token);
    expect(checks.body.warnings[0]).toEqual({
      code: "yearEnd.unreconciledStatements",
      count: 2,
      // In the reader's language: the day as a list shows it, the amounts as money.
      items: [
        `${day.split("-").reverse().join("/")} Rappro VIR ALPHA SARL 120,00\u00a0€`,
        `${day.split("-").reverse().join("/")} Rappro FRAIS -3,00\u00a0€`,
      ],
      blocking: false,
    });
    // The entry's side: POST /accounting/entries/{id}/reconcile with the statement line.
    const reconciled = await call("POST", `/accounting/entries/${payment.body.entryMvt}/reconcile`, o.token, {
      statementLines: [{ statementId: id, no: 1 }],
    });
    expect(reconciled).toMatchObject({
      status: 200,
      body: { account: b.account, code: null, statementLines: [{ statementId: id, no: 1 }] },
    });
    const line = (await call("GET", `/banks/statements/lines?statementId=${id}&matched=true`, o.token)).body
      .items[0];
    expect(line.match).toMatchObject({
      kind: "entry",
      id: payment.body.entryMvt,
      mvt: payment.body.entryMvt,
    });
    const other = await call("POST", "/banks/statements", o.token, {
      bankId: b.id,
      lines: [{ bookingDate: day, amount: 12_000, label: "VIR EN DOUBLE" }],
    });
    const twice = await call("PUT", `/banks/statements/${other.body.statementId}/lines/1/match`, o.token, {
      kind: "payment",
      id: payment.body.id,
    });
    expect(twice).toMatchObject({ status: 409, body: { code: "statementLine.targetMatched" } });
  });
});
