import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * The platform's reference lists (stream `reference-<kind>` of the platform pseudo-organisation):
 * units (UN/ECE Rec. 20), countries (ISO 3166-1 alpha-2), activities (NAF rév. 2), jobs, BICs. Each
 * list starts from a seed recorded whole in its first event (so history never depends on code), then
 * changes entry by entry.
 */
export const referenceKinds = ["units", "countries", "activities", "jobs", "bics"] as const;
export type ReferenceKind = (typeof referenceKinds)[number];

export const referenceStreamId = (kind: ReferenceKind): string => `reference-${kind}`;

export type ReferenceEntry = {
  readonly code: string;
  /** French label. */
  readonly label: string;
  /** English label; "" when the list has none (the French one is shown). */
  readonly labelEn: string;
};

export type ReferenceEvent =
  | DomainEvent<
      "ReferenceListSeeded",
      { readonly kind: ReferenceKind; readonly entries: readonly ReferenceEntry[] }
    >
  | DomainEvent<"ReferenceEntryAdded", ReferenceEntry & { readonly kind: ReferenceKind }>
  | DomainEvent<"ReferenceEntryChanged", ReferenceEntry & { readonly kind: ReferenceKind }>
  | DomainEvent<"ReferenceEntryRemoved", { readonly kind: ReferenceKind; readonly code: string }>;

export const referenceEventTypes: readonly ReferenceEvent["type"][] = [
  "ReferenceListSeeded",
  "ReferenceEntryAdded",
  "ReferenceEntryChanged",
  "ReferenceEntryRemoved",
];

export type ReferenceState = {
  readonly seeded: boolean;
  readonly entries: Readonly<Record<string, ReferenceEntry>>;
};

export type ReferenceCommand =
  /** The seed, once: nothing when the list was seeded already. */
  | {
      readonly type: "SeedReferenceList";
      readonly kind: ReferenceKind;
      readonly entries: readonly ReferenceEntry[];
    }
  | {
      readonly type: "AddReferenceEntry";
      readonly kind: ReferenceKind;
      readonly entry: {
        readonly code: string;
        readonly label: string;
        readonly labelEn?: string | undefined;
      };
    }
  | {
      readonly type: "ChangeReferenceEntry";
      readonly kind: ReferenceKind;
      readonly code: string;
      readonly change: { readonly label?: string | undefined; readonly labelEn?: string | undefined };
    }
  | { readonly type: "RemoveReferenceEntry"; readonly kind: ReferenceKind; readonly code: string };

/**
 * How each list's codes are written, once normalised (upper case, trimmed): a new entry's code is
 * normalised to it, and a code naming an entry (a path's) is taken only in this form.
 */
export const referenceCodePatterns: Readonly<Record<ReferenceKind, RegExp>> = {
  units: /^[A-Z0-9]{2,3}$/,
  countries: /^[A-Z]{2}$/,
  // A sous-classe (62.01Z), or a coarser level of the nomenclature (62, 62.0, 62.01).
  activities: /^\d{2}(\.\d{1,2}[A-Z]?)?$/,
  jobs: /^[A-Z0-9][A-Z0-9_-]{0,39}$/,
  bics: /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/,
};

/** The code as the list keeps it, or `reference.invalidCode`. */
export const referenceCode = (kind: ReferenceKind, value: string): string => {
  const code = value.trim().toUpperCase();
  if (!referenceCodePatterns[kind].test(code))
    throw new DomainError("reference.invalidCode", { field: "code", value });
  return code;
};

const entryOf = (
  kind: ReferenceKind,
  input: { readonly code: string; readonly label: string; readonly labelEn?: string | undefined },
): ReferenceEntry => {
  const labelEn = cleanText(input.labelEn ?? "");
  if (labelEn.length > 300) throw new DomainError("validation.tooLong", { field: "labelEn", max: 300 });
  return { code: referenceCode(kind, input.code), label: requiredText(input.label, "label", 300), labelEn };
};

export const initialReferenceState = (): ReferenceState => ({ seeded: false, entries: {} });

export const evolveReference = (state: ReferenceState, event: ReferenceEvent): ReferenceState => {
  switch (event.type) {
    case "ReferenceListSeeded":
      return { seeded: true, entries: Object.fromEntries(event.data.entries.map((e) => [e.code, e])) };
    case "ReferenceEntryAdded":
    case "ReferenceEntryChanged": {
      const { kind: _kind, ...entry } = event.data;
      return { ...state, entries: { ...state.entries, [entry.code]: entry } };
    }
    case "ReferenceEntryRemoved": {
      const { [event.data.code]: _removed, ...entries } = state.entries;
      return { ...state, entries };
    }
    default:
      return event satisfies never;
  }
};

/** The entry of that code exactly: " fr" or "fr" are not FR's code (a code is taken as it is sent). */
const existing = (state: ReferenceState, kind: ReferenceKind, code: string): ReferenceEntry => {
  const entry = state.entries[code];
  if (!entry) throw new DomainError("reference.notFound", { kind, code }, 404);
  return entry;
};

const decide = (command: ReferenceCommand, state: ReferenceState): ReferenceEvent[] => {
  const { kind } = command;
  switch (command.type) {
    case "SeedReferenceList": {
      if (state.seeded) return [];
      const entries = command.entries.map((e) => entryOf(kind, e));
      if (new Set(entries.map((e) => e.code)).size !== entries.length)
        throw new DomainError("reference.duplicateCode", { field: "code", value: kind }, 409);
      return [{ type: "ReferenceListSeeded", data: { kind, entries } }];
    }
    case "AddReferenceEntry": {
      const entry = entryOf(kind, command.entry);
      if (state.entries[entry.code])
        throw new DomainError("reference.duplicateCode", { field: "code", value: entry.code }, 409);
      return [{ type: "ReferenceEntryAdded", data: { kind, ...entry } }];
    }
    case "ChangeReferenceEntry": {
      const current = existing(state, kind, command.code);
      const next = entryOf(kind, {
        code: current.code,
        label: command.change.label ?? current.label,
        labelEn: command.change.labelEn ?? current.labelEn,
      });
      return next.label === current.label && next.labelEn === current.labelEn
        ? []
        : [{ type: "ReferenceEntryChanged", data: { kind, ...next } }];
    }
    case "RemoveReferenceEntry": {
      const current = existing(state, kind, command.code);
      return [{ type: "ReferenceEntryRemoved", data: { kind, code: current.code } }];
    }
    default:
      return command satisfies never;
  }
};

export const referenceDecider: Decider<ReferenceCommand, ReferenceEvent, ReferenceState> = {
  decide,
  evolve: evolveReference,
  initialState: initialReferenceState,
};
