import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * The product's release notes (stream `releases` of the platform pseudo-organisation): the platform
 * administrator writes them, in French and in English, as drafts first; organisations read the
 * published ones. Publishing records its moment, which is what « new since your last visit » compares.
 */
export const releasesStreamId = "releases";

/** What a note says: its version, its day, and its title and body in both languages. */
export type ReleaseNoteText = {
  /** `2026.12`, `1.4.0`, `v2-beta`: a letter or a digit, then letters, digits, `.`, `-`, `+`, `_`. */
  readonly version: string;
  /** The day of the release (YYYY-MM-DD). */
  readonly date: string;
  readonly titleFr: string;
  readonly titleEn: string;
  /** Plain paragraphs separated by a blank line; lines starting with « - » are a list. Never HTML. */
  readonly bodyFr: string;
  readonly bodyEn: string;
};

export type ReleaseNote = ReleaseNoteText & {
  readonly id: string;
  /** When it was last published (ISO instant), null while it is a draft. */
  readonly publishedAt: string | null;
};

export type ReleaseEvent =
  | DomainEvent<"ReleaseNoteWritten", ReleaseNoteText & { readonly id: string }>
  | DomainEvent<"ReleaseNoteChanged", ReleaseNoteText & { readonly id: string }>
  | DomainEvent<"ReleaseNotePublished", { readonly id: string; readonly at: string }>
  | DomainEvent<"ReleaseNoteWithdrawn", { readonly id: string }>
  | DomainEvent<"ReleaseNoteRemoved", { readonly id: string }>;

export const releaseEventTypes: readonly ReleaseEvent["type"][] = [
  "ReleaseNoteWritten",
  "ReleaseNoteChanged",
  "ReleaseNotePublished",
  "ReleaseNoteWithdrawn",
  "ReleaseNoteRemoved",
];

export type ReleasesState = { readonly notes: Readonly<Record<string, ReleaseNote>> };

export type ReleaseNoteInput = {
  readonly version: string;
  readonly date: string;
  readonly titleFr: string;
  readonly titleEn: string;
  readonly bodyFr: string;
  readonly bodyEn: string;
};

export type ReleaseCommand =
  | {
      readonly type: "WriteReleaseNote";
      readonly id: string;
      readonly note: ReleaseNoteInput;
      readonly published: boolean;
      /** The command's moment: the publication's when `published`. */
      readonly at: string;
    }
  | {
      readonly type: "ChangeReleaseNote";
      readonly id: string;
      readonly change: Partial<ReleaseNoteInput>;
      readonly published?: boolean | undefined;
      readonly at: string;
    }
  | { readonly type: "RemoveReleaseNote"; readonly id: string };

export const releaseVersionPattern = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
export const RELEASE_TITLE_MAX = 200;
export const RELEASE_BODY_MAX = 20_000;

const isDay = (value: string): boolean => {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * A body as notes keep it: line breaks normalised to `\n`, tabs to spaces, each line's end and the
 * whole text's ends trimmed, at most one blank line between paragraphs. Required, within its length.
 */
export const releaseBody = (value: string, field: string): string => {
  const lines = value
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .split("\n")
    .map((line) => line.replace(/\s+$/u, ""));
  const text = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!text) throw new DomainError("validation.required", { field });
  if (text.length > RELEASE_BODY_MAX)
    throw new DomainError("validation.tooLong", { field, max: RELEASE_BODY_MAX });
  return text;
};

const textOf = (input: ReleaseNoteInput): ReleaseNoteText => {
  const version = cleanText(input.version);
  if (!releaseVersionPattern.test(version))
    throw new DomainError("release.invalidVersion", { field: "version", value: input.version });
  if (!isDay(input.date)) throw new DomainError("release.invalidDate", { field: "date", value: input.date });
  return {
    version,
    date: input.date,
    titleFr: requiredText(input.titleFr, "titleFr", RELEASE_TITLE_MAX),
    titleEn: requiredText(input.titleEn, "titleEn", RELEASE_TITLE_MAX),
    bodyFr: releaseBody(input.bodyFr, "bodyFr"),
    bodyEn: releaseBody(input.bodyEn, "bodyEn"),
  };
};

export const initialReleasesState = (): ReleasesState => ({ notes: {} });

