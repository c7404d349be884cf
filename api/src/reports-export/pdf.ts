import { formatDate, formatMoney, type PrintLanguage } from "../pdf/format.ts";
import { COLOURS, CONTENT_BOTTOM, CONTENT_WIDTH, finish, MARGIN, openPdf, PAGE, SIZES } from "../pdf/page.ts";
import type { ManagementReportView } from "../schemas/management-reports.ts";
import {
  columnTitle,
  ledgerLine,
  periodLine,
  printedValue,
  reportTitle,
  rowLabel,
  subjectTitle,
  words,
} from "./labels.ts";

const ROW_GAP = 3;

/**
 * A management report as an A4 PDF with the API's page kit (`pdf/page.ts`): its title, the organisation
 * and the period, the table (its header row again on each page), the totals, and « Page n sur N » at the
 * foot of every page.
 */
export const reportPdf = async (
  report: ManagementReportView,
  language: PrintLanguage,
  organisation: string,
  today: string,
): Promise<Uint8Array> => {
  const w = words(language);
  const title = reportTitle(report.type, language);
  const doc = openPdf(language, `${title} — ${organisation}`, organisation);
  const x = MARGIN.left;
  // Value columns of 62 pt, narrower when many, so that the names keep at least 110 pt.
  const VALUE_WIDTH = Math.min(62, Math.floor((CONTENT_WIDTH - 110) / Math.max(1, report.columns.length)));
  const labelWidth = CONTENT_WIDTH - VALUE_WIDTH * report.columns.length;
  let y: number = MARGIN.top;

  doc
    .font("bold")
    .fontSize(SIZES.title)
    .fillColor(COLOURS.accent)
    .text(title, x, y, { width: CONTENT_WIDTH });
  y = doc.y + 4;
  doc
    .font("bold")
    .fontSize(SIZES.heading)
    .fillColor(COLOURS.text)
    .text(organisation, x, y, { width: CONTENT_WIDTH });
  y = doc.y + 2;
  doc.font("regular").fontSize(SIZES.body).fillColor(COLOURS.muted);
  doc.text(periodLine(report, language), x, y, { width: CONTENT_WIDTH });
  y = doc.y + 12;

  const rule = (at: number, colour: string = COLOURS.rule) =>
    doc
      .moveTo(x, at)
      .lineTo(x + CONTENT_WIDTH, at)
      .lineWidth(0.5)
      .strokeColor(colour)
      .stroke();

  /** One row: the label on the left, each value right-aligned in its column. */
  const row = (label: string, values: readonly string[], bold: boolean, colour: string = COLOURS.text) => {
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(SIZES.small)
      .fillColor(colour);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth - 6 }),
      ...values.map((v) => doc.heightOfString(v, { width: VALUE_WIDTH - 4 })),
    );
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
      header();
      doc
        .font(bold ? "bold" : "regular")
        .fontSize(SIZES.small)
        .fillColor(colour);
    }
    doc.text(label, x, y, { width: labelWidth - 6 });
    values.forEach((value, i) => {
      doc.text(value, x + labelWidth + i * VALUE_WIDTH, y, { width: VALUE_WIDTH - 4, align: "right" });
    });
    y += height + ROW_GAP;
  };

  const headerCells = report.columns.map((c) => columnTitle(c.key, language));
  const header = () => {
    row(subjectTitle(report, language), headerCells, true, COLOURS.accent);
    rule(y - 1, COLOURS.accent);
    y += 2;
  };

  header();
  for (const r of report.rows)
    row(
      rowLabel(report, r, language),
      report.columns.map((c) => printedValue(c.kind, r.values[c.key], language)),
      false,
    );
  rule(y - 1);
  y += 2;
  row(
    w.total,
    report.columns.map((c) => printedValue(c.kind, report.totals[c.key], language)),
    true,
  );
  if (report.uncosted && report.uncosted.lines > 0) {
    y += 6;
    doc.font("regular").fontSize(SIZES.small).fillColor(COLOURS.muted);
    doc.text(w.uncosted(report.uncosted.lines, formatMoney(report.uncosted.revenue, language)), x, y, {
      width: CONTENT_WIDTH,
    });
  }
  const ledger = ledgerLine(report, language, (cents) => formatMoney(cents, language));
  if (ledger) {
    y += 6;
    doc.font("regular").fontSize(SIZES.small).fillColor(COLOURS.muted);
    if (y + doc.heightOfString(ledger, { width: CONTENT_WIDTH }) > CONTENT_BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
    }
    doc.text(ledger, x, y, { width: CONTENT_WIDTH });
  }

  // The footers, once the page count is known: the day printed and the page number.
  const range = doc.bufferedPageRange();
  const footY = PAGE.height - MARGIN.bottom + 16;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would start a page to write it.
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(SIZES.tiny).fillColor(COLOURS.muted);
    doc.text(`${title} — ${w.printed(formatDate(today, language))}`, x, footY, {
      width: CONTENT_WIDTH - 100,
      lineBreak: false,
    });
    doc.text(w.page(i - range.start + 1, range.count), PAGE.width - MARGIN.right - 100, footY, {
      width: 100,
      align: "right",
      lineBreak: false,
    });
  }
  return finish(doc);
};
