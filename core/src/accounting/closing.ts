import { type Decider, DomainError } from "../decider.ts";
import { requiredText } from "./text.ts";

/**
 * A fiscal year's closing checklist (stream `closing-<yearId>`): the work a French accountant goes
 * through before closing (inventaire, cut-off, depreciation, provisions, bank, third parties, VAT,
 * corporate tax), each step to do, done or not applicable, with a note; and the steps a firm adds
 * for its own practice. The checks the ledger can make itself (drafts, 471, lettering, balance) are
 * computed, not ticked: they are the year-end warnings.
 */
export const closingStreamId = (yearId: string): string => `closing-${yearId}`;

/** The standard steps, in the order they are usually done; their labels live in the interface. */
export const closingStepCodes = [
  "stock",
  "accruals",
  "prepayments",
  "depreciation",
  "provisions",
  "bankReconciliation",
  "thirdParties",
  "vat",
  "corporateTax",
  "suspense",
] as const;
export type ClosingStepCode = (typeof closingStepCodes)[number];

/**
 * What a year-end adjustment (écriture d'inventaire) is for: stock variation, accrued charges and
 * income (charges à payer, produits à recevoir), prepaid ones (constatés d'avance), depreciation,
 * provisions, corporate tax, or anything else.
 */
export const adjustmentKinds = [
  "stock",
  "accrual",
  "prepayment",
  "depreciation",
  "provision",
  "corporateTax",
  "other",
] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];

export const closingStepStatuses = ["todo", "done", "notApplicable"] as const;
export type ClosingStepStatus = (typeof closingStepStatuses)[number];

export type ClosingStep = {
  /** A standard step's code, or the id of a step the organisation added. */
  readonly id: string;
  /** Null for a standard step (the interface words it); the organisation's own wording otherwise. */
  readonly label: string | null;
  readonly status: ClosingStepStatus;
  readonly note: string;
};

export type ClosingEvent =
  | { type: "ClosingStepAdded"; data: { yearId: string; id: string; label: string } }
  | {
      type: "ClosingStepUpdated";
      data: {
        yearId: string;
        id: string;
        status?: ClosingStepStatus;
        note?: string;
        label?: string;
      };
    };

/** `year`: what the fiscal calendar says of the year when the command is decided. */
export type ClosingYear = {
  readonly status: "open" | "closed";
  readonly start: string;
  readonly end: string;
};

export type ClosingCommand =
  | {
      type: "AddClosingStep";
      data: { yearId: string; id: string; label: string; year: ClosingYear };
    }
  | {
      type: "UpdateClosingStep";
      data: {
        yearId: string;
        id: string;
        status?: string | undefined;
        note?: string | undefined;
        label?: string | undefined;
        year: ClosingYear;
      };
    };

export type ClosingState = {
  /** The organisation's own steps, in the order they were added, after the standard ones. */
  readonly added: readonly string[];
  readonly steps: Readonly<Record<string, ClosingStep>>;
};

const isStandard = (id: string): id is ClosingStepCode =>
  (closingStepCodes as readonly string[]).includes(id);

/** Every step of the year, standard ones first, each as it stands. */
export const closingSteps = (state: ClosingState): ClosingStep[] => [
  ...closingStepCodes.map(
    (code) => state.steps[code] ?? { id: code, label: null, status: "todo" as const, note: "" },
  ),
  ...state.added.flatMap((id) => state.steps[id] ?? []),
];

const NOTE_MAX = 2000;

/** A note keeps its lines; other control characters go, and so do blank ends. */
const cleanNote = (note: string): string => {
  const clean = note
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, " ")
    .trim();
  if (clean.length > NOTE_MAX) throw new DomainError("validation.tooLong", { field: "note", max: NOTE_MAX });
  return clean;
};

const decide = (command: ClosingCommand, state: ClosingState): ClosingEvent[] => {
  const { year } = command.data;
  if (year.status === "closed")
    throw new DomainError("fiscalYear.alreadyClosed", { start: year.start, end: year.end }, 409);
  switch (command.type) {
    case "AddClosingStep": {
      const { yearId, id } = command.data;
      if (isStandard(id) || state.steps[id]) throw new DomainError("closingStep.duplicate", { id }, 409);
      return [
        {
          type: "ClosingStepAdded",
          data: { yearId, id, label: requiredText(command.data.label, "label", 200) },
        },
      ];
    }
    case "UpdateClosingStep": {
      const { yearId, id } = command.data;
      const step = closingSteps(state).find((s) => s.id === id);
      if (!step) throw new DomainError("closingStep.notFound", { id }, 404);
      const changes: { status?: ClosingStepStatus; note?: string; label?: string } = {};
      const { status, note, label } = command.data;
      if (status !== undefined) {
        if (!(closingStepStatuses as readonly string[]).includes(status))
          throw new DomainError("closingStep.invalidStatus", { status });
        if (status !== step.status) changes.status = status as ClosingStepStatus;
      }
      if (note !== undefined) {
        const clean = cleanNote(note);
        if (clean !== step.note) changes.note = clean;
      }
      if (label !== undefined) {
        if (step.label === null) throw new DomainError("closingStep.standardLabel", { id }, 409);
        const clean = requiredText(label, "label", 200);
        if (clean !== step.label) changes.label = clean;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: "ClosingStepUpdated", data: { yearId, id, ...changes } }];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: ClosingState, event: ClosingEvent): ClosingState => {
  switch (event.type) {
    case "ClosingStepAdded": {
      const { id, label } = event.data;
      return {
        added: [...state.added, id],
        steps: { ...state.steps, [id]: { id, label, status: "todo", note: "" } },
      };
    }
    case "ClosingStepUpdated": {
      const { yearId: _year, id, ...changes } = event.data;
      const step = state.steps[id] ?? { id, label: null, status: "todo" as const, note: "" };
      return { ...state, steps: { ...state.steps, [id]: { ...step, ...changes } } };
    }
    default:
      return event satisfies never;
  }
};

export const closingDecider: Decider<ClosingCommand, ClosingEvent, ClosingState> = {
  decide,
  evolve,
  initialState: () => ({ added: [], steps: {} }),
};
