import { type Decider, DomainError } from "../decider.ts";
import { type Cents, formatFecAmount, MAX_ENTRY_CENTS, MAX_LINE_CENTS, MAX_VOLUME_CENTS } from "../money.ts";
import { type EntryLineVat, normaliseLineVat } from "../vat/code.ts";
import type { ChartState } from "./chart.ts";
import type { AdjustmentKind } from "./closing.ts";
import { type IsoDate, isIsoDate } from "./dates.ts";
import { type FiscalState, fiscalYearOf, postingYear } from "./fiscal.ts";
import type { JournalsState } from "./journals.ts";
import { requiredText } from "./text.ts";

/**
 * One accounting entry (stream `entry-<mvt>`): a draft that may change, then validated once,
 * with its gapless number, and never changed again. A correction is a new entry.
 */
export const entryStreamId = (mvt: string): string => `entry-${mvt}`;

export type EntryLine = {
  readonly account: string;
  readonly auxiliary: string | null;
  /** The line's own label; the entry's label when null. */
  readonly label: string | null;
  readonly debit: Cents;
  readonly credit: Cents;
  /** The line's VAT code (rate, kind, regime; on a VAT account, the base): what the VAT return reads. */
  readonly vat?: EntryLineVat | undefined;
};

export type EntryContent = {
  readonly journal: string;
  readonly date: IsoDate;
  readonly pieceRef: string;
  readonly pieceDate: IsoDate;
  readonly label: string;
  readonly lines: readonly EntryLine[];
};

/** Where an entry comes from: typed in, a reversal, generated opening entries, an imported FEC, a document. */
export type EntryOrigin =
  | { readonly kind: "manual" }
  | { readonly kind: "reversal"; readonly of: string }
  | { readonly kind: "opening"; readonly yearId: string }
  | { readonly kind: "import"; readonly file: string; readonly number: string }
  /** A year-end adjustment of the closing file (`closing.ts`). */
  | { readonly kind: "adjustment"; readonly yearId: string; readonly adjustment: AdjustmentKind }
  /** A validated sales or purchase document (stream `doc-<id>`), posted in the same commit. */
  | { readonly kind: "document"; readonly doc: string }
  /** A payment (stream `payment-<id>`), posted in the same commit; its cancellation's reversal too. */
  | { readonly kind: "payment"; readonly payment: string }
  /** A cheque or cash deposit (stream `deposit-<id>`), posted in the same commit. */
  | { readonly kind: "deposit"; readonly deposit: string }
  /** A VAT return's settlement (stream `vat-return-<org>-<period>`), posted in the same commit. */
  | { readonly kind: "vatReturn"; readonly period: string }
  /** Booked from a bank statement's line (stream `bankstatement-<id>`, its line `no`) and matched to it. */
  | { readonly kind: "statementLine"; readonly statement: string; readonly no: number };

export type EntryEvent =
  | { type: "EntryDrafted"; data: EntryContent & { mvt: string; origin: EntryOrigin } }
  | { type: "EntryDraftChanged"; data: EntryContent }
  | { type: "EntryDraftDeleted"; data: { mvt: string } }
  | {
      type: "EntryValidated";
      /** The whole entry as validated: the fact the ledger, the FEC and the audit chain rely on. */
      data: EntryContent & {
        mvt: string;
        number: string;
        sequence: number;
        fiscalYearId: string;
        validatedOn: IsoDate;
        origin: EntryOrigin;
      };
    };

/** What validation checks the entry against: the chart, the journals and the fiscal calendar. */
export type PostingContext = {
  readonly chart: ChartState;
  readonly journals: JournalsState;
  readonly fiscal: FiscalState;
};

export type EntryCommand =
  | {
      type: "DraftEntry";
      data: EntryContent & { mvt: string; origin?: EntryOrigin | undefined };
      context: PostingContext;
    }
  | { type: "ChangeDraft"; data: EntryContent; context: PostingContext }
  | { type: "DeleteDraft"; data: Record<string, never> }
  | {
      type: "ValidateEntry";
      /** `sequence` is the next number of the entry's counter (`entryCounter`), taken under the organisation lock. */
      data: { sequence: number; validatedOn: IsoDate };
      context: PostingContext;
    };

export type EntryState =
  | { readonly status: "none" }
  | { readonly status: "deleted"; readonly mvt: string }
  | {
      readonly status: "draft" | "validated";
      readonly mvt: string;
      readonly content: EntryContent;
      readonly origin: EntryOrigin;
      readonly number: string | null;
      readonly validatedOn: IsoDate | null;
      readonly fiscalYearId: string | null;
    };

export const totals = (lines: readonly EntryLine[]): { debit: Cents; credit: Cents } => ({
  debit: lines.reduce((s, l) => s + l.debit, 0),
  credit: lines.reduce((s, l) => s + l.credit, 0),
});

/** The counter an entry's number comes from: one continuous sequence per journal and fiscal year. */
export const entryCounter = (journal: string, fiscalYearId: string): string =>
  `entry:${journal}:${fiscalYearId}`;

