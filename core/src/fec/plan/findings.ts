import type { DomainError } from "../../decider.ts";
import type { FecFinding, FecSeverity } from "../types.ts";

/**
 * The plan's findings: how a line, a run of lines or a refusal of the core is worded in them.
 */

/** A finding in the core's shape: "line N: " before the message unless about the whole file. */
export const fecIssue = (
  line: number,
  code: string,
  severity: FecSeverity,
  message: string,
  params?: Record<string, string | number>,
): FecFinding => ({
  line,
  code,
  severity,
  message: line > 0 ? `line ${line}: ${message}` : message,
  ...(params && { params }),
});

/** "2-4, 7" for [2, 3, 4, 7], and at most `max` runs, then "…". */
export const lineList = (lines: readonly number[], max = 8): string => {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  let end = start;
  for (const line of [...sorted.slice(1), undefined]) {
    if (line !== undefined && end !== undefined && line === end + 1) {
      end = line;
      continue;
    }
    if (start !== undefined) runs.push(start === end ? `${start}` : `${start}-${end}`);
    start = line;
    end = line;
  }
  return runs.length > max ? `${runs.slice(0, max).join(", ")}, …` : runs.join(", ");
};

export const linesLabel = (lines: readonly number[]): string =>
  `${new Set(lines).size === 1 ? "line" : "lines"} ${lineList(lines)}`;

/** Where findings go, and how a refusal of the core reads in them (the shell's message catalogue). */
export type Sink = { warnings: FecFinding[]; errors: FecFinding[]; explain: (error: DomainError) => string };

export const sortOut = (sink: Sink, findings: readonly FecFinding[]) => {
  for (const f of findings) (f.severity === "error" ? sink.errors : sink.warnings).push(f);
};
