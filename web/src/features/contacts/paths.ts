/** The addresses of the contact screens (spec section 2: /org/contacts…). */
import { type ContactPanel, contactPanels } from "@registre/core/contacts/preferences";

export const contactsPath = "/org/contacts";
export const newContactPath = `${contactsPath}/create`;
export const contactSettingsPath = `${contactsPath}/settings`;
export const contactPath = (id: string) => `${contactsPath}/${encodeURIComponent(id)}`;

/** The panels of a contact's screen (every tab but the overview): the core's, never copied. */
export type ContactPart = ContactPanel;
/** The tabs of a contact that are its job and companies, its history and its documents. */
export const otherParts = ["job", "history", "sales", "purchases"] as const satisfies readonly ContactPart[];
/** The sub-screens of a contact that are lists of records (each with its `/edit` form): the other panels. */
export type RecordPart = Exclude<ContactPart, (typeof otherParts)[number]>;
export const recordParts = contactPanels.filter(
  (panel): panel is RecordPart => !(otherParts as readonly string[]).includes(panel),
);

export const contactPartPath = (id: string, part: ContactPart) => `${contactPath(id)}/${part}`;
/** The form of a part: a new record, or the record `recordId` when given. */
export const recordEditPath = (id: string, part: RecordPart, recordId?: string) =>
  `${contactPartPath(id, part)}/edit${recordId ? `?record=${encodeURIComponent(recordId)}` : ""}`;