/**
 * The organisation's volume counter: every debit and credit ever written in an entry (drafts too,
 * each time they are written), added up under the organisation's lock. Bounding it bounds every
 * total a list or a report can make, so none of them can exceed what a number holds exactly.
 */
export const VOLUME_COUNTER = "volume";

/** Cents an entry's content adds to the volume: its debits and its credits. */
export const volumeOf = (content: Pick<EntryContent, "lines">): Cents => {
  const { debit, credit } = totals(content.lines);
  return debit + credit;
};

/**
 * Refuses to write `added` cents when the volume would pass its bound. `first` is what the volume
 * counter handed out (its previous value + 1), as for any counter.
 */
export const checkVolume = (first: number, added: Cents): void => {
  if (first - 1 + added > MAX_VOLUME_CENTS) throw new DomainError("organisation.volumeExceeded", {});
};

/**
 * The volume counter's bound and its refusal, for a store that checks it when it takes the counter
 * (the same rule as `checkVolume`).
 */
export const volumeLimit = {
  max: MAX_VOLUME_CENTS,
  refusal: (): DomainError => new DomainError("organisation.volumeExceeded", {}),
} as const;

/** "VT000001": the journal code and the sequence on six digits. */
export const entryNumber = (journal: string, sequence: number): string =>
  `${journal}${String(sequence).padStart(6, "0")}`;

/** The shape rules a draft already obeys: dates, texts, whole-cent amounts on one side. */
const wellFormed = (content: EntryContent, context: PostingContext): EntryContent => {
  if (!isIsoDate(content.date)) throw new DomainError("validation.invalidDate", { value: content.date });
  if (!isIsoDate(content.pieceDate))
    throw new DomainError("validation.invalidDate", { value: content.pieceDate });
  const journal = context.journals.journals[content.journal.toUpperCase()];
  if (!journal) throw new DomainError("journal.notFound", { code: content.journal }, 404);
  postingYear(context.fiscal, content.date);
  if (content.lines.length > 10_000) throw new DomainError("entry.tooManyLines", { max: 10_000 });
  const lines = content.lines.map((line, index) => {
    const n = index + 1;
    for (const amount of [line.debit, line.credit]) {
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new DomainError("entry.invalidAmount", { line: n });
      if (amount > MAX_LINE_CENTS)
        throw new DomainError("entry.amountTooLarge", { line: n, max: formatFecAmount(MAX_LINE_CENTS) });
    }
    if (line.debit > 0 && line.credit > 0) throw new DomainError("entry.bothSides", { line: n });
    const account = line.account.trim().toUpperCase();
    const vat = normaliseLineVat(line.vat, account, n);
    return {
      account,
      auxiliary: line.auxiliary ? line.auxiliary.trim().toUpperCase() : null,
      label: line.label?.trim() ? requiredText(line.label, "lineLabel", 200) : null,
      debit: line.debit,
      credit: line.credit,
      // Absent rather than undefined: the entry's events and their hashes stay as they were without one.
      ...(vat && { vat }),
    };
  });
  const sums = totals(lines);
  if (sums.debit > MAX_ENTRY_CENTS || sums.credit > MAX_ENTRY_CENTS)
    throw new DomainError("entry.totalTooLarge", { max: formatFecAmount(MAX_ENTRY_CENTS) });
  return {
    journal: journal.code,
    date: content.date,
    pieceRef: requiredText(content.pieceRef, "pieceRef", 60),
    pieceDate: content.pieceDate,
    label: requiredText(content.label, "label", 200),
    lines,
  };
};

/** What validation adds: the entry balances and names existing, open accounts the right way. */
const checkPostable = (content: EntryContent, context: PostingContext): void => {
  if (content.lines.length < 2) throw new DomainError("entry.tooFewLines");
  content.lines.forEach((line, index) => {
    const n = index + 1;
    const account = context.chart.accounts[line.account];
    if (account?.kind !== "general")
      throw new DomainError("entry.unknownAccount", { line: n, account: line.account });
    if (account.closed) throw new DomainError("entry.closedAccount", { line: n, account: line.account });
    if (account.collective && !line.auxiliary)
      throw new DomainError("entry.auxiliaryRequired", { line: n, account: line.account });
    if (line.auxiliary) {
      const aux = context.chart.accounts[line.auxiliary];
      if (aux?.kind !== "auxiliary" || aux.control !== line.account)
        throw new DomainError("entry.unknownAuxiliary", {
          line: n,
          account: line.account,
          auxiliary: line.auxiliary,
        });
      if (aux.closed) throw new DomainError("entry.closedAccount", { line: n, account: line.auxiliary });
    }
  });
  const { debit, credit } = totals(content.lines);
  if (debit !== credit)
    throw new DomainError("entry.unbalanced", {
      debit: formatFecAmount(debit),
      credit: formatFecAmount(credit),
      difference: formatFecAmount(Math.abs(debit - credit)),
    });
  if (debit === 0) throw new DomainError("entry.zero");
};

