import type { ChartState } from "../accounting/chart.ts";
import type { IsoDate } from "../accounting/dates.ts";
import type { EntryState } from "../accounting/entry.ts";
import {
  type LedgerLineFact,
  type LetteringCommand,
  type LetteringState,
  lineRef,
} from "../accounting/lettering.ts";
import { type DocumentState, evolveDocument, isLive } from "../documents/document.ts";
import { letteringSetOf } from "./allocation.ts";

/**
 * The lettering a payment's commit decides: the sets of the documents its lines settle (each document's
 * own third-party lines, read from its entry, with every allocation line it then has), per account,
 * decided on each lettering stream as the shell loads it.
 */
/** A document a payment allocates, as loaded: its stream's state, and its own third-party lines (its entry's). */
export type SettledDocument = {
  readonly id: string;
  readonly state: DocumentState;
  readonly ownLines: readonly LedgerLineFact[];
};

/** The lettering of one account: its commands, decided on the account's lettering stream as then loaded. */
export type LetteringDecision = {
  readonly account: string;
  readonly commands: (state: LetteringState) => LetteringCommand[];
};

/** The entry whose lines are a document's side of its lettering set: its validation's, once it has its contact's account. */
export const documentOwnEntry = (doc: DocumentState): string | null =>
  isLive(doc) && doc.validation?.entryMvt && doc.contact?.auxiliary ? doc.validation.entryMvt : null;

/** The third-party lines a validated document's entry (`entry`, its stream's state) posted for its contact. */
export const documentOwnLines = (doc: DocumentState, entry: EntryState): LedgerLineFact[] => {
  const mvt = documentOwnEntry(doc);
  if (!mvt || !isLive(doc) || !doc.contact?.auxiliary || entry.status !== "validated") return [];
  const { control, code } = doc.contact.auxiliary;
  const { content } = entry;
  return content.lines.flatMap((l, i) =>
    l.account === control && l.auxiliary === code
      ? [
          {
            ref: lineRef(mvt, i + 1),
            account: l.account,
            auxiliary: l.auxiliary,
            date: content.date,
            debit: l.debit,
            credit: l.credit,
          },
        ]
      : [],
  );
};

/**
 * The lettering sets a payment's lines settle, one per document it allocates (its line `lines[doc]`, on
 * `date`): the document's own third-party lines and every allocation line it then has, when they
 * balance — two lines at least.
 */
export const settledSets = (
  docs: readonly SettledDocument[],
  lines: Readonly<Record<string, LedgerLineFact | undefined>>,
  payment: string,
  date: IsoDate,
): LedgerLineFact[][] => {
  const sets: LedgerLineFact[][] = [];
  for (const d of docs) {
    const line = lines[d.id];
    if (!line || !isLive(d.state)) continue;
    const after = evolveDocument(d.state, {
      type: "DocumentPaymentAllocated",
      data: { payment, date, amount: line.debit + line.credit, lines: [line] },
    });
    if (!isLive(after)) continue;
    const set = letteringSetOf(after, d.ownLines);
    if (set && set.length >= 2 && set.reduce((s, l) => s + l.debit - l.credit, 0) === 0) sets.push(set);
  }
  return sets;
};

/**
 * `LetterLines` for each set, grouped per account; a set one line of which was lettered by hand meanwhile
 * is left to the user (the payment is recorded all the same).
 */
export const letterSets = (
  sets: readonly (readonly LedgerLineFact[])[],
  chart: Pick<ChartState, "accounts">,
): LetteringDecision[] => {
  const byAccount = new Map<string, (readonly LedgerLineFact[])[]>();
  for (const set of sets) {
    const account = set[0]?.account ?? "";
    byAccount.set(account, [...(byAccount.get(account) ?? []), set]);
  }
  return [...byAccount].map(([account, accountSets]) => ({
    account,
    commands: (state) =>
      accountSets.flatMap((set) =>
        set.some((l) => state.letteredLines.has(l.ref))
          ? []
          : [
              {
                type: "LetterLines" as const,
                data: {
                  account,
                  lettrable: chart.accounts[account]?.lettrable ?? false,
                  lines: [...set],
                  requested: set.map((l) => l.ref),
                },
              },
            ],
      ),
  }));
};
