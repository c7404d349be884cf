import type { IsoDate } from "../accounting/dates.ts";
import type { Cents } from "../money.ts";
import type { DocumentStatus } from "./document.ts";

/** One document as the statistics read it (a row of the documents read model). */
export type DocumentStatsRow = {
  readonly status: DocumentStatus;
  readonly issueDate: IsoDate;
  readonly totalExclTax: Cents;
  readonly totalInclTax: Cents;
};

export type StatsCell = {
  readonly count: number;
  readonly totalExclTax: Cents;
  readonly totalInclTax: Cents;
};

export type DocumentStats = {
  readonly byStatus: Readonly<Partial<Record<DocumentStatus, StatsCell>>>;
  /** Months in order ("2026-03"), each with its cells per status and its total. */
  readonly byMonth: readonly {
    readonly month: string;
    readonly total: StatsCell;
    readonly byStatus: Readonly<Partial<Record<DocumentStatus, StatsCell>>>;
  }[];
  readonly total: StatsCell;
};

const empty: StatsCell = { count: 0, totalExclTax: 0, totalInclTax: 0 };
const plus = (cell: StatsCell | undefined, row: DocumentStatsRow): StatsCell => ({
  count: (cell ?? empty).count + 1,
  totalExclTax: (cell ?? empty).totalExclTax + row.totalExclTax,
  totalInclTax: (cell ?? empty).totalInclTax + row.totalInclTax,
});

/** Counts and amounts per status and per month (`/docs/stats/{type}`). */
export const documentStats = (rows: readonly DocumentStatsRow[]): DocumentStats => {
  const byStatus: Partial<Record<DocumentStatus, StatsCell>> = {};
  const months = new Map<
    string,
    { total: StatsCell; byStatus: Partial<Record<DocumentStatus, StatsCell>> }
  >();
  let total = empty;
  for (const row of rows) {
    byStatus[row.status] = plus(byStatus[row.status], row);
    const key = row.issueDate.slice(0, 7);
    const month = months.get(key) ?? { total: empty, byStatus: {} };
    month.byStatus[row.status] = plus(month.byStatus[row.status], row);
    months.set(key, { total: plus(month.total, row), byStatus: month.byStatus });
    total = plus(total, row);
  }
  return {
    byStatus,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({ month, ...m })),
    total,
  };
};