const validated = (): never => {
  throw new DomainError("entry.validatedImmutable", {}, 409);
};

const decide = (command: EntryCommand, state: EntryState): EntryEvent[] => {
  switch (command.type) {
    case "DraftEntry": {
      if (state.status !== "none") throw new DomainError("entry.exists", {}, 409);
      const { mvt, origin, ...content } = command.data;
      return [
        {
          type: "EntryDrafted",
          data: { mvt, ...wellFormed(content, command.context), origin: origin ?? { kind: "manual" } },
        },
      ];
    }
    case "ChangeDraft": {
      if (state.status === "validated") return validated();
      if (state.status !== "draft") throw new DomainError("entry.notFound", {}, 404);
      const content = wellFormed(command.data, command.context);
      if (JSON.stringify(content) === JSON.stringify(state.content)) return [];
      return [{ type: "EntryDraftChanged", data: content }];
    }
    case "DeleteDraft": {
      if (state.status === "validated") return validated();
      if (state.status !== "draft") throw new DomainError("entry.notFound", {}, 404);
      return [{ type: "EntryDraftDeleted", data: { mvt: state.mvt } }];
    }
    case "ValidateEntry": {
      if (state.status === "validated")
        throw new DomainError("entry.alreadyValidated", { number: state.number ?? "" }, 409);
      if (state.status !== "draft") throw new DomainError("entry.notFound", {}, 404);
      const content = wellFormed(state.content, command.context);
      checkPostable(content, command.context);
      const year = postingYear(command.context.fiscal, content.date);
      return [
        {
          type: "EntryValidated",
          data: {
            mvt: state.mvt,
            ...content,
            number: entryNumber(content.journal, command.data.sequence),
            sequence: command.data.sequence,
            fiscalYearId: year.id,
            validatedOn: command.data.validatedOn,
            origin: state.origin,
          },
        },
      ];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: EntryState, event: EntryEvent): EntryState => {
  switch (event.type) {
    case "EntryDrafted": {
      const { mvt, origin, ...content } = event.data;
      return { status: "draft", mvt, content, origin, number: null, validatedOn: null, fiscalYearId: null };
    }
    case "EntryDraftChanged":
      return state.status === "draft" ? { ...state, content: event.data } : state;
    case "EntryDraftDeleted":
      return state.status === "draft" ? { status: "deleted", mvt: event.data.mvt } : state;
    case "EntryValidated": {
      const { mvt, origin, number, sequence: _s, fiscalYearId, validatedOn, ...content } = event.data;
      return { status: "validated", mvt, content, origin, number, validatedOn, fiscalYearId };
    }
    default:
      return event satisfies never;
  }
};

export const entryDecider: Decider<EntryCommand, EntryEvent, EntryState> = {
  decide,
  evolve,
  initialState: () => ({ status: "none" }),
};

/** The counter a draft will take its number from, once validated (throws when it cannot be posted). */
export const counterFor = (state: EntryState, fiscal: FiscalState): string => {
  if (state.status === "validated")
    throw new DomainError("entry.alreadyValidated", { number: state.number ?? "" }, 409);
  if (state.status !== "draft") throw new DomainError("entry.notFound", {}, 404);
  const year = fiscalYearOf(fiscal, state.content.date);
  if (!year) throw new DomainError("fiscalYear.none", { date: state.content.date });
  return entryCounter(state.content.journal, year.id);
};

/**
 * How a validated entry is corrected. One typed in, imported, booked from a statement line, made at a
 * year's end or reversing another is reversed (`reversalOf`). One posted by a document, a payment, a
 * deposit or a VAT return follows it and is corrected through it: reversed alone, the books would no
 * longer say what the invoice, the payment's allocations, the deposit's cheques or the declared return
 * say (an invoice takes a credit note, a payment is cancelled, a return is corrected by a later one).
 */
export type EntryCorrection = "reversal" | "document" | "payment" | "deposit" | "vatReturn";

export const correctionOf = (origin: EntryOrigin): EntryCorrection => {
  switch (origin.kind) {
    case "document":
    case "payment":
    case "deposit":
    case "vatReturn":
      return origin.kind;
    case "manual":
    case "reversal":
    case "opening":
    case "import":
    case "adjustment":
    case "statementLine":
      return "reversal";
    default: {
      const never: never = origin;
      return never;
    }
  }
};

/** The opposite entry ("contre-passation") of a validated one, as a draft dated `date`. */
export const reversalOf = (state: EntryState, date: IsoDate, label?: string): EntryContent => {
  if (state.status !== "validated") throw new DomainError("entry.reverseNotValidated", {}, 409);
  const c = state.content;
  return {
    journal: c.journal,
    date,
    pieceRef: c.pieceRef,
    pieceDate: date,
    label: label ?? `Extourne ${state.number} ${c.label}`.slice(0, 200),
    lines: c.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
  };
};
