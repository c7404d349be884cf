import { formatDate, formatMoney, type PrintLanguage } from "../pdf/format.ts";
import { COLOURS, CONTENT_WIDTH, finish, MARGIN, openPdf, SIZES } from "../pdf/page.ts";
import type { ReconciliationReport } from "./report.ts";

const N = "\u00a0";
const LABELS = {
  fr: {
    title: "État de rapprochement bancaire",
    bank: "Banque",
    account: "Compte",
    date: "Au",
    bookBalance: "Solde comptable (compte 512)",
    unmatchedBook: "Mouvements comptables non rapprochés (à déduire)",
    unmatchedLines: "Lignes du relevé non comptabilisées (à ajouter)",
    explained: "Solde bancaire justifié",
    bankBalance: "Solde bancaire selon relevé",
    difference: "Écart",
    none: "Aucun",
    noStatement: "Aucun relevé à cette date",
    colDate: "Date",
    colRef: "Pièce",
    colLabel: "Libellé",
    colAmount: "Montant",
    total: "Total",
  },
  en: {
    title: "Bank reconciliation statement",
    bank: "Bank",
    account: "Account",
    date: "As at",
    bookBalance: "Book balance (512 account)",
    unmatchedBook: "Book movements not on the statement (deducted)",
    unmatchedLines: "Statement lines not in the books (added)",
    explained: "Bank balance explained",
    bankBalance: "Bank balance per statement",
    difference: "Difference",
    none: "None",
    noStatement: "No statement at this date",
    colDate: "Date",
    colRef: "Piece",
    colLabel: "Label",
    colAmount: "Amount",
    total: "Total",
  },
} as const;

/** The reconciliation statement as a PDF: the balances, then each side's unmatched items and their totals. */
export const renderReconciliationPdf = async (
  report: ReconciliationReport,
  language: PrintLanguage,
  organisation: string,
): Promise<Uint8Array> => {
  const t = LABELS[language];
  const money = (cents: number) => formatMoney(cents, language);
  const title = `${t.title} — ${report.bankName}`;
  const doc = openPdf(language, title, organisation);
  const x = MARGIN.left;
  let y: number = MARGIN.top;
  doc
    .font("bold")
    .fontSize(SIZES.title)
    .fillColor(COLOURS.accent)
    .text(t.title, x, y, { width: CONTENT_WIDTH });
  y = doc.y + 8;
  doc.font("regular").fontSize(SIZES.body).fillColor(COLOURS.text);
  const colon = language === "fr" ? `${N}:` : ":";
  for (const [label, value] of [
    [organisation, ""],
    [t.bank, report.bankName],
    [t.account, report.account],
    [t.date, formatDate(report.date, language)],
  ] as const) {
    doc.font("bold").text(label, x, y, { width: 160 });
    doc.font("regular").text(value, x + 170, y, { width: CONTENT_WIDTH - 170 });
    y = doc.y + 2;
  }
  y += 10;
  const pageBreak = () => {
    if (y > 760) {
      doc.addPage();
      y = MARGIN.top;
    }
  };
  const figure = (label: string, value: string, bold = false) => {
    doc.font(bold ? "bold" : "regular").text(`${label}${colon}`, x, y, { width: CONTENT_WIDTH - 130 });
    doc.text(value, x + CONTENT_WIDTH - 130, y, { width: 130, align: "right" });
    y = doc.y + 4;
    pageBreak();
  };
  const cols = [70, 80, CONTENT_WIDTH - 250, 100];
  const row = (cells: string[], bold = false) => {
    let cx = x;
    let bottom = y;
    cells.forEach((cell, i) => {
      const width = cols[i] ?? 60;
      doc
        .font(bold ? "bold" : "regular")
        .text(cell, cx, y, { width: width - 6, align: i === 3 ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      cx += width;
    });
    y = bottom + 3;
    pageBreak();
  };
  const table = (
    heading: string,
    items: readonly { date: string; ref: string; label: string; amount: number }[],
    total: number,
  ) => {
    y += 6;
    doc.font("bold").fillColor(COLOURS.accent).text(heading, x, y, { width: CONTENT_WIDTH });
    doc.fillColor(COLOURS.text);
    y = doc.y + 4;
    if (items.length === 0) {
      doc.font("regular").text(t.none, x, y);
      y = doc.y + 4;
      return;
    }
    row([t.colDate, t.colRef, t.colLabel, t.colAmount], true);
    for (const i of items) row([formatDate(i.date, language), i.ref, i.label, money(i.amount)]);
    doc
      .moveTo(x, y)
      .lineTo(x + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    y += 4;
    row(["", "", t.total, money(total)], true);
  };
  figure(t.bookBalance, money(report.bookBalance), true);
  table(
    t.unmatchedBook,
    report.unmatchedBook.map((m) => ({ date: m.date, ref: m.number, label: m.label, amount: m.amount })),
    report.unmatchedBookTotal,
  );
  table(
    t.unmatchedLines,
    report.unmatchedLines.map((l) => ({ date: l.date, ref: `#${l.no}`, label: l.label, amount: l.amount })),
    report.unmatchedLinesTotal,
  );
  y += 8;
  figure(t.explained, money(report.explainedBankBalance), true);
  figure(t.bankBalance, report.bankBalance === null ? t.noStatement : money(report.bankBalance), true);
  if (report.difference !== null) figure(t.difference, money(report.difference), true);
  return finish(doc);
};
