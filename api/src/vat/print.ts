import { correctionBox } from "@registre/core";
import type { PrintLanguage } from "../pdf/format.ts";
import { finish, MARGIN, openPdf, PAGE } from "../pdf/page.ts";
import type { VatReturnView } from "./view.ts";

/**
 * A return to copy onto impots.gouv.fr (there is no public filing API): the CSV in the form's box order,
 * and a PDF laid out like its form — 3310-CA3-SD, the CA12's 3517-S-SD or an instalment's 3514-SD: its
 * sections in order, each box with its code, label, base and tax in whole euros — with the organisation,
 * the period, the return's state and the corrections of earlier returns it carries.
 */

type Identity = { readonly name: string; readonly siren: string | null };

const CA3_SECTIONS = {
  taxed: {
    fr: "A. Montant des opérations réalisées — opérations imposables (HT)",
    en: "A. Operations — taxed (excl. VAT)",
  },
  untaxed: {
    fr: "A. Montant des opérations réalisées — opérations non imposables",
    en: "A. Operations — not taxed",
  },
  gross: { fr: "B. Décompte de la TVA à payer — TVA brute", en: "B. VAT to pay — gross VAT" },
  deductible: { fr: "B. Décompte de la TVA à payer — TVA déductible", en: "B. VAT to pay — deductible VAT" },
  result: { fr: "Crédit de TVA, taxe à payer", en: "VAT credit, tax to pay" },
} as const;

/** The CA12's frames (3517-S-SD), and an instalment's slip (3514-SD). */
const CA12_SECTIONS = {
  untaxed: { fr: "Opérations non imposables (HT)", en: "Operations not taxed (excl. VAT)" },
  taxed: { fr: "Opérations autoliquidées (HT)", en: "Self-assessed operations (excl. VAT)" },
  gross: { fr: "TVA brute", en: "Gross VAT" },
  deductible: { fr: "TVA déductible", en: "Deductible VAT" },
  result: { fr: "TVA nette, acomptes et solde", en: "Net VAT, instalments and balance" },
} as const;

const INSTALMENT_SECTIONS = {
  ...CA12_SECTIONS,
  result: { fr: "Avis d’acompte", en: "Instalment slip" },
} as const;

const sectionsOf = (formId: string) =>
  formId === "3517-S-SD" ? CA12_SECTIONS : formId === "3514-SD" ? INSTALMENT_SECTIONS : CA3_SECTIONS;

const CORRECTION_KIND = {
  fr: { payBack: "TVA à reverser", deduct: "TVA à déduire" },
  en: { payBack: "VAT to pay back", deduct: "VAT to deduct" },
} as const;

const STATUS = {
  fr: { future: "à venir", toPrepare: "à préparer", notDue: "non due", validated: "validée", paid: "payée" },
  en: { future: "future", toPrepare: "to prepare", notDue: "not due", validated: "validated", paid: "paid" },
} as const;

