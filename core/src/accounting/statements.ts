import type { Cents } from "../money.ts";

/** A line of a PCG statement: a stable key, its French and English wording and its amount. */
export type StatementLine = {
  readonly key: string;
  readonly label: string;
  readonly labelEn: string;
  readonly amount: Cents;
};
export type StatementSection = {
  readonly key: string;
  readonly label: string;
  readonly labelEn: string;
  readonly lines: readonly StatementLine[];
  readonly total: Cents;
};

export type Rubric = { key: string; label: string; labelEn: string; prefixes: readonly string[] };

/** The most specific prefix wins: 7097 is a rebate on goods even though 709 is one on services. */
export const matcher = (rubrics: readonly Rubric[]) => {
  const pairs = rubrics
    .flatMap((r) => r.prefixes.map((p) => [p, r.key] as const))
    .sort((a, b) => b[0].length - a[0].length);
  return (account: string): string | undefined => pairs.find(([p]) => account.startsWith(p))?.[1];
};

export const buildSections = (
  rubrics: readonly (Rubric & { section: string })[],
  sections: Record<string, { label: string; labelEn: string }>,
  amounts: ReadonlyMap<string, Cents>,
): StatementSection[] =>
  Object.entries(sections).map(([key, s]) => {
    const lines = rubrics
      .filter((r) => r.section === key)
      .map((r) => ({ key: r.key, label: r.label, labelEn: r.labelEn, amount: amounts.get(r.key) ?? 0 }));
    return { key, label: s.label, labelEn: s.labelEn, lines, total: lines.reduce((t, l) => t + l.amount, 0) };
  });
