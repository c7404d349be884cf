/**
 * The PDFs read back with Debian's poppler-utils (`pdftotext`, `pdfinfo`, `pdffonts`, `pdfimages`):
 * every kind in French and English, every mandatory mention, the totals per rate, the credit note's
 * reference, pagination with page numbers and the table header repeated, embedded fonts, the logo.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { formatMoney, formatPercent } from "../../pdf/format.ts";
import { fixtureCreditNote, samplePrint } from "../../testing/document-prints.ts";
import { type DocumentKind, type DocumentPrint, type PrintLanguage, renderDocumentPdf } from "./index.ts";
import { LABELS } from "./labels.ts";

const dir = mkdtempSync(join(tmpdir(), "registre-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const save = (bytes: Uint8Array): string => {
  const file = join(dir, `${++files}.pdf`);
  writeFileSync(file, bytes);
  return file;
};

const poppler = (tool: string, args: readonly string[]): string =>
  execFileSync(tool, args, { encoding: "utf8", maxBuffer: 16 * 2 ** 20 });

/**
 * The text of the PDF (or of one page) as laid out (a row of the page on one line, so a label stays
 * beside its value), every run of spaces (no-break ones too) as one space.
 */
const textOf = (file: string, page?: number): string =>
  poppler("pdftotext", [
    "-layout",
    "-enc",
    "UTF-8",
    ...(page === undefined ? [] : ["-f", String(page), "-l", String(page)]),
    file,
    "-",
  ])
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();

/** An expected text with its spaces loosened the same way. */
const plain = (text: string): string => text.replace(/[\s\u00a0\u202f]+/g, " ");

const pagesOf = (file: string): number => Number(/Pages:\s+(\d+)/.exec(poppler("pdfinfo", [file]))?.[1]);

const render = async (print: DocumentPrint): Promise<{ file: string; text: string }> => {
  const file = save(await renderDocumentPdf(print));
  return { file, text: textOf(file) };
};

const KINDS: readonly DocumentKind[] = [
  "quote",
  "order",
  "delivery",
  "invoice",
  "creditNote",
  "depositInvoice",
];
const LANGUAGES: readonly PrintLanguage[] = ["fr", "en"];
const INVOICES: ReadonlySet<DocumentKind> = new Set(["invoice", "creditNote", "depositInvoice"]);

/** The payment mentions of an invoice (C. com. L441-9, L441-10, D441-5; CGI 242 nonies A), word for word. */
const PAYMENT_MENTIONS: Record<PrintLanguage, readonly string[]> = {
  fr: [
    "Date d'échéance : 02/03/2026",
    "Conditions de paiement : 30 jours net",
    "Pas d'escompte pour paiement anticipé",
    "Pénalités de retard : 12,15 % par an",
    "Indemnité forfaitaire pour frais de recouvrement : 40 €",
    "Catégorie de l'opération : mixte (biens et services)",
    "Option pour le paiement de la taxe d'après les débits",
    "Coordonnées bancaires : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPPXXX",
  ],
  en: [
    "Due date: 2 March 2026",
    "Payment terms: 30 days net",
    "No discount for early payment",
    "Late payment penalties: 12.15% per year",
    "Fixed compensation for recovery costs: €40",
    "Category of operation: mixed (goods and services)",
    "Option pour le paiement de la taxe d'après les débits",
    "Bank details: IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPPXXX",
  ],
};

