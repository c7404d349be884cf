import type { ChartState } from "../../accounting/chart.ts";
import type { FecRecord } from "../types.ts";
import type { EntryBuild } from "./entries.ts";
import { fecIssue, lineList, linesLabel, type Sink } from "./findings.ts";
import type { PlannedLettering } from "./index.ts";

/**
 * The lettering part of the FEC import plan: the file's EcritureLet codes as lettering sets.
 */

export const planLettering = (
  built: readonly EntryBuild[],
  chart: ChartState,
  sink: Sink,
): PlannedLettering[] => {
  const sets = new Map<
    string,
    {
      account: string;
      auxiliary: string | null;
      code: string;
      lines: { entry: number; line: number }[];
      records: FecRecord[];
    }
  >();
  for (const [entry, b] of built.entries())
    for (const [line, l] of b.content.lines.entries()) {
      const r = b.sources[line];
      if (!r?.ecritureLet) continue;
      const key = JSON.stringify([l.account, l.auxiliary, r.ecritureLet]);
      const set = sets.get(key) ?? {
        account: l.account,
        auxiliary: l.auxiliary,
        code: r.ecritureLet,
        lines: [],
        records: [],
      };
      set.lines.push({ entry, line });
      set.records.push(r);
      sets.set(key, set);
    }
  const out: PlannedLettering[] = [];
  for (const set of sets.values()) {
    const fileLines = [...new Set(set.records.map((r) => r.line))];
    const where = `account ${set.account}${set.auxiliary ? ` / ${set.auxiliary}` : ""}, EcritureLet "${set.code}"`;
    const amounts = set.lines.map(({ entry, line }) => built[entry]?.content.lines[line]);
    const debit = amounts.reduce((s, l) => s + (l?.debit ?? 0), 0);
    const credit = amounts.reduce((s, l) => s + (l?.credit ?? 0), 0);
    const first = fileLines[0] ?? 0;
    if (!chart.accounts[set.account]?.lettrable) {
      sink.warnings.push(
        fecIssue(
          first,
          "fec.notLettrable",
          "warning",
          `${where}: account ${set.account} is not lettrable in the chart; ${linesLabel(fileLines)} stay unlettered`,
          { account: set.account, code: set.code, lines: lineList(fileLines, 1000) },
        ),
      );
      continue;
    }
    if (set.lines.length < 2 || debit !== credit) {
      const why =
        set.lines.length < 2
          ? "a lettering set has at least two lines"
          : `debits ${(debit / 100).toFixed(2).replace(".", ",")} and credits ${(credit / 100).toFixed(2).replace(".", ",")} differ`;
      sink.warnings.push(
        fecIssue(
          first,
          "fec.letteringUnbalanced",
          "warning",
          `${where}: ${why}; ${linesLabel(fileLines)} stay unlettered`,
          {
            account: set.account,
            code: set.code,
            lines: lineList(fileLines, 1000),
            debit,
            credit,
          },
        ),
      );
      continue;
    }
    out.push({ account: set.account, auxiliary: set.auxiliary, code: set.code, lines: set.lines });
  }
  return out;
};
