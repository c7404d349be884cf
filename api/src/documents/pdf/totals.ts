/**
 * Below the lines: the VAT breakdown per rate (left) beside the totals (right) — excl. VAT, VAT,
 * incl. VAT, deposits deducted, already paid, due — then the mentions the kind of document needs,
 * and the signature box of a quote or a delivery slip. A delivery slip prints no amount.
 */
import { formatDate, formatIban, formatMoney, formatMoneyShort, formatPercent } from "../../pdf/format.ts";
import { COLOURS, CONTENT_WIDTH, MARGIN, SIZES } from "../../pdf/page.ts";
import { band, type Canvas, measure, room, write } from "./canvas.ts";

const TOTALS_WIDTH = 230;
const TOTALS_X = MARGIN.left + CONTENT_WIDTH - TOTALS_WIDTH;
const VAT_WIDTH = CONTENT_WIDTH - TOTALS_WIDTH - 24;
const ROW = 13;

/** The kinds that are invoices in law and carry every payment mention. */
const isInvoice = (canvas: Pick<Canvas, "print">): boolean =>
  canvas.print.kind === "invoice" ||
  canvas.print.kind === "creditNote" ||
  canvas.print.kind === "depositInvoice";

type TotalRow = { readonly label: string; readonly amount: string; readonly strong?: boolean };

const totalRows = (canvas: Canvas): TotalRow[] => {
  const { totals, kind } = canvas.print;
  const { t, language } = canvas;
  const money = (cents: number) => formatMoney(cents, language);
  const rows: TotalRow[] = [
    { label: t.totals.excludingTax, amount: money(totals.excludingTaxCents) },
    { label: t.totals.vat, amount: money(totals.vatCents) },
    { label: t.totals.includingTax, amount: money(totals.includingTaxCents), strong: true },
  ];
  for (const d of totals.deposits ?? [])
    rows.push({
      label: t.totals.deposit(d.number, formatDate(d.date, language)),
      amount: money(-d.includingTaxCents),
    });
  if (totals.paidCents) rows.push({ label: t.totals.paid, amount: money(-totals.paidCents) });
  if (kind !== "quote" && kind !== "order")
    rows.push({
      label: kind === "creditNote" ? t.totals.credit : t.totals.due,
      amount: money(totals.dueCents),
      strong: true,
    });
  return rows;
};

const vatTableHeight = (canvas: Canvas): number => (canvas.print.totals.vat.length + 1) * ROW + 4;

const drawVatTable = (canvas: Canvas, top: number): void => {
  const { t, language, print } = canvas;
  const widths = [VAT_WIDTH * 0.3, VAT_WIDTH * 0.35, VAT_WIDTH * 0.35];
  const cells = (texts: readonly string[], y: number, font: "bold" | "regular") => {
    let x = MARGIN.left;
    texts.forEach((text, i) => {
      const width = widths[i] ?? 0;
      write(canvas, text, x + 3, y + 2, width - 6, {
        font,
        size: SIZES.small,
        align: i === 0 ? "left" : "right",
      });
      x += width;
    });
  };
  band(canvas, MARGIN.left, top, VAT_WIDTH, ROW, COLOURS.band);
  cells([t.vatBreakdown.rate, t.vatBreakdown.base, t.vatBreakdown.vat], top, "bold");
  print.totals.vat.forEach((row, i) => {
    cells(
      [
        formatPercent(row.rate, language),
        formatMoney(row.baseCents, language),
        formatMoney(row.vatCents, language),
      ],
      top + (i + 1) * ROW,
      "regular",
    );
  });
};

