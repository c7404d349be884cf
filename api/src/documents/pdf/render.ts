import { finish } from "../../pdf/page.ts";
import { openCanvas } from "./canvas.ts";
import type { EmbeddedInvoice } from "./facturx-xmp.ts";
import { drawFooters, drawHeader, drawRunningHeader } from "./header.ts";
import { LABELS } from "./labels.ts";
import { drawLines } from "./lines.ts";
import type { DocumentPrint } from "./model.ts";
import { drawMentions, drawTotals } from "./totals.ts";

/**
 * The PDF of a sales document (quote, order, delivery slip, invoice, credit note, deposit invoice) in
 * the print's language: A4, Inter embedded (subset), the seller's logo, the lines across as many
 * pages as they need with their header repeated, totals per VAT rate, the mentions the law requires,
 * « Page n/N » on every page. No route, no database: the caller resolves the print model. With an
 * `embedded` invoice, a Factur-X: PDF/A-3b, the CII XML attached as `factur-x.xml` (AFRelationship
 * Alternative) and described in the XMP (`fx:` namespace and its PDF/A extension schema).
 */
export const renderDocumentPdf = async (
  print: DocumentPrint,
  embedded?: EmbeddedInvoice,
): Promise<Uint8Array> => {
  const t = LABELS[print.language];
  const title = `${t.title[print.kind]} ${print.number === null ? t.draft : print.number}`;
  const canvas = openCanvas(print, t, title, embedded);
  canvas.runningHeader = () => drawRunningHeader(canvas);
  let y = drawHeader(canvas);
  y = drawLines(canvas, y);
  y = drawTotals(canvas, y);
  drawMentions(canvas, y);
  drawFooters(canvas);
  return finish(canvas.doc);
};
