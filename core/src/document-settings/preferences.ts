import type { Decider, DomainEvent } from "../decider.ts";

/**
 * How the document lists open, per organisation and per user (stream `doc-preferences-<org>`): the
 * default sort, status filter and period, and the page size. A user's own preferences win over the
 * organisation's, which win over the defaults.
 */
export const documentPreferencesStreamId = (orgId: string): string => `doc-preferences-${orgId}`;

export const documentListSorts = ["-date", "date", "-number", "number", "contact", "-totalInclTax"] as const;
export const documentListStatuses = ["all", "draft", "open", "validated", "late"] as const;
export const documentListPeriods = ["all", "month", "quarter", "year"] as const;

export type DocumentPreferences = {
  readonly sort: (typeof documentListSorts)[number];
  readonly status: (typeof documentListStatuses)[number];
  readonly period: (typeof documentListPeriods)[number];
  readonly pageSize: number;
};
export const defaultDocumentPreferences: DocumentPreferences = {
  sort: "-date",
  status: "all",
  period: "all",
  pageSize: 50,
};

export type DocumentPreferencesScope =
  | { readonly kind: "org" }
  | { readonly kind: "user"; readonly userId: string };

export type DocumentPreferencesState = {
  readonly org: DocumentPreferences | null;
  readonly users: Readonly<Record<string, DocumentPreferences>>;
};
export type DocumentPreferencesCommand =
  | {
      readonly type: "SetDocumentPreferences";
      readonly data: { readonly scope: DocumentPreferencesScope; readonly preferences: DocumentPreferences };
    }
  | {
      readonly type: "ClearDocumentPreferences";
      readonly data: { readonly scope: DocumentPreferencesScope };
    };
export type DocumentPreferencesEvent =
  | DomainEvent<
      "DocumentPreferencesSet",
      { readonly scope: DocumentPreferencesScope; readonly preferences: DocumentPreferences }
    >
  | DomainEvent<"DocumentPreferencesCleared", { readonly scope: DocumentPreferencesScope }>;

export const documentPreferencesOf = (
  state: DocumentPreferencesState,
  scope: DocumentPreferencesScope,
): DocumentPreferences | null => (scope.kind === "org" ? state.org : (state.users[scope.userId] ?? null));

/** What a user's lists open with: theirs, else the organisation's, else the defaults. */
export const effectiveDocumentPreferences = (
  state: DocumentPreferencesState,
  userId: string,
): { preferences: DocumentPreferences; source: "user" | "org" | "default" } => {
  const own = state.users[userId];
  if (own) return { preferences: own, source: "user" };
  if (state.org) return { preferences: state.org, source: "org" };
  return { preferences: defaultDocumentPreferences, source: "default" };
};

const same = (a: DocumentPreferences | null, b: DocumentPreferences) =>
  a !== null &&
  a.sort === b.sort &&
  a.status === b.status &&
  a.period === b.period &&
  a.pageSize === b.pageSize;

/** Setting the same preferences again, or clearing none, records nothing. */
export const documentPreferencesDecider: Decider<
  DocumentPreferencesCommand,
  DocumentPreferencesEvent,
  DocumentPreferencesState
> = {
  decide: (command, state) => {
    const { scope } = command.data;
    if (command.type === "ClearDocumentPreferences")
      return documentPreferencesOf(state, scope)
        ? [{ type: "DocumentPreferencesCleared", data: { scope } }]
        : [];
    const { preferences: p } = command.data;
    const kept: DocumentPreferences = {
      sort: p.sort,
      status: p.status,
      period: p.period,
      pageSize: p.pageSize,
    };
    return same(documentPreferencesOf(state, scope), kept)
      ? []
      : [{ type: "DocumentPreferencesSet", data: { scope, preferences: kept } }];
  },
  evolve: (state, event) => {
    const { scope } = event.data;
    const value = event.type === "DocumentPreferencesSet" ? event.data.preferences : null;
    if (scope.kind === "org") return { ...state, org: value };
    const { [scope.userId]: _old, ...others } = state.users;
    return { ...state, users: value ? { ...others, [scope.userId]: value } : others };
  },
  initialState: () => ({ org: null, users: {} }),
};
