/** The addresses of the contact screens (spec section 2: /org/contacts…). */
export const contactsPath = "/org/contacts";
export const newContactPath = `${contactsPath}/create`;
export const contactSettingsPath = `${contactsPath}/settings`;
export const contactPath = (id: string) => `${contactsPath}/${encodeURIComponent(id)}`;

/** The sub-screens of a contact that are lists of records (each with its `/edit` form). */
export const recordParts = [
  "address",
  "contact",
  "email",
  "phone",
  "iban",
  "legal",
  "payment",
  "note",
  "meta",
] as const;
export type RecordPart = (typeof recordParts)[number];
/** The other tabs of a contact: its job and companies, its history and its documents. */
export const otherParts = ["job", "history", "sales", "purchases"] as const;
export type ContactPart = RecordPart | (typeof otherParts)[number];

export const contactPartPath = (id: string, part: ContactPart) => `${contactPath(id)}/${part}`;
/** The form of a part: a new record, or the record `recordId` when given. */
export const recordEditPath = (id: string, part: RecordPart, recordId?: string) =>
  `${contactPartPath(id, part)}/edit${recordId ? `?record=${encodeURIComponent(recordId)}` : ""}`;
