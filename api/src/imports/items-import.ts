import {
  type CommandMetadata,
  type ImportedItem,
  type ItemCommand,
  type ItemEvent,
  type ItemState,
  itemDecider,
  itemFromRow,
  itemImportCommands,
  itemImportFields,
  itemStreamId,
} from "@registre/core";
import { sql } from "kysely";
import { handleMultiStream } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { markNotYetVisible } from "../http/request-scope.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { itemReadModels } from "../items/items.ts";
import type { ImportOptions, ImportResult } from "./contacts-import.ts";
import {
  finding,
  findingOf,
  type ImportFinding,
  readCsvImport,
  recordValues,
  rememberedMapping,
  rememberMapping,
} from "./import-file.ts";

/** The file's references were taken by another command between the check and the commit. */
class ReferencesTaken extends Error {}
const READ_MODEL_TIMEOUT_MS = 120_000;
const PREVIEW_ROWS = 20;

const decideAll = (commands: readonly ItemCommand[]): ItemEvent[] => {
  let state: ItemState = itemDecider.initialState();
  const events: ItemEvent[] = [];
  for (const command of commands) {
    const produced = itemDecider.decide(command, state);
    events.push(...produced);
    state = produced.reduce(itemDecider.evolve, state);
  }
  return events;
};

/** The references of the organisation's items among `references` (lowercase), this import's own aside. */
const takenReferences = async (
  ctx: AppContext,
  orgId: string,
  references: readonly string[],
  own: readonly string[],
): Promise<Set<string>> => {
  if (references.length === 0) return new Set();
  const rows = await ctx.database.db
    .selectFrom("items")
    .select(sql<string>`lower(reference)`.as("reference"))
    .where("org_id", "=", orgId)
    .where(sql<boolean>`lower(reference) = any(${references}::text[])`)
    .where(sql<boolean>`not (id = any(${own}::uuid[]))`)
    .execute();
  return new Set(rows.map((r) => r.reference));
};

/**
 * Imports items from a CSV file, the whole file or nothing: every row read and decided first (the item
 * decider, references unique in the organisation and in the file), with any error nothing is written
 * and the answer names the lines; then one multi-stream commit of every item (items are small: 50,000
 * in one commit), the references checked again in its plan. Ids derive from the import's command id:
 * a retried import writes nothing twice.
 */
export const importItems = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  metadata: CommandMetadata,
  options: ImportOptions,
): Promise<ImportResult> => {
  const file = readCsvImport(
    bytes,
    itemImportFields,
    (mapping) =>
      itemImportFields
        .filter((f) => "required" in f && f.required && !mapping[f.field])
        .map((f) => f.headers[0]),
    { mapping: options.mapping, remembered: await rememberedMapping(ctx, orgId, "items") },
  );
  const errors: ImportFinding[] = [];
  const rows: { line: number; item: ImportedItem }[] = [];
  const preview: { line: number; values: Record<string, string> }[] = [];
  file.records.forEach((record, i) => {
    const { values, findings } = recordValues(file, record, options.locale);
    if (preview.length < PREVIEW_ROWS) preview.push({ line: record.line, values });
    errors.push(...findings);
    try {
      rows.push({ line: record.line, item: itemFromRow(values, derivedId(metadata.commandId, "item", i)) });
    } catch (error) {
      errors.push(findingOf(options.locale, record.line, error));
    }
  });
  const taken = await takenReferences(
    ctx,
    orgId,
    rows.map((r) => r.item.create.reference.trim().toLowerCase()),
    rows.map((r) => r.item.create.id),
  );
  const seen = new Map<string, number>();
  const decided = new Map<string, ItemEvent[]>();
  for (const { line, item } of rows) {
    const reference = item.create.reference.trim().toLowerCase();
    const earlier = seen.get(reference);
    if (reference && earlier !== undefined)
      errors.push(
        finding(options.locale, line, "import.referenceInFile", {
          field: "reference",
          value: item.create.reference,
          other: earlier,
        }),
      );
    else seen.set(reference, line);
    try {
      decided.set(item.create.id, decideAll(itemImportCommands(item, taken.has(reference))));
    } catch (error) {
      errors.push(findingOf(options.locale, line, error));
    }
  }
  errors.sort((a, b) => a.line - b.line);
  const base = {
    format: "csv" as const,
    encoding: file.encoding,
    delimiter: file.delimiter,
    columns: file.headers,
    mapping: file.mapping,
    rows: file.records.length,
    preview,
    warnings: [],
    dryRun: options.dryRun,
  };
  if (errors.length > 0) return { ...base, errors, written: false, created: 0 };
  if (options.dryRun) return { ...base, errors, written: false, created: rows.length };

  await options.onChecked?.();
  // The whole file in one commit: a reference another command took since the check refuses the file,
  // never a part of it after others were written. The plan reads the references again once the items
  // read model has caught up with the log (every item appended before is in it).
  let refused: ImportFinding[] = [];
  await handleMultiStream(ctx, {
    orgId,
    metadata: childMetadata(metadata, "items", 0),
    readModels: [],
    plan: async () => {
      await ctx.runner.awaitVisible(await ctx.store.head(), itemReadModels, orgId, READ_MODEL_TIMEOUT_MS);
      const now = await takenReferences(
        ctx,
        orgId,
        rows.map((r) => r.item.create.reference.trim().toLowerCase()),
        rows.map((r) => r.item.create.id),
      );
      refused = rows
        .filter(({ item }) => now.has(item.create.reference.trim().toLowerCase()))
        .map(({ line, item }) =>
          finding(options.locale, line, "item.duplicateReference", {
            field: "reference",
            value: item.create.reference,
          }),
        );
      if (refused.length > 0) throw new ReferencesTaken();
      return {
        streams: rows.map(({ item }) => ({
          streamId: itemStreamId(item.create.id),
          version: 0,
          decide: () => decided.get(item.create.id) ?? [],
        })),
      };
    },
  }).catch((error: unknown) => {
    if (!(error instanceof ReferencesTaken)) throw error;
  });
  if (refused.length > 0) return { ...base, errors: refused, written: false, created: 0 };
  await rememberMapping(ctx, orgId, "items", file.mapping, metadata);
  options.onProgress?.(rows.length, rows.length);
  const visibility = await ctx.runner.awaitVisible(
    await ctx.store.head(),
    itemReadModels,
    orgId,
    READ_MODEL_TIMEOUT_MS,
  );
  if (visibility !== "visible") markNotYetVisible(visibility);
  return { ...base, errors, written: true, created: rows.length };
};