/** A CSV field, quoted when it must be; a formula-looking text is neutralised for spreadsheets. */
const field = (value: string | number | null): string => {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The copy sheet as CSV (`;`, UTF-8 with BOM for spreadsheets): one row per box, in the form's order. */
export const vatReturnCsv = (view: VatReturnView, identity: Identity, language: PrintLanguage): string => {
  const header =
    language === "fr"
      ? ["Période", "Section", "Case", "Libellé", "Base (€)", "Taxe (€)"]
      : ["Period", "Section", "Box", "Label", "Base (€)", "Tax (€)"];
  const rows: (string | number | null)[][] = view.boxes.map((b) => [
    view.period,
    b.section,
    b.code,
    b.label[language],
    b.base,
    b.tax,
  ]);
  // The corrections carried, after the boxes: the return corrected, the reason, the amount in euros.
  for (const c of view.corrections)
    rows.push([
      view.period,
      "correction",
      correctionBox(view.form.id, c.kind),
      `${c.period} — ${c.reason}`,
      null,
      (c.amount / 100).toFixed(2),
    ]);
  const title = [
    `${identity.name}${identity.siren ? ` (SIREN ${identity.siren})` : ""}`,
    view.form.id,
    view.form.version,
  ];
  return `\uFEFF${[title, header, ...rows].map((r) => r.map(field).join(";")).join("\r\n")}\r\n`;
};

const money = (n: number | null, language: PrintLanguage): string =>
  n === null ? "" : new Intl.NumberFormat(language === "fr" ? "fr-FR" : "en-GB").format(n);

/** The PDF: A4, the form's sections and boxes in order, whole euros. */
export const vatReturnPdf = async (
  view: VatReturnView,
  identity: Identity,
  language: PrintLanguage,
): Promise<Uint8Array> => {
  const title =
    language === "fr"
      ? `Déclaration de TVA ${view.form.id} — ${view.period}`
      : `VAT return ${view.form.id} — ${view.period}`;
  const doc = openPdf(language, title, identity.name);
  const width = PAGE.width - MARGIN.left - MARGIN.right;
  const bottom = PAGE.height - MARGIN.bottom;
  const col = {
    code: MARGIN.left,
    label: MARGIN.left + 34,
    base: MARGIN.left + width - 170,
    tax: MARGIN.left + width - 80,
  };
  let y = MARGIN.top;
  const text = (
    t: string,
    x: number,
    at: number,
    w: number,
    opts: { bold?: boolean; size?: number; align?: "left" | "right" } = {},
  ) => {
    doc
      .font(opts.bold ? "bold" : "regular")
      .fontSize(opts.size ?? 8.6)
      .fillColor("#1a1a1a");
    doc.text(t, x, at, { width: w, align: opts.align ?? "left", lineGap: 1 });
    return doc.y - at;
  };
  const room = (height: number) => {
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN.top;
    }
  };
  y += text(title, MARGIN.left, y, width, { bold: true, size: 15 }) + 4;
  const who = `${identity.name}${identity.siren ? ` — SIREN ${identity.siren}` : ""}`;
  y += text(who, MARGIN.left, y, width) + 2;
  const state = STATUS[language][view.status];
  const dates =
    language === "fr"
      ? `Période du ${view.start} au ${view.end} — ${state}${view.validatedOn ? ` le ${view.validatedOn}` : ""} — formulaire ${view.form.version}`
      : `Period ${view.start} to ${view.end} — ${state}${view.validatedOn ? ` on ${view.validatedOn}` : ""} — form ${view.form.version}`;
  y += text(dates, MARGIN.left, y, width) + 10;
  const SECTIONS = sectionsOf(view.form.id);
  let section: string | null = null;
  for (const box of view.boxes) {
    if (box.section !== section) {
      section = box.section;
      room(40);
      y += 6;
      doc
        .rect(MARGIN.left, y - 2, width, 16)
        .fillColor("#eef0f3")
        .fill();
      text(SECTIONS[box.section][language], MARGIN.left + 4, y + 1, width - 170, { bold: true });
      text(language === "fr" ? "Base HT" : "Base", col.base, y + 1, 80, { bold: true, align: "right" });
      text(language === "fr" ? "Taxe due" : "Tax", col.tax, y + 1, 80, { bold: true, align: "right" });
      y += 18;
    }
    const height = Math.max(
      12,
      doc
        .font("regular")
        .fontSize(8.6)
        .heightOfString(box.label[language], { width: col.base - col.label - 8 }) + 3,
    );
    room(height);
    text(box.code, col.code, y, 30, { bold: true });
    text(box.label[language], col.label, y, col.base - col.label - 8);
    text(money(box.base, language), col.base, y, 80, { align: "right" });
    text(money(box.tax, language), col.tax, y, 80, { align: "right" });
    y += height;
    doc
      .moveTo(MARGIN.left, y - 1)
      .lineTo(MARGIN.left + width, y - 1)
      .lineWidth(0.3)
      .strokeColor("#c9ccd1")
      .stroke();
  }
  if (view.corrections.length > 0) {
    room(40);
    y += 10;
    y +=
      text(language === "fr" ? "Régularisations" : "Corrections", MARGIN.left, y, width, { bold: true }) + 4;
    for (const c of view.corrections) {
      const line = `${correctionBox(view.form.id, c.kind)} — ${c.period} — ${CORRECTION_KIND[language][c.kind]} ${money(c.amount / 100, language)} € — ${c.reason}`;
      room(14);
      y += text(line, MARGIN.left, y, width) + 3;
    }
  }
  return finish(doc);
};
