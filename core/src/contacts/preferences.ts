import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import type { ContactType } from "./contact.ts";

/**
 * How the contacts open, per organisation and per user (stream `contact-preferences-<org>`): the list's
 * default sort, type and status filter, and the tab a contact opens on. A user's own preferences win
 * over the organisation's, which win over the defaults.
 */
export const contactPreferencesStreamId = (orgId: string): string => `contact-preferences-${orgId}`;

export const contactListSorts = ["name", "-name", "city", "-city", "createdAt", "-createdAt"] as const;
export const contactListStatuses = ["active", "archived", "all"] as const;
/** The tabs of a contact's screen (the overview, its records, its job, history and documents). */
export const contactTabs = [
  "overview",
  "address",
  "contact",
  "email",
  "phone",
  "iban",
  "legal",
  "payment",
  "note",
  "meta",
  "job",
  "history",
  "sales",
  "purchases",
] as const;

/**
 * The panels of a contact's screen a user may fold away: every tab but the overview. A folded panel
 * leaves the tab bar for a « more » menu; the layout is the user's, the same for every contact.
 */
export const contactPanels = contactTabs.filter(
  (tab): tab is Exclude<(typeof contactTabs)[number], "overview"> => tab !== "overview",
);
export type ContactPanel = (typeof contactPanels)[number];

export type ContactPreferences = {
  readonly sort: (typeof contactListSorts)[number];
  readonly type: ContactType | null;
  readonly status: (typeof contactListStatuses)[number];
  readonly tab: (typeof contactTabs)[number];
};
export const defaultContactPreferences: ContactPreferences = {
  sort: "name",
  type: null,
  status: "active",
  tab: "overview",
};

/** Whose preferences: the organisation's, or one user's. */
export type ContactPreferencesScope =
  | { readonly kind: "org" }
  | { readonly kind: "user"; readonly userId: string };

export type ContactPreferencesState = {
  readonly org: ContactPreferences | null;
  readonly users: Readonly<Record<string, ContactPreferences>>;
  /** Each user's folded panels, in the order of `contactPanels`. */
  readonly foldedPanels: Readonly<Record<string, readonly ContactPanel[]>>;
};
export type ContactPanelChange = {
  readonly userId: string;
  readonly panel: ContactPanel;
  readonly folded: boolean;
};
export type ContactPreferencesCommand =
  | {
      readonly type: "SetContactPreferences";
      readonly data: { readonly scope: ContactPreferencesScope; readonly preferences: ContactPreferences };
    }
  | { readonly type: "SetContactPanel"; readonly data: ContactPanelChange };
export type ContactPreferencesEvent =
  | DomainEvent<
      "ContactPreferencesSet",
      { readonly scope: ContactPreferencesScope; readonly preferences: ContactPreferences }
    >
  | DomainEvent<"ContactPanelSet", ContactPanelChange>;

/** A user's folded panels (none until they fold one). */
export const foldedContactPanels = (
  state: ContactPreferencesState,
  userId: string,
): readonly ContactPanel[] => state.foldedPanels?.[userId] ?? [];

export const contactPreferencesOf = (
  state: ContactPreferencesState,
  scope: ContactPreferencesScope,
): ContactPreferences | null => (scope.kind === "org" ? state.org : (state.users[scope.userId] ?? null));

/** What a user's contacts open with: theirs, else the organisation's, else the defaults. */
export const effectiveContactPreferences = (
  state: ContactPreferencesState,
  userId: string,
): { preferences: ContactPreferences; source: "user" | "org" | "default" } => {
  const own = state.users[userId];
  if (own) return { preferences: own, source: "user" };
  if (state.org) return { preferences: state.org, source: "org" };
  return { preferences: defaultContactPreferences, source: "default" };
};

const same = (a: ContactPreferences | null, b: ContactPreferences) =>
  a !== null && a.sort === b.sort && a.type === b.type && a.status === b.status && a.tab === b.tab;

/** Setting the same preferences again, or folding a folded panel, records nothing. */
export const contactPreferencesDecider: Decider<
  ContactPreferencesCommand,
  ContactPreferencesEvent,
  ContactPreferencesState
> = {
  decide: (command, state) => {
    if (command.type === "SetContactPanel") {
      const { userId, panel, folded } = command.data;
      if (!contactPanels.includes(panel))
        throw new DomainError("validation.notAllowed", { field: "panel", value: panel });
      const now = foldedContactPanels(state, userId).includes(panel);
      return now === folded ? [] : [{ type: "ContactPanelSet", data: { userId, panel, folded } }];
    }
    const { scope, preferences } = command.data;
    const kept: ContactPreferences = {
      sort: preferences.sort,
      type: preferences.type,
      status: preferences.status,
      tab: preferences.tab,
    };
    return same(contactPreferencesOf(state, scope), kept)
      ? []
      : [{ type: "ContactPreferencesSet", data: { scope, preferences: kept } }];
  },
  evolve: (state, event) => {
    if (event.type === "ContactPanelSet") {
      const { userId, panel, folded } = event.data;
      const before = foldedContactPanels(state, userId);
      const after = contactPanels.filter((p) => (p === panel ? folded : before.includes(p)));
      return { ...state, foldedPanels: { ...state.foldedPanels, [userId]: after } };
    }
    return event.data.scope.kind === "org"
      ? { ...state, org: event.data.preferences }
      : { ...state, users: { ...state.users, [event.data.scope.userId]: event.data.preferences } };
  },
  initialState: () => ({ org: null, users: {}, foldedPanels: {} }),
};