describe("renderDocumentPdf", () => {
  for (const language of LANGUAGES)
    for (const kind of KINDS)
      it(`prints a ${kind} in ${language} with the parties, its number, its lines and what its kind requires`, async () => {
        const print = samplePrint(kind, language);
        const { text } = await render(print);
        const t = LABELS[language];
        const expected = [
          t.title[kind],
          `${t.number} ${print.number}`,
          "Atelier Bois & Fils",
          "12 rue des Tanneurs",
          "SIREN 732 829 320",
          "FR44732829320",
          "LE CLIENT",
          "5 avenue Jean Médecin",
          "SIREN 987 654 321",
          "FR19987654321",
          // the delivery address differs from the billing one: printed
          t.deliveryAddress.toUpperCase(),
          "18 boulevard Carabacel",
          language === "fr" ? "31/01/2026" : "31 January 2026",
          "PO-7781",
          // (a long description wraps in its cell: short ones are looked for whole)
          "Plinthe chêne 70 mm",
          "Déplacement",
          "Main-d'œuvre menuiserie",
          language === "fr" ? "Merci de votre confiance." : "Thank you for your business.",
          "RCS Lyon 732 829 320",
          "Page 1/1",
        ];
        for (const s of expected) expect(text).toContain(plain(s));

        if (kind !== "quote")
          expect(text).toContain(
            plain(`${t.deliveryDate[kind]} ${language === "fr" ? "28/01/2026" : "28 January 2026"}`),
          );
        if (kind === "delivery") {
          // quantities, no prices
          expect(text).toContain(plain(t.columns.quantity));
          expect(text).not.toContain(plain(t.columns.unitPrice));
          expect(text).not.toContain(plain(formatMoney(print.totals.includingTaxCents, language)));
          expect(text).not.toMatch(/389[,.]00/);
          expect(text).toContain(plain(t.deliveryReceipt));
        } else {
          for (const s of [
            t.columns.quantity,
            t.columns.unit,
            t.columns.unitPrice,
            t.columns.vatRate,
            t.columns.net,
          ])
            expect(text).toContain(plain(s));
          // a line: quantity, unit, unit price, rate, net
          expect(text).toContain(language === "fr" ? "389,00" : "389.00");
          for (const row of print.totals.vat) {
            expect(text).toContain(plain(formatPercent(row.rate, language)));
            expect(text).toContain(plain(formatMoney(row.baseCents, language)));
            expect(text).toContain(plain(formatMoney(row.vatCents, language)));
          }
          expect(text).toContain(
            plain(`${t.totals.includingTax} ${formatMoney(print.totals.includingTaxCents, language)}`),
          );
        }
        if (INVOICES.has(kind)) {
          for (const s of PAYMENT_MENTIONS[language]) expect(text).toContain(plain(s));
        } else {
          expect(text).not.toContain(plain(PAYMENT_MENTIONS[language][4] ?? "?"));
        }
        if (kind === "quote") {
          expect(text).toContain(
            plain(language === "fr" ? "Devis valable jusqu'au 02/03/2026" : "Quote valid until 2 March 2026"),
          );
          expect(text).toContain(plain(t.quoteAcceptance));
        }
        if (kind === "invoice") {
          // the deposit deducted, the payment received, what is left to pay
          // (its label may wrap in the totals' column, beside the VAT table: its parts are looked for)
          expect(text).toContain("FA2026-00021");
          expect(text).toContain(plain(formatMoney(-60000, language)));
          expect(text).toContain(plain(`${t.totals.paid} ${formatMoney(-10000, language)}`));
          expect(text).toContain(plain(`${t.totals.due} ${formatMoney(print.totals.dueCents, language)}`));
        }
        if (kind === "creditNote")
          expect(text).toContain(
            plain(
              language === "fr"
                ? "Avoir sur la facture n° FA-2017-0010 du 10/11/2017"
                : "Credit note for invoice no. FA-2017-0010 of 10 November 2017",
            ),
          );
      });

  it("prints the Factur-X fixture's credit note: its invoice's number and date, VAT per rate on each base", async () => {
    for (const language of LANGUAGES) {
      const { text } = await render(fixtureCreditNote(language));
      const money = (cents: number) => plain(formatMoney(cents, language));
      expect(text).toContain(language === "fr" ? "N° AV-2017-0005" : "No. AV-2017-0005");
      expect(text).toContain(
        plain(
          language === "fr"
            ? "Avoir sur la facture n° FA-2017-0010 du 10/11/2017"
            : "Credit note for invoice no. FA-2017-0010 of 10 November 2017",
        ),
      );
      for (const cents of [2048, 410, 19800, 1089, 21848, 1499, 23347]) expect(text).toContain(money(cents));
      expect(text).toContain(plain(`${LABELS[language].totals.credit} ${formatMoney(23347, language)}`));
    }
  });

  it("prints « Brouillon » / « Draft » for a document without a number", async () => {
    const fr = await render(samplePrint("invoice", "fr", { draft: true }));
    expect(fr.text).toContain("Brouillon");
    expect(fr.text).not.toContain("FA2026-00023");
    const en = await render(samplePrint("invoice", "en", { draft: true }));
    expect(en.text).toContain("Draft");
    expect(en.text).not.toContain("FA2026-00023");
  });

  it("prints the exemption and reverse-charge mentions as given, and no débits option unless chosen", async () => {
    const base = samplePrint("invoice", "fr");
    const reverseCharged = {
      type: "item",
      description: "Sous-traitance de pose",
      quantity: "1",
      unit: "forfait",
      unitPrice: "800",
      vatRate: "0",
      vatExemption: "Autoliquidation",
      netCents: 80000,
    } as const;
    const { text } = await render({
      ...base,
      lines: [...base.lines, reverseCharged],
      mentions: {
        ...base.mentions,
        exemptions: ["TVA non applicable, art. 293 B du CGI", "Autoliquidation"],
        vatOnDebits: false,
        operationCategory: "services",
        earlyPaymentDiscount: "2 % pour paiement sous 10 jours",
        recoveryIndemnityCents: undefined,
      },
    });
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
    expect(text).toContain("Autoliquidation");
    // the line's own exemption ground, under its description
    expect(text).toContain("TVA : Autoliquidation");
    expect(text).toContain("Catégorie de l'opération : prestation de services");
    expect(text).toContain("Escompte pour paiement anticipé : 2 % pour paiement sous 10 jours");
    expect(text).not.toContain("Pas d'escompte");
    expect(text).not.toContain("d'après les débits");
    expect(text).toContain("Indemnité forfaitaire pour frais de recouvrement : 40 €");
  });

  it("breaks 150 lines across pages with the table header repeated and « Page n/N » on each", async () => {
    const print = samplePrint("invoice", "fr", { lines: 150 });
    const { file, text } = await render(print);
    const pages = pagesOf(file);
    expect(pages).toBeGreaterThanOrEqual(4);
    for (let page = 1; page <= pages; page++) {
      const pageText = textOf(file, page);
      expect(pageText).toContain(`Page ${page}/${pages}`);
      if (page > 1) expect(pageText).toContain("Facture N° FA2026-00023 — LE CLIENT");
      // every page that carries lines opens with the table's header
      if (/REF-0\d{3}/.test(pageText))
        expect(pageText).toMatch(/Désignation Qté Unité PU HT Remise TVA Total HT/);
    }
    expect(text.match(/REF-0\d{3} –/g)).toHaveLength(150);
    const last = textOf(file, pages);
    expect(last).toContain(plain(`Net à payer ${formatMoney(print.totals.dueCents, "fr")}`));
    expect(last).toContain("Indemnité forfaitaire pour frais de recouvrement : 40 €");
  });

  it("embeds its fonts (subsets of Inter)", async () => {
    const { file } = await render(samplePrint("invoice", "fr", { lines: 20 }));
    const rows = poppler("pdffonts", [file]).trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toMatch(/\+Inter-(Regular|Bold)\s/);
      // columns: name, type (two words), encoding, emb, sub, uni, object, generation
      const [emb, sub] = row.trim().split(/\s+/).slice(-5);
      expect(emb).toBe("yes");
      expect(sub).toBe("yes");
    }
  });

  it("prints the organisation's logo, PNG or JPEG", async () => {
    const image = sharp({ create: { width: 240, height: 80, channels: 3, background: "#1c3d5a" } });
    for (const logo of [await image.clone().png().toBuffer(), await image.clone().jpeg().toBuffer()]) {
      const { file } = await render(samplePrint("invoice", "fr", { logo }));
      const images = poppler("pdfimages", ["-list", file]).trim().split("\n").slice(2);
      expect(images).toHaveLength(1);
    }
    const { file } = await render(samplePrint("invoice", "fr"));
    expect(poppler("pdfimages", ["-list", file]).trim().split("\n").slice(2)).toHaveLength(0);
  });
});
