import { type FecLineInput, writeFec } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

/** A FEC line of entry `n` in the sales journal, on `account`. */
const line = (n: number, account: string, debit: number, credit: number): FecLineInput => ({
  journalCode: "VT",
  journalLib: "Ventes",
  ecritureNum: String(n),
  ecritureDate: "2025-03-05",
  compteNum: account,
  compteLib: `Compte ${account}`,
  compAuxNum: "",
  compAuxLib: "",
  pieceRef: `F${n}`,
  pieceDate: "2025-03-05",
  ecritureLib: `Facture ${n}`,
  debit,
  credit,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-03-31",
  montantDevise: null,
  idevise: "",
});

const FILE = "552120222FEC20251231.txt";
/** Two balanced entries, the first line's EcritureDate written 2025-03-05 (read, with a warning). */
const fec = (amount = 12_000) =>
  writeFec(
    [
      line(1, "512000", amount, 0),
      line(1, "706000", 0, amount),
      line(2, "512000", 500, 0),
      line(2, "706000", 0, 500),
    ],
    "\t",
  ).replace("\t20250305\t512000", "\t2025-03-05\t512000");

/**
 * The FEC import's answer for the screen (issue 23, point 2): what the file is and what the import will
 * create, each finding with its code and params for the client's own words, a refusal of the books in
 * the reader's language; whole or nothing.
 */
describe.each(databaseKinds)("the FEC import's answer on %s", (kind) => {
  const { send, organisation, harness } = apiHarness(kind);

  /** The file sent as a browser sends it, in a language. */
  const upload = async (token: string, text: string, query: string, lang = "fr") => {
    const res = await harness.app.request(`/api/accounting/entries/import?name=${FILE}${query}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "accept-language": lang,
      },
      body: new TextEncoder().encode(text),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the route's JSON
    return { status: res.status, body: (await res.json()) as any };
  };

  it("plans the file, words a refusal of the books in the reader's language, then imports it whole", async () => {
    const o = await organisation("Reprise");
    const planned = await upload(o.token, fec(), "&dryRun=true", "fr");
    expect(planned.status).toBe(200);
    expect(planned.body).toMatchObject({
      fileName: FILE,
      encoding: "UTF-8",
      separator: "tab",
      records: 4,
      period: { start: "2025-03-05", end: "2025-03-05" },
      dryRun: true,
      written: false,
      entries: 2,
      lines: 4,
      journalsCreated: [],
      fiscalYears: [{ start: "2025-01-01", end: "2025-12-31" }],
      errors: [],
      errorCount: 0,
    });
    expect(planned.body.warnings).toContainEqual({
      line: 2,
      field: "EcritureDate",
      code: "fec.dateFormat",
      message: 'line 2: EcritureDate "2025-03-05" is read as 2025-03-05 but is not written AAAAMMJJ',
      params: { value: "2025-03-05", date: "2025-03-05" },
    });
    expect((await send("GET", "/accounting/entries", o.token)).body.total).toBe(0);

    // A line past what the books accept: the core's refusal, its sentence in French and in English.
    const huge = fec(10 ** 13 + 100);
    const refused = await upload(o.token, huge, "", "fr");
    expect(refused.body).toMatchObject({ written: false, entries: 0, errorCount: 1 });
    expect(refused.body.errors[0]).toMatchObject({
      line: 2,
      code: "entry.amountTooLarge",
      params: { line: 2, lines: "2-3" },
    });
    // French spaces (no-break before the colon, narrow in the figure) read as plain ones here.
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(spaced(refused.body.errors[0].detail)).toBe(
      "Ligne 2 : montant trop élevé (100 000 000 000,00 € au plus par ligne).",
    );
    const english = await upload(o.token, huge, "", "en");
    expect(english.body.errors[0].detail).toBe(
      "Line 2: amount too large (€100,000,000,000.00 at most per line).",
    );

    // Past 20 entries refused for one reason, the rest are counted: no sentence of the books for that.
    const many = writeFec(
      Array.from({ length: 21 }, (_, n) => [
        line(n + 1, "512000", 10 ** 13 + 100, 0),
        line(n + 1, "706000", 0, 10 ** 13 + 100),
      ]).flat(),
      "\t",
    );
    const counted = await upload(o.token, many, "&dryRun=true", "fr");
    expect(counted.body.errorCount).toBe(21);
    expect(counted.body.errors[20]).toEqual({
      line: 0,
      code: "entry.amountTooLarge",
      message: expect.stringContaining("1 more entries are refused for the same reason"),
      params: { count: 21, lines: "2-43" },
    });

    const imported = await upload(o.token, fec(), "", "fr");
    expect(imported.body).toMatchObject({
      dryRun: false,
      written: true,
      entries: 2,
      lines: 4,
      errorCount: 0,
    });
    expect((await send("GET", "/accounting/entries", o.token)).body.total).toBe(2);
  });
});
