export { type EmbeddedInvoice, FACTURX_FILE_NAME } from "./facturx-xmp.ts";
export type * from "./model.ts";
export { renderDocumentPdf } from "./render.ts";
