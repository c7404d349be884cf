import { type Decider, DomainError } from "../decider.ts";
import { requiredText } from "./text.ts";

/** The journals of one organisation (stream `journals-<orgId>`). */
export const journalsStreamId = (orgId: string): string => `journals-${orgId}`;

export type JournalKind = "sales" | "purchases" | "bank" | "cash" | "misc" | "opening";

export type Journal = {
  readonly code: string;
  readonly label: string;
  readonly labelEn: string;
  readonly kind: JournalKind;
  /** The VAT journal: the year-end check lists entries still pending in it. */
  readonly vat: boolean;
  /** Bank and cash journals: the treasury account they move (512000, 530000…). */
  readonly account: string | null;
};

export type JournalDefinition = {
  readonly code: string;
  readonly label: string;
  readonly labelEn?: string | undefined;
  readonly kind: JournalKind;
  readonly vat?: boolean | undefined;
  readonly account?: string | null | undefined;
};

/** The journals every organisation starts with (reference, section 3). */
export const defaultJournals: readonly Journal[] = [
  {
    code: "VT",
    label: "Journal des ventes",
    labelEn: "Sales journal",
    kind: "sales",
    vat: false,
    account: null,
  },
  {
    code: "HA",
    label: "Journal des achats",
    labelEn: "Purchases journal",
    kind: "purchases",
    vat: false,
    account: null,
  },
  { code: "BQ", label: "Banque", labelEn: "Bank", kind: "bank", vat: false, account: "512000" },
  { code: "CA", label: "Caisse", labelEn: "Cash", kind: "cash", vat: false, account: "530000" },
  {
    code: "OD",
    label: "Opérations diverses",
    labelEn: "Miscellaneous operations",
    kind: "misc",
    vat: true,
    account: null,
  },
  { code: "AN", label: "À-nouveaux", labelEn: "Opening entries", kind: "opening", vat: false, account: null },
];

export type JournalsEvent =
  | { type: "JournalsInitialised"; data: { journals: readonly Journal[] } }
  | { type: "JournalCreated"; data: Journal }
  | {
      type: "JournalUpdated";
      data: { code: string; label?: string; labelEn?: string; vat?: boolean; account?: string | null };
    }
  | { type: "JournalDeleted"; data: { code: string } };

export type JournalsCommand =
  | { type: "InitialiseJournals"; data: { journals: readonly Journal[] } }
  | { type: "CreateJournal"; data: JournalDefinition }
  | {
      type: "UpdateJournal";
      data: {
        code: string;
        label?: string | undefined;
        labelEn?: string | undefined;
        vat?: boolean | undefined;
        account?: string | null | undefined;
      };
    }
  /** `used` is what the ledger says: whether any entry is in the journal. */
  | { type: "DeleteJournal"; data: { code: string; used: boolean } };

export type JournalsState = {
  readonly initialised: boolean;
  readonly journals: Readonly<Record<string, Journal>>;
};

const CODE = /^[A-Z0-9]{1,6}$/;
/** How a journal's code is written: what a journal code names (the API's paths). */
export const journalCodePattern = CODE;
const KINDS: readonly JournalKind[] = ["sales", "purchases", "bank", "cash", "misc", "opening"];

const cleanLabel = (label: string | undefined, field: string): string => requiredText(label, field, 100);

const existing = (state: JournalsState, code: string): Journal => {
  const journal = state.journals[code.toUpperCase()];
  if (!journal) throw new DomainError("journal.notFound", { code }, 404);
  return journal;
};

const decide = (command: JournalsCommand, state: JournalsState): JournalsEvent[] => {
  switch (command.type) {
    case "InitialiseJournals":
      return state.initialised ? [] : [{ type: "JournalsInitialised", data: command.data }];
    case "CreateJournal": {
      const code = command.data.code.trim().toUpperCase();
      if (!CODE.test(code)) throw new DomainError("journal.invalidCode", { code: command.data.code });
      if (state.journals[code]) throw new DomainError("journal.duplicate", { code }, 409);
      if (!KINDS.includes(command.data.kind))
        throw new DomainError("journal.invalidKind", { kind: command.data.kind });
      const label = cleanLabel(command.data.label, "label");
      return [
        {
          type: "JournalCreated",
          data: {
            code,
            label,
            labelEn: command.data.labelEn ? cleanLabel(command.data.labelEn, "labelEn") : label,
            kind: command.data.kind,
            vat: command.data.vat ?? false,
            account: command.data.account ?? null,
          },
        },
      ];
    }
    case "UpdateJournal": {
      const journal = existing(state, command.data.code);
      const changes: { label?: string; labelEn?: string; vat?: boolean; account?: string | null } = {};
      const d = command.data;
      if (d.label !== undefined && cleanLabel(d.label, "label") !== journal.label)
        changes.label = cleanLabel(d.label, "label");
      if (d.labelEn !== undefined && cleanLabel(d.labelEn, "labelEn") !== journal.labelEn)
        changes.labelEn = cleanLabel(d.labelEn, "labelEn");
      if (d.vat !== undefined && d.vat !== journal.vat) changes.vat = d.vat;
      if (d.account !== undefined && d.account !== journal.account) changes.account = d.account;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: "JournalUpdated", data: { code: journal.code, ...changes } }];
    }
    case "DeleteJournal": {
      const journal = existing(state, command.data.code);
      if (command.data.used) throw new DomainError("journal.used", { code: journal.code }, 409);
      return [{ type: "JournalDeleted", data: { code: journal.code } }];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: JournalsState, event: JournalsEvent): JournalsState => {
  switch (event.type) {
    case "JournalsInitialised":
      return {
        initialised: true,
        journals: { ...state.journals, ...Object.fromEntries(event.data.journals.map((j) => [j.code, j])) },
      };
    case "JournalCreated":
      return { ...state, journals: { ...state.journals, [event.data.code]: event.data } };
    case "JournalUpdated": {
      const { code, ...changes } = event.data;
      const journal = state.journals[code];
      return journal
        ? { ...state, journals: { ...state.journals, [code]: { ...journal, ...changes } } }
        : state;
    }
    case "JournalDeleted": {
      const { [event.data.code]: _deleted, ...journals } = state.journals;
      return { ...state, journals };
    }
    default:
      return event satisfies never;
  }
};

export const journalsDecider: Decider<JournalsCommand, JournalsEvent, JournalsState> = {
  decide,
  evolve,
  initialState: () => ({ initialised: false, journals: {} }),
};
