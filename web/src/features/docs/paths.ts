import type { Direction, DocKind, ListSegment } from "./model.ts";

/** The addresses of the documents' screens (spec section 2: /org/docs…, /org/sales/…, /org/purchases/…). */
const segment = (value: string) => encodeURIComponent(value);
export const docsBase = "/org/docs";
export const listPath = (direction: Direction, list: ListSegment) => `/org/${direction}/${list}`;
export const docPath = (id: string) => `${docsBase}/${segment(id)}`;
export const docEditPath = (id: string) => `${docPath(id)}/edit`;
/** A new document: the editor of the id "new", its kind and side in the query. */
export const newDocId = "new";
export const newDocPath = (direction: Direction, kind: DocKind, contactId?: string) =>
  `${docEditPath(newDocId)}?direction=${direction}&kind=${kind}${contactId ? `&contact=${segment(contactId)}` : ""}`;
export const docContactEditPath = (id: string) => `${docPath(id)}/contact/edit`;
export const docLineEditPath = (id: string, lineId: string) =>
  `${docPath(id)}/line/edit?line=${segment(lineId)}`;
export const docHistoryPath = (id: string) => `${docPath(id)}/history`;
export const docHistoryEditPath = (id: string) => `${docPath(id)}/history/edit`;
export const docsValidatePath = `${docsBase}/validate`;
export const docsStatsPath = `${docsBase}/stats`;
export const docsSettingsPath = `${docsBase}/settings`;
