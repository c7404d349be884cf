import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { formattersFor } from "../../i18n/format.ts";
import { type Locale, namespaces } from "../../i18n/i18n.ts";
import { resources } from "../../i18n/resources.ts";
import { type FecFinding, type FecSeverity, fecFindingText } from "./fec-findings.ts";

const translators: Partial<Record<Locale, TFunction<"accounting">>> = {};
beforeAll(async () => {
  for (const lng of ["fr", "en"] as const) {
    const i18n = createInstance();
    await i18n.init({
      resources,
      lng,
      ns: [...namespaces],
      defaultNS: "accounting",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    translators[lng] = i18n.getFixedT(lng, "accounting") as TFunction<"accounting">;
  }
});

/** The finding's sentence in `lng`, French spaces read as plain ones. */
const text = (lng: Locale, finding: FecFinding, severity: FecSeverity = "warning") => {
  const t = translators[lng];
  if (!t) throw new Error("i18n not ready");
  return fecFindingText(finding, severity, t, formattersFor(lng)).replace(/[\u00a0\u202f]/g, " ");
};

describe("a FEC import's findings in the reader's language (issue 23, point 2)", () => {
  test("words a finding from its code and params, its day in the reader's way", () => {
    const finding: FecFinding = {
      line: 2,
      field: "EcritureDate",
      code: "fec.dateFormat",
      message: 'line 2: EcritureDate "2025-03-05" is read as 2025-03-05 but is not written AAAAMMJJ',
      params: { value: "2025-03-05", date: "2025-03-05" },
    };
    expect(text("fr", finding)).toBe(
      "EcritureDate « 2025-03-05 » est lu comme le 5 mars 2025, mais n’est pas écrit AAAAMMJJ.",
    );
    expect(text("en", finding)).toBe(
      "EcritureDate “2025-03-05” is read as 5 March 2025, but is not written AAAAMMJJ.",
    );
  });

  test("shows amounts (cents) as money, months by their name, counts with their plural", () => {
    const unbalanced: FecFinding = {
      line: 4,
      code: "fec.unbalanced",
      message: "…",
      params: {
        journalCode: "OD",
        ecritureNum: "7",
        lines: "4-5",
        difference: 123_456,
        differenceText: "1234,56",
      },
    };
    expect(text("fr", unbalanced, "error")).toBe(
      "Journal OD, écriture 7 : les lignes 4-5 ne sont pas équilibrées (débit − crédit = 1 234,56 €).",
    );
    expect(text("en", unbalanced, "error")).toBe(
      "Journal OD, entry 7: lines 4-5 do not balance (debit − credit = €1,234.56).",
    );
    const dates: FecFinding = {
      line: 6,
      field: "EcritureDate",
      code: "fec.entryDates",
      message: "…",
      params: { journalCode: "VT", ecritureNum: "12", lines: "7", value: "2025-01-31", line: 6 },
    };
    expect(text("en", dates)).toBe(
      "Journal VT, entry 12: EcritureDate differs inside the entry (lines 7); the entry takes 31 January 2025 of line 6, each line keeps its own.",
    );
    const fileName: FecFinding = { line: 0, code: "fec.fileName", message: "…", params: { month: 6 } };
    expect(text("fr", fileName)).toContain("se terminent en juin,");
    expect(text("en", fileName)).toContain("end in June,");
    const none = (count: number): FecFinding => ({
      line: 9,
      code: "fiscalYear.none",
      message: "…",
      params: { count, date: "2019-05-15", lines: count === 1 ? "9" : "9-12008" },
    });
    expect(text("fr", none(12_000), "error")).toBe(
      "12 000 lignes datées à partir du 15 mai 2019 (lignes 9-12008) ne tombent dans aucun exercice.",
    );
    expect(text("en", none(1), "error")).toBe("1 line dated 15 May 2019 (line 9) falls in no fiscal year.");
  });

  test("takes the variant its params or its severity say", () => {
    const dot = (severity: FecSeverity): FecFinding => ({
      line: 5,
      field: "Debit",
      code: "fec.amountDot",
      message: "…",
      params: severity === "warning" ? { value: "1.120,00", amount: 112_000 } : { value: "12.50" },
    });
    expect(text("fr", dot("warning"))).toBe(
      "Debit « 1.120,00 » a un point, lu comme séparateur des milliers : 1 120,00 €.",
    );
    expect(text("fr", dot("error"), "error")).toBe(
      "Debit « 12.50 » n’est pas un montant (virgule décimale, jamais de point) : la ligne n’est pas lue.",
    );
    const empty: FecFinding = {
      line: 4,
      field: "Credit",
      code: "fec.amountFormat",
      message: "…",
      params: { value: "", amount: 0 },
    };
    expect(text("en", empty)).toBe("Credit is empty: read as €0.00.");
    const split: FecFinding = {
      line: 2,
      code: "fec.entrySplit",
      message: "…",
      params: {
        journalCode: "BQ",
        ecritureNum: "0",
        reason: "unnumbered",
        lines: "2-5",
        entries: 2,
        parts: "2-3 / 4-5",
      },
    };
    expect(text("fr", split)).toBe(
      "Journal BQ : EcritureNum ne distingue pas les écritures ; les lignes 2-5 sont lues comme 2 écritures : 2-3 / 4-5.",
    );
  });

  test("a refusal of the books shows the server's sentence of it, already in the reader's language", () => {
    const refused: FecFinding = {
      line: 2,
      code: "entry.amountTooLarge",
      message: "line 2: journal …",
      params: { line: 2, max: "100000000000,00", lines: "2-3" },
      detail: "Ligne 2 : montant trop élevé (100 000 000 000,00 € au plus par ligne).",
    };
    expect(text("fr", refused, "error")).toBe(
      "Lignes 2-3 refusées — Ligne 2 : montant trop élevé (100 000 000 000,00 € au plus par ligne).",
    );
    const counted: FecFinding = {
      line: 0,
      code: "entry.amountTooLarge",
      message:
        "1 more entries are refused for the same reason (entry.amountTooLarge); all of them are on lines 2-43",
      params: { count: 21, lines: "2-43" },
    };
    expect(text("fr", counted, "error")).toBe(
      "En tout, 21 écritures sont refusées pour la même raison, sur les lignes 2-43.",
    );
  });

  test("keeps the server's English sentence for a code it does not know, or a param its sentence lacks", () => {
    expect(text("fr", { line: 3, code: "fec.somethingNew", message: "line 3: something new" })).toBe(
      "something new",
    );
    expect(
      text("fr", {
        line: 0,
        code: "fec.fileName",
        message: 'file name "x.txt" is not <SIREN>FEC<AAAAMMJJ>: fiscal years to open end on 31 December',
      }),
    ).toBe('file name "x.txt" is not <SIREN>FEC<AAAAMMJJ>: fiscal years to open end on 31 December');
  });

  test("words every code the FEC's reading and its import's plan raise, in French and in English", () => {
    const core = fileURLToPath(new URL("../../../../core/src/fec/", import.meta.url));
    const sources = [
      `${core}parse.ts`,
      `${core}group.ts`,
      ...readdirSync(`${core}plan`)
        .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
        .map((name) => `${core}plan/${name}`),
      fileURLToPath(new URL("../../../../api/src/accounting/fec-import.ts", import.meta.url)),
    ];
    const codes = new Set(
      sources.flatMap((path) =>
        [...readFileSync(path, "utf8").matchAll(/"(fec\.\w+)"/g)].map((m) => m[1] ?? ""),
      ),
    );
    expect(codes.size).toBeGreaterThan(40);
    for (const code of codes)
      for (const lng of ["fr", "en"] as const)
        for (const severity of ["error", "warning"] as const) {
          // Every param a sentence may name, so that none is missing: the sentence itself must be there.
          const params = Object.fromEntries(
            [
              "separator",
              "count",
              "column",
              "name",
              "columns",
              "field",
              "value",
              "date",
              "amount",
              "expected",
              "journalCode",
              "ecritureNum",
              "lines",
              "difference",
              "reason",
              "entries",
              "parts",
              "line",
              "month",
              "siren",
              "closingDate",
              "journal",
              "length",
              "max",
              "label",
              "pieceRef",
              "code",
              "fileLabel",
              "account",
              "auxiliary",
              "debit",
              "credit",
              "fileName",
            ].map((key) => [
              key,
              key === "reason"
                ? "dates"
                : ["count", "amount", "debit", "credit", "difference", "month"].includes(key)
                  ? 3
                  : "x",
            ]),
          );
          const sentence = text(lng, { line: 2, code, message: "ENGLISH", params }, severity);
          expect(sentence, `${lng} ${code}`).not.toBe("ENGLISH");
          expect(sentence, `${lng} ${code}`).not.toContain("fecImport.");
          expect(sentence, `${lng} ${code}`).not.toContain("{{");
        }
  });
});
