import {
  type CommandMetadata,
  type ImportMapping,
  type ImportTarget,
  importMappingsDecider,
  importMappingsStreamId,
} from "@registre/core";
import { loadAggregate, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata } from "../ids.ts";

export {
  emptyFile,
  finding,
  findingOf,
  type ImportFinding,
  type ReadFile,
  readCsvImport,
  recordValues,
} from "../readers/csv.ts";

/** The organisation's remembered mapping of an import target. */
export const rememberedMapping = async (ctx: AppContext, orgId: string, target: ImportTarget) =>
  (await loadAggregate(ctx, orgId, importMappingsStreamId(orgId), importMappingsDecider)).state[target];

const runImportMappings = orgStreamRunner({
  streamId: importMappingsStreamId,
  decider: importMappingsDecider,
  readModels: [],
});

/** Remembers the mapping an import used (one event, only when it changed). */
export const rememberMapping = (
  ctx: AppContext,
  orgId: string,
  target: ImportTarget,
  mapping: ImportMapping,
  metadata: CommandMetadata,
) =>
  runImportMappings(
    ctx,
    orgId,
    { type: "SaveImportMapping", data: { target, mapping } },
    childMetadata(metadata, "mapping", 0),
  );

/**
 * How many findings of each kind an import's answer lists (issue 21): the first ones by line, with
 * `errorCount` and `warningCount` saying how many there are. A 100,000-line contacts file whose every
 * line resembles another made a 10 MB answer, written, copied and kept for its retries on the event
 * loop; nobody reads past the first thousand, and a refused file is refused by its first error.
 */
export const LISTED_FINDINGS = 1000;

/** An import's result as answered: its findings listed up to `LISTED_FINDINGS` each, and counted. */
export const listedFindings = <
  R extends { readonly errors: readonly unknown[]; readonly warnings: readonly unknown[] },
>(
  result: R,
): R & { errorCount: number; warningCount: number } => ({
  ...result,
  errors: result.errors.slice(0, LISTED_FINDINGS),
  warnings: result.warnings.slice(0, LISTED_FINDINGS),
  errorCount: result.errors.length,
  warningCount: result.warnings.length,
});

/** Consecutive slices of `size`. */
export const batches = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
