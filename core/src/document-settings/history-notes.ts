import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * Notes a user writes into a document's history (« relancé par téléphone »), beside the document's
 * own events (stream `doc-history-<docId>`): added, changed, removed; the document's events stay as
 * they are. A note's id is `<docId>:<n>`, `n` counting from 1 and never given twice.
 */
export const documentHistoryStreamId = (docId: string): string => `doc-history-${docId}`;

export type HistoryNote = { readonly id: string; readonly text: string; readonly at: string };
export type HistoryNotesState = {
  readonly next: number;
  readonly notes: Readonly<Record<string, HistoryNote>>;
};

export type HistoryNoteCommand =
  | {
      readonly type: "AddHistoryNote";
      readonly data: { readonly docId: string; readonly text: string; readonly at: string };
    }
  | { readonly type: "ChangeHistoryNote"; readonly data: { readonly id: string; readonly text: string } }
  | { readonly type: "RemoveHistoryNote"; readonly data: { readonly id: string } };
export type HistoryNoteEvent =
  | DomainEvent<
      "HistoryNoteAdded",
      { readonly id: string; readonly docId: string; readonly text: string; readonly at: string }
    >
  | DomainEvent<"HistoryNoteChanged", { readonly id: string; readonly text: string }>
  | DomainEvent<"HistoryNoteRemoved", { readonly id: string }>;

const text = (value: string): string => {
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 2000)
    throw new DomainError("docHistory.invalidText", { field: "text", max: 2000 });
  return trimmed;
};

const existing = (state: HistoryNotesState, id: string): HistoryNote => {
  const note = state.notes[id];
  if (!note) throw new DomainError("docHistory.notFound", { id }, 404);
  return note;
};

export const historyNotesDecider: Decider<HistoryNoteCommand, HistoryNoteEvent, HistoryNotesState> = {
  decide: (command, state) => {
    switch (command.type) {
      case "AddHistoryNote": {
        const { docId, at } = command.data;
        return [
          {
            type: "HistoryNoteAdded",
            data: { id: `${docId}:${state.next}`, docId, text: text(command.data.text), at },
          },
        ];
      }
      case "ChangeHistoryNote": {
        const note = existing(state, command.data.id);
        const changed = text(command.data.text);
        return changed === note.text
          ? []
          : [{ type: "HistoryNoteChanged", data: { id: note.id, text: changed } }];
      }
      case "RemoveHistoryNote":
        return [{ type: "HistoryNoteRemoved", data: { id: existing(state, command.data.id).id } }];
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case "HistoryNoteAdded": {
        const { id, text, at } = event.data;
        return { next: state.next + 1, notes: { ...state.notes, [id]: { id, text, at } } };
      }
      case "HistoryNoteChanged": {
        const note = state.notes[event.data.id];
        return note
          ? { ...state, notes: { ...state.notes, [note.id]: { ...note, text: event.data.text } } }
          : state;
      }
      case "HistoryNoteRemoved": {
        const { [event.data.id]: _removed, ...notes } = state.notes;
        return { ...state, notes };
      }
    }
  },
  initialState: () => ({ next: 1, notes: {} }),
};
