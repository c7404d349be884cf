/** Permission bits per resource code (spec section 6). */
export const Rights = { create: 2, read: 4, update: 8, delete: 16 } as const;
export type RightName = keyof typeof Rights;
export const ALL_RIGHTS = Rights.create | Rights.read | Rights.update | Rights.delete;

const documents = (side: "sales" | "purchases") =>
  ["deliveries", "invoices", "orders", "quotes"].flatMap((d) => [
    `${side}.${d}`,
    `${side}.${d}.files`,
    `${side}.${d}.histories`,
  ]);

/** Every resource code a right can be granted on, named after the spec's areas. */
export const resourceCodes = [
  "accounting",
  "accounts",
  "accounts.reconcile",
  "balancesheet",
  "entries",
  "entries.export",
  "entries.validate",
  "journals",
  "banks",
  "statements",
  "statements.files",
  "statements.reconcile",
  "contacts",
  ...[
    "addresses",
    "contacts",
    "criteria",
    "emails",
    "files",
    "histories",
    "ibans",
    "legal",
    "note",
    "payments",
    "phones",
    "users",
  ].map((s) => `contacts.${s}`),
  "emailtemplates",
  "items",
  "items.files",
  "items.meta",
  "items.prices",
  "paymentmodes",
  ...documents("sales"),
  "sales.invoices.validate",
  "sales.payments",
  ...documents("purchases"),
  "purchases.invoices.validate",
  "purchases.payments",
  "organization",
  "auth",
  "admin.organizations",
  "admin.users",
  "admin.users.password",
] as const;

export type ResourceCode = (typeof resourceCodes)[number];

/** A right as the session user carries it: resource code and bitmask. */
export type Right = { readonly c: string; readonly r: number };

export const hasRight = (rights: readonly Right[], code: string, bit: number): boolean =>
  rights.some((right) => right.c === code && (right.r & bit) === bit);

export type Profile = "owner" | "accountant";
export const profiles: readonly Profile[] = ["owner", "accountant"];

const accountingCodes = new Set<string>([
  "accounting",
  "accounts",
  "accounts.reconcile",
  "balancesheet",
  "entries",
  "entries.export",
  "entries.validate",
  "journals",
  "banks",
  "statements",
  "statements.files",
  "statements.reconcile",
]);

/**
 * The rights a profile grants in an organisation. The owner may do everything the organisation
 * allows; the accountant keeps the books (every accounting and bank right) and reads the rest.
 * Platform administration is never granted by an organisation profile.
 */
export const profileRights = (profile: Profile): Right[] =>
  resourceCodes
    .filter((c) => !c.startsWith("admin."))
    .map((c) => ({
      c,
      r: profile === "owner" || accountingCodes.has(c) ? ALL_RIGHTS : Rights.read,
    }));
