import type { FecFinding, FecSeverity } from "./types.ts";

type Details = { field?: string; params?: Record<string, string | number> };

/** A finding whose message starts with "line N: " unless it is about the whole file (line 0). */
export const finding = (
  line: number,
  code: string,
  severity: FecSeverity,
  message: string,
  details: Details = {},
): FecFinding => ({
  line,
  ...(details.field === undefined ? {} : { field: details.field }),
  code,
  severity,
  message: line > 0 ? `line ${line}: ${message}` : message,
  ...(details.params === undefined ? {} : { params: details.params }),
});

/** By line, keeping the order in which findings of one line were made (the sort is stable). */
export const sortFindings = (findings: readonly FecFinding[]): FecFinding[] =>
  [...findings].sort((a, b) => a.line - b.line);

/** Line numbers for a message, runs shortened: [2, 3, 4, 7, 9, 10] -> "2-4, 7, 9-10". */
export const formatLines = (lines: readonly number[]): string => {
  const parts: string[] = [];
  let start = lines[0];
  let end = start;
  for (const line of [...lines.slice(1), undefined]) {
    if (line !== undefined && end !== undefined && line === end + 1) {
      end = line;
      continue;
    }
    if (start !== undefined) parts.push(start === end ? `${start}` : `${start}-${end}`);
    start = line;
    end = line;
  }
  return parts.join(", ");
};

/** "line 7" or "lines 2-4, 7". */
export const linesLabel = (lines: readonly number[]): string =>
  `${lines.length === 1 ? "line" : "lines"} ${formatLines(lines)}`;