/** The totals block; answers the y below it. */
export const drawTotals = (canvas: Canvas, top: number): number => {
  if (canvas.print.kind === "delivery") return top;
  const rows = totalRows(canvas);
  const labelWidth = TOTALS_WIDTH * 0.58;
  const heights = rows.map((r) =>
    Math.max(ROW, measure(canvas, r.label, labelWidth - 6, { size: SIZES.body }) + 4),
  );
  const height = Math.max(
    heights.reduce((s, h) => s + h, 0),
    vatTableHeight(canvas),
  );
  const y0 = room(canvas, top + 10, height);
  if (canvas.print.totals.vat.length > 0) drawVatTable(canvas, y0);
  let y = y0;
  rows.forEach((row, i) => {
    const h = heights[i] ?? ROW;
    const style = { font: row.strong ? "bold" : "regular", size: SIZES.body } as const;
    if (row.strong) band(canvas, TOTALS_X, y, TOTALS_WIDTH, h, COLOURS.band);
    write(canvas, row.label, TOTALS_X + 3, y + 2, labelWidth - 6, style);
    write(canvas, row.amount, TOTALS_X + labelWidth, y + 2, TOTALS_WIDTH - labelWidth - 3, {
      ...style,
      align: "right",
    });
    y += h;
  });
  return y0 + height;
};

/** The paragraphs printed under the totals, in order (the shared document's page shows the same). */
export const mentionParagraphs = (canvas: Pick<Canvas, "print" | "t" | "language">): string[] => {
  const { print, t, language } = canvas;
  const m = print.mentions;
  if (print.kind === "delivery") return [...(m.notes ?? []), ...(m.legalMentions ?? [])];
  const out: string[] = [...(m.exemptions ?? [])];
  if (isInvoice(canvas) && m.operationCategory) out.push(t.operationCategory(m.operationCategory));
  if (isInvoice(canvas) && m.vatOnDebits) out.push(t.vatOnDebits);
  if (m.paymentTerms) out.push(t.paymentTerms(m.paymentTerms));
  if (print.kind === "quote" && print.dates.expiry)
    out.push(t.quoteValidity(formatDate(print.dates.expiry, language)));
  if (isInvoice(canvas)) {
    if (print.dates.due) out.push(t.dueOn(formatDate(print.dates.due, language)));
    out.push(
      m.earlyPaymentDiscount ? t.earlyPaymentDiscount(m.earlyPaymentDiscount) : t.noEarlyPaymentDiscount,
    );
    if (m.latePenaltyRate) out.push(t.latePenalty(formatPercent(m.latePenaltyRate, language)));
    out.push(t.recoveryIndemnity(formatMoneyShort(m.recoveryIndemnityCents ?? 4000, language)));
  }
  const bank = print.seller.bank;
  if (bank && print.kind !== "quote") {
    const parts = [`${t.iban} ${formatIban(bank.iban)}`];
    if (bank.bic) parts.push(`${t.bic} ${bank.bic}`);
    if (bank.bankName) parts.push(bank.bankName);
    out.push(t.bank(parts.join(" – ")));
  }
  return [...out, ...(m.notes ?? []), ...(m.legalMentions ?? [])];
};

/** Mentions, then the signature box of a quote or delivery slip; answers the y below them. */
export const drawMentions = (canvas: Canvas, top: number): number => {
  let y = top + 14;
  for (const paragraph of mentionParagraphs(canvas)) {
    const h = measure(canvas, paragraph, CONTENT_WIDTH, { size: SIZES.small });
    y = room(canvas, y, h);
    write(canvas, paragraph, MARGIN.left, y, CONTENT_WIDTH, { size: SIZES.small });
    y += h + 2.5;
  }
  const { kind } = canvas.print;
  if (kind === "quote" || kind === "delivery") {
    const label = kind === "quote" ? canvas.t.quoteAcceptance : canvas.t.deliveryReceipt;
    const boxWidth = 240;
    const x = MARGIN.left + CONTENT_WIDTH - boxWidth;
    y = room(canvas, y + 10, 80);
    canvas.doc.rect(x, y, boxWidth, 70).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    write(canvas, label, x + 6, y + 5, boxWidth - 12, { size: SIZES.small, colour: COLOURS.muted });
    y += 80;
  }
  return y;
};
