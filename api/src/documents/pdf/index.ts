export { type EmbeddedInvoice, FACTURX_FILE_NAME } from "./facturx-xmp.ts";
export type * from "./model.ts";
export { renderDocumentPdf } from "./render.ts";

import { LABELS } from "./labels.ts";
import type { DocumentPrint } from "./model.ts";
import { mentionParagraphs } from "./totals.ts";

/** The mentions the PDF prints under its totals, word for word, in the document's language. */
export const printedMentions = (print: DocumentPrint): string[] =>
  mentionParagraphs({ print, t: LABELS[print.language], language: print.language });