export const evolveReleases = (state: ReleasesState, event: ReleaseEvent): ReleasesState => {
  const put = (note: ReleaseNote): ReleasesState => ({ notes: { ...state.notes, [note.id]: note } });
  const current = state.notes[event.data.id];
  switch (event.type) {
    case "ReleaseNoteWritten":
      return put({ ...event.data, publishedAt: null });
    case "ReleaseNoteChanged":
      return current ? put({ ...current, ...event.data }) : state;
    case "ReleaseNotePublished":
      return current ? put({ ...current, publishedAt: event.data.at }) : state;
    case "ReleaseNoteWithdrawn":
      return current ? put({ ...current, publishedAt: null }) : state;
    case "ReleaseNoteRemoved": {
      const { [event.data.id]: _removed, ...notes } = state.notes;
      return { notes };
    }
    default:
      return event satisfies never;
  }
};

const existing = (state: ReleasesState, id: string): ReleaseNote => {
  const note = state.notes[id];
  if (!note) throw new DomainError("release.notFound", { id }, 404);
  return note;
};

/** Two notes never carry the same version (compared without case: `V1.2` is `v1.2`). */
const checkVersionFree = (state: ReleasesState, id: string, version: string) => {
  const taken = Object.values(state.notes).some(
    (note) => note.id !== id && note.version.toLowerCase() === version.toLowerCase(),
  );
  if (taken) throw new DomainError("release.duplicateVersion", { field: "version", value: version }, 409);
};

const sameText = (a: ReleaseNoteText, b: ReleaseNoteText): boolean =>
  a.version === b.version &&
  a.date === b.date &&
  a.titleFr === b.titleFr &&
  a.titleEn === b.titleEn &&
  a.bodyFr === b.bodyFr &&
  a.bodyEn === b.bodyEn;

const decide = (command: ReleaseCommand, state: ReleasesState): ReleaseEvent[] => {
  switch (command.type) {
    case "WriteReleaseNote": {
      if (state.notes[command.id]) return [];
      const text = textOf(command.note);
      checkVersionFree(state, command.id, text.version);
      return [
        { type: "ReleaseNoteWritten", data: { id: command.id, ...text } },
        ...(command.published
          ? [{ type: "ReleaseNotePublished" as const, data: { id: command.id, at: command.at } }]
          : []),
      ];
    }
    case "ChangeReleaseNote": {
      const current = existing(state, command.id);
      const { id: _id, publishedAt: _at, ...before } = current;
      const text = textOf({ ...before, ...command.change });
      checkVersionFree(state, command.id, text.version);
      const events: ReleaseEvent[] = sameText(before, text)
        ? []
        : [{ type: "ReleaseNoteChanged", data: { id: command.id, ...text } }];
      const published = current.publishedAt !== null;
      if (command.published === true && !published)
        events.push({ type: "ReleaseNotePublished", data: { id: command.id, at: command.at } });
      if (command.published === false && published)
        events.push({ type: "ReleaseNoteWithdrawn", data: { id: command.id } });
      return events;
    }
    case "RemoveReleaseNote":
      existing(state, command.id);
      return [{ type: "ReleaseNoteRemoved", data: { id: command.id } }];
    default:
      return command satisfies never;
  }
};

export const releasesDecider: Decider<ReleaseCommand, ReleaseEvent, ReleasesState> = {
  decide,
  evolve: evolveReleases,
  initialState: initialReleasesState,
};

/**
 * A member's reading of the notes (stream `release-visits-<userId>` of the platform pseudo-organisation):
 * the publication moment of the newest note they have seen. Recorded only when it moves forward, so a
 * visit with nothing new records nothing.
 */
export const releaseVisitsStreamId = (userId: string): string => `release-visits-${userId}`;

export type ReleaseVisitEvent = DomainEvent<
  "ReleaseNotesSeen",
  { readonly userId: string; readonly upTo: string }
>;
export type ReleaseVisitState = { readonly upTo: string | null };
export type ReleaseVisitCommand = {
  readonly type: "SeeReleaseNotes";
  readonly userId: string;
  /** The publication moment of the newest note shown. */
  readonly upTo: string;
};

export const releaseVisitsDecider: Decider<ReleaseVisitCommand, ReleaseVisitEvent, ReleaseVisitState> = {
  decide: (command, state) =>
    state.upTo !== null && state.upTo >= command.upTo
      ? []
      : [{ type: "ReleaseNotesSeen", data: { userId: command.userId, upTo: command.upTo } }],
  evolve: (_state, event) => ({ upTo: event.data.upTo }),
  initialState: () => ({ upTo: null }),
};
