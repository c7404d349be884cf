/**
 * A sales document's canvas on the printed page (`pdf/page.ts`): the print it draws and its labels, text
 * measured before it is drawn so nothing overflows a page, and the page break that repeats the running
 * header (and the lines table's header when one is open).
 */

import type { PrintLanguage } from "../../pdf/format.ts";
import {
  applyStyle,
  COLOURS,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  MARGIN,
  openPdf,
  type TextStyle,
} from "../../pdf/page.ts";
import { type EmbeddedInvoice, facturxAttachment } from "./facturx-xmp.ts";
import type { Labels } from "./labels.ts";
import type { DocumentPrint } from "./model.ts";

export type Canvas = {
  readonly doc: PDFKit.PDFDocument;
  readonly print: DocumentPrint;
  readonly language: PrintLanguage;
  readonly t: Labels;
  /** Drawn at the top of every page after the first (and by a page break): answers the y below it. */
  runningHeader: () => number;
  /** Drawn after the running header on a page break while the lines table is being drawn. */
  tableHeader: (() => void) | undefined;
};

/** The canvas of `print`; with `embedded`, a Factur-X (PDF/A-3b, the invoice's XML attached). */
export const openCanvas = (
  print: DocumentPrint,
  t: Labels,
  title: string,
  embedded?: EmbeddedInvoice,
): Canvas => ({
  doc: openPdf(print.language, title, print.seller.name, embedded && facturxAttachment(embedded)),
  print,
  language: print.language,
  t,
  runningHeader: () => MARGIN.top,
  tableHeader: undefined,
});

/** The height `text` takes in a box `width` wide. */
export const measure = (canvas: Canvas, text: string, width: number, style: TextStyle = {}): number => {
  applyStyle(canvas.doc, style);
  return canvas.doc.heightOfString(text, { width, lineGap: 1 });
};

/** Draws `text` in a box at (x, y), `width` wide; answers its height. Never breaks the page itself. */
export const write = (
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
): number => {
  applyStyle(canvas.doc, style);
  // pdfkit measures by laying the text out as `text` does: the distance it moved down is the height.
  canvas.doc.text(text, x, y, { width, align: style.align ?? "left", lineGap: 1 });
  return canvas.doc.y - y;
};

export const rule = (canvas: Canvas, y: number, x = MARGIN.left, width = CONTENT_WIDTH): void => {
  canvas.doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
};

export const band = (canvas: Canvas, x: number, y: number, width: number, height: number, colour: string) => {
  canvas.doc.rect(x, y, width, height).fillColor(colour).fill();
  canvas.doc.fillColor(COLOURS.text);
};

/** A new page, with the running header and the open table's header; answers the y to write at. */
export const newPage = (canvas: Canvas): number => {
  canvas.doc.addPage();
  const y = canvas.runningHeader();
  canvas.doc.y = y;
  canvas.tableHeader?.();
  return canvas.doc.y;
};

/** The y at which a block `height` high can be drawn: `y`, or the top of a new page. */
export const room = (canvas: Canvas, y: number, height: number): number =>
  y + height <= CONTENT_BOTTOM ? y : newPage(canvas);
