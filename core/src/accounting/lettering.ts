import { type Decider, DomainError } from "../decider.ts";
import { type Cents, formatFecAmount } from "../money.ts";
import { PersistentMap } from "../persistent-map.ts";
import type { IsoDate } from "./dates.ts";

/**
 * The lettering of one account (stream `lettering-<account>`): sets of validated lines with the
 * same auxiliary account whose debits equal their credits, each with a code (AA, AB, … ZZ, AAA …)
 * that runs per account and is never given twice, even after unlettering.
 */
export const letteringStreamId = (account: string): string => `lettering-${account}`;

/** A posted line: "<mvt>/<line number>". */
export type LineRef = string;
export const lineRef = (mvt: string, line: number): LineRef => `${mvt}/${line}`;

/** A validated ledger line as the ledger read model knows it (validated lines never change). */
export type LedgerLineFact = {
  readonly ref: LineRef;
  readonly account: string;
  readonly auxiliary: string | null;
  readonly date: IsoDate;
  readonly debit: Cents;
  readonly credit: Cents;
};

export type LetteringSet = {
  readonly code: string;
  readonly auxiliary: string | null;
  readonly date: IsoDate;
  readonly lines: readonly LineRef[];
};

export type LetteringEvent =
  | {
      type: "LinesLettered";
      data: {
        account: string;
        code: string;
        auxiliary: string | null;
        date: IsoDate;
        lines: readonly LineRef[];
        amount: Cents;
      };
    }
  | { type: "LinesUnlettered"; data: { account: string; code: string; lines: readonly LineRef[] } };

export type LetteringCommand =
  | {
      type: "LetterLines";
      /** `lettrable` comes from the chart; `lines` from the ledger. */
      data: {
        account: string;
        lettrable: boolean;
        lines: readonly LedgerLineFact[];
        requested: readonly LineRef[];
      };
    }
  | { type: "UnletterLines"; data: { account: string; code: string } };

export type LetteringState = {
  /** How many codes were ever given: the next one is `letteringCode(given + 1)`. */
  readonly given: number;
  /** The live sets by code. */
  readonly sets: PersistentMap<LetteringSet>;
  /** Each lettered line's code. Persistent maps: an event copies what it changes, not the account's whole lettering. */
  readonly letteredLines: PersistentMap<string>;
};

/** 1 -> "AA", 2 -> "AB", 26 -> "AZ", 27 -> "BA", 676 -> "ZZ", 677 -> "AAA". */
export const letteringCode = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not a lettering sequence: ${n}`);
  let width = 2;
  let index = n - 1;
  while (index >= 26 ** width) {
    index -= 26 ** width;
    width += 1;
  }
  let code = "";
  for (let i = 0; i < width; i++) {
    code = String.fromCharCode(65 + (index % 26)) + code;
    index = Math.floor(index / 26);
  }
  return code;
};

const decide = (command: LetteringCommand, state: LetteringState): LetteringEvent[] => {
  switch (command.type) {
    case "LetterLines": {
      const { account, lettrable, lines, requested } = command.data;
      if (!lettrable) throw new DomainError("lettering.notLettrable", { account });
      const unique = [...new Set(requested)];
      if (unique.length < 2) throw new DomainError("lettering.tooFewLines");
      const byRef = new Map(lines.map((l) => [l.ref, l]));
      const chosen = unique.map((ref) => {
        const line = byRef.get(ref);
        if (!line) throw new DomainError("lettering.unknownLine", { line: ref }, 404);
        if (line.account !== account) throw new DomainError("lettering.otherAccount", { line: ref, account });
        const code = state.letteredLines.get(ref);
        if (code) throw new DomainError("lettering.alreadyLettered", { line: ref, code }, 409);
        return line;
      });
      const auxiliary = chosen[0]?.auxiliary ?? null;
      if (chosen.some((l) => l.auxiliary !== auxiliary))
        throw new DomainError("lettering.mixedAuxiliary", { account });
      const debit = chosen.reduce((s, l) => s + l.debit, 0);
      const credit = chosen.reduce((s, l) => s + l.credit, 0);
      if (debit !== credit)
        throw new DomainError("lettering.unbalanced", {
          debit: formatFecAmount(debit),
          credit: formatFecAmount(credit),
          difference: formatFecAmount(Math.abs(debit - credit)),
        });
      // The set is settled on the day its last line happened.
      const date = chosen.map((l) => l.date).reduce((a, b) => (a > b ? a : b));
      return [
        {
          type: "LinesLettered",
          data: {
            account,
            code: letteringCode(state.given + 1),
            auxiliary,
            date,
            lines: unique,
            amount: debit,
          },
        },
      ];
    }
    case "UnletterLines": {
      const set = state.sets.get(command.data.code);
      if (!set) throw new DomainError("lettering.unknownCode", { code: command.data.code }, 404);
      return [
        {
          type: "LinesUnlettered",
          data: { account: command.data.account, code: set.code, lines: set.lines },
        },
      ];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: LetteringState, event: LetteringEvent): LetteringState => {
  switch (event.type) {
    case "LinesLettered": {
      const { code, auxiliary, date, lines } = event.data;
      return {
        given: state.given + 1,
        sets: state.sets.with([[code, { code, auxiliary, date, lines }]]),
        letteredLines: state.letteredLines.with(lines.map((ref) => [ref, code] as const)),
      };
    }
    case "LinesUnlettered":
      return {
        ...state,
        sets: state.sets.without([event.data.code]),
        letteredLines: state.letteredLines.without(event.data.lines),
      };
    default:
      return event satisfies never;
  }
};

export const letteringDecider: Decider<LetteringCommand, LetteringEvent, LetteringState> = {
  decide,
  evolve,
  initialState: () => ({ given: 0, sets: PersistentMap.empty(), letteredLines: PersistentMap.empty() }),
};
