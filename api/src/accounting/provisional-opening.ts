import type { AccountMovements } from "@registre/core";
import { type ReadModelDatabase, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";

/**
 * A year's provisional opening (issue 23, point 15): while the year before is open, its opening entry
 * (journal AN, origin `opening`) is a draft, regenerated until the closing validates it. The reports
 * read validated lines only, so such a year opens at zero — a bank in the red, « Solde antérieur
 * 0,00 » —; on request they add those drafts' lines, each marked provisional.
 */
export type OpeningDraft = {
  readonly mvt: string;
  readonly date: string;
  readonly yearId: string;
  readonly journal: string;
  readonly pieceRef: string;
  readonly label: string;
  readonly lines: readonly {
    readonly account: string;
    readonly auxiliary: string | null;
    readonly label: string | null;
    readonly debit: number;
    readonly credit: number;
  }[];
};

/** The opening entries still drafts dated within the range (one per year at most). */
export const openingDrafts = async (
  db: ReadModelDatabase,
  orgId: string,
  range: { readonly start: string; readonly end: string },
): Promise<OpeningDraft[]> => {
  const rows = await db
    .selectFrom("entries")
    .select(["mvt", "date", "journal", "piece_ref", "label", "lines", "origin"])
    .where("org_id", "=", orgId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end)
    .where("status", "=", "draft")
    .where(sql<boolean>`origin->>'kind' = 'opening'`)
    .orderBy("date")
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    mvt: r.mvt,
    date: r.date,
    yearId: r.origin.kind === "opening" ? r.origin.yearId : "",
    journal: r.journal,
    pieceRef: r.piece_ref,
    label: r.label,
    lines: r.lines.map((l) => ({
      account: l.account,
      auxiliary: l.auxiliary ?? null,
      label: l.label ?? null,
      debit: l.debit,
      credit: l.credit,
    })),
  }));
};

/** What an answer says of the provisional openings in its range, and whether it counted them. */
export const provisionalOpening = (drafts: readonly OpeningDraft[], included: boolean) => ({
  included: included && drafts.length > 0,
  entries: drafts.map((d) => ({ mvt: d.mvt, date: d.date, yearId: d.yearId })),
});

/** `movements` per general account with the drafts' lines added (an account only they move is added). */
export const withOpeningDrafts = <M extends AccountMovements>(
  movements: readonly M[],
  drafts: readonly OpeningDraft[],
  label: (account: string) => string,
  make: (m: AccountMovements) => M,
): M[] => {
  const byAccount = new Map(movements.map((m) => [m.account, m]));
  for (const line of drafts.flatMap((d) => d.lines)) {
    const m =
      byAccount.get(line.account) ??
      make({ account: line.account, label: label(line.account), debit: 0, credit: 0 });
    byAccount.set(line.account, { ...m, debit: m.debit + line.debit, credit: m.credit + line.credit });
  }
  return [...byAccount.values()].filter((m) => m.debit !== 0 || m.credit !== 0);
};

/** A draft's line as a general ledger row: dated the year's first day, before that day's entries. */
export type ProvisionalRow = {
  readonly mvt: string;
  readonly line: number;
  readonly account: string;
  readonly auxiliary: string | null;
  readonly journal: string;
  readonly date: string;
  readonly pieceRef: string;
  readonly label: string;
  readonly debit: number;
  readonly credit: number;
  /** 0: before any validated line of its day, whose positions in the log start at 1. */
  readonly position: 0;
};

export const provisionalRows = (drafts: readonly OpeningDraft[], account?: string): ProvisionalRow[] =>
  drafts
    .flatMap((d) =>
      d.lines.map((l, index) => ({
        mvt: d.mvt,
        line: index + 1,
        account: l.account,
        auxiliary: l.auxiliary,
        journal: d.journal,
        date: d.date,
        pieceRef: d.pieceRef,
        label: l.label ?? d.label,
        debit: l.debit,
        credit: l.credit,
        position: 0 as const,
      })),
    )
    .filter((r) => !account || r.account === account)
    .sort((a, b) => compareLedgerKeys(a, b));

type LedgerKey = {
  readonly account: string;
  readonly date: string;
  readonly position: number;
  readonly line: number;
};

/** The general ledger's order: account, date, place in the log, line. */
export const compareLedgerKeys = (a: LedgerKey, b: LedgerKey): number =>
  a.account !== b.account
    ? a.account < b.account
      ? -1
      : 1
    : a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.position !== b.position
        ? a.position - b.position
        : a.line - b.line;

/** `openingDrafts` read from the organisation's read models. */
export const openingDraftsIn = (
  ctx: AppContext,
  orgId: string,
  range: { readonly start: string; readonly end: string },
): Promise<OpeningDraft[]> => openingDrafts(readModels(ctx.database), orgId, range);
