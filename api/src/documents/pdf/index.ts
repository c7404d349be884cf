export type * from "./model.ts";
export { renderDocumentPdf } from "./render.ts";
