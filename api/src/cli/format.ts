import type { StoredEvent } from "@registre/store";

/** A plain text table: columns padded to their widest cell. */
export const table = (
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string => {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...cells.slice(1).map(line)].join("\n");
};

/** One event as an accountant reads it: when, who, which stream and version, what. */
export const describeEvent = (e: StoredEvent): string => {
  const who = e.metadata.userId ?? "system";
  return `${e.metadata.at}  #${e.orgSeq}  ${e.streamId} v${e.version}  ${e.type}  by ${who}\n    ${JSON.stringify(e.data)}`;
};
