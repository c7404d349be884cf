import {
  type CommandMetadata,
  type ItemCommand,
  type ItemEvent,
  type ItemState,
  itemDecider,
  itemImportCommands,
  itemReferenceDecider,
  itemReferenceKey,
  itemStreamId,
} from "@registre/core";
import { pacer } from "@registre/store";
import { sql } from "kysely";
import { handleMultiStream } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { markNotYetVisible } from "../http/request-scope.ts";
import { childMetadata } from "../ids.ts";
import { itemReadModels } from "../items/items.ts";
import { itemReferenceStreamId, referenceHolders } from "../items/reference.ts";
import type { ItemRow } from "../readers/import-rows.ts";
import type { ImportOptions, ImportResult } from "./contacts-import.ts";
import {
  batches,
  finding,
  findingOf,
  type ImportFinding,
  rememberedMapping,
  rememberMapping,
} from "./import-file.ts";

/** The file's references were taken by another command between the check and the commit. */
class ReferencesTaken extends Error {}
const READ_MODEL_TIMEOUT_MS = 120_000;
/** References claimed per commit, then items written per commit (see `importItems`). */
const BATCH_CLAIMS = 1000;
const BATCH_ITEMS = 500;

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
 * and the answer names the lines; then every reference claimed (checked again in each claim's plan;
 * released if one is taken meanwhile, and the file refused), then the items written, in commits small
 * enough for the event loop. Ids derive from the import's command id:
 * a retried import writes nothing twice.
 */
export const importItems = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  metadata: CommandMetadata,
  options: ImportOptions,
): Promise<ImportResult> => {
  // Read in the worker pool (`readers/import-rows.ts`), within the organisation's upload limits.
  options.progress?.("reading");
  const rows: ItemRow[] = [];
  const file = await ctx.work.run(
    "itemRows",
    {
      bytes,
      commandId: metadata.commandId,
      locale: options.locale,
      mapping: options.mapping,
      remembered: await rememberedMapping(ctx, orgId, "items"),
      limits: ctx.uploadLimits.items,
    },
    { onItems: (items) => rows.push(...(items as ItemRow[])), moveBytes: options.handOver === true },
  );
  options.progress?.("checking", 0, rows.length);
  const errors: ImportFinding[] = [...file.errors];
  const preview = file.preview;
  const taken = await takenReferences(
    ctx,
    orgId,
    rows.map((r) => itemReferenceKey(r.item.create.reference)),
    rows.map((r) => r.item.create.id),
  );
  const seen = new Map<string, number>();
  const decided = new Map<string, ItemEvent[]>();
  const pace = pacer();
  for (const { line, item } of rows) {
    await pace();
    const reference = itemReferenceKey(item.create.reference);
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
    columns: file.columns,
    mapping: file.mapping,
    rows: file.count,
    preview,
    warnings: [],
    dryRun: options.dryRun,
  };
  if (errors.length > 0) return { ...base, errors, written: false, created: 0 };
  if (options.dryRun) return { ...base, errors, written: false, created: rows.length };

  await options.onChecked?.();
  options.progress?.("writing", 0, rows.length);
  // The whole file or nothing, in commits small enough for the event loop: a commit of tens of thousands
  // of streams would hold it for seconds while its events are written as text and sent (issue 21).
  // First every line claims its reference's reservation stream, in commits of `BATCH_CLAIMS`; each
  // claim's plan reads the references again once the items read model has caught up with the log (every
  // item appended before is in it) and claims at the version read, so an item created after that read
  // conflicts with the commit, which plans again and refuses the file on that line. Then the claims
  // already made are released — nothing of the file was ever an item — and the file is refused whole.
  // Once every reference is held, the items are written in commits of `BATCH_ITEMS`: nothing can refuse
  // them. Ids derive from the import's command id (each commit's from its phase and number): the same
  // import again (a retry, or after an interruption) finds the commits already made and makes the rest.
  const claims = batches(rows, options.batchSize ?? BATCH_CLAIMS);
  let refused: ImportFinding[] = [];
  let claimed = 0;
  for (const [b, batch] of claims.entries()) {
    const reservations = batch.map(({ item }) => itemReferenceStreamId(item.create.reference));
    await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "claims", b),
      readModels: [],
      plan: async () => {
        await ctx.runner.awaitVisible(await ctx.store.head(), itemReadModels, orgId, READ_MODEL_TIMEOUT_MS);
        const now = await takenReferences(
          ctx,
          orgId,
          batch.map((r) => itemReferenceKey(r.item.create.reference)),
          batch.map((r) => r.item.create.id),
        );
        const holders = await referenceHolders(ctx, orgId, reservations);
        const held = (streamId: string, item: string) => {
          const holder = holders.get(streamId)?.holder ?? null;
          return holder !== null && holder !== item;
        };
        refused = batch
          .filter(
            ({ item }, i) =>
              now.has(itemReferenceKey(item.create.reference)) || held(reservations[i] ?? "", item.create.id),
          )
          .map(({ line, item }) =>
            finding(options.locale, line, "item.duplicateReference", {
              field: "reference",
              value: item.create.reference,
            }),
          );
        if (refused.length > 0) throw new ReferencesTaken();
        await options.onPlanned?.();
        return {
          streams: batch.map(({ item }, i) => {
            const streamId = reservations[i] ?? "";
            const claim = { item: item.create.id, reference: item.create.reference };
            return {
              streamId,
              version: holders.get(streamId)?.version ?? 0,
              decide: () =>
                itemReferenceDecider.decide(
                  { type: "ClaimItemReference", data: claim },
                  { holder: holders.get(streamId)?.holder ?? null },
                ),
            };
          }),
        };
      },
    }).catch((error: unknown) => {
      if (!(error instanceof ReferencesTaken)) throw error;
    });
    if (refused.length > 0) break;
    claimed = b + 1;
  }
  if (refused.length > 0) {
    for (const [b, batch] of claims.slice(0, claimed).entries())
      await handleMultiStream(ctx, {
        orgId,
        metadata: childMetadata(metadata, "releases", b),
        readModels: [],
        plan: async () => {
          const reservations = batch.map(({ item }) => itemReferenceStreamId(item.create.reference));
          const holders = await referenceHolders(ctx, orgId, reservations);
          return {
            streams: batch.map(({ item }, i) => {
              const streamId = reservations[i] ?? "";
              return {
                streamId,
                version: holders.get(streamId)?.version ?? 0,
                decide: () =>
                  itemReferenceDecider.decide(
                    { type: "ReleaseItemReference", data: { item: item.create.id } },
                    { holder: holders.get(streamId)?.holder ?? null },
                  ),
              };
            }),
          };
        },
      });
    return { ...base, errors: refused, written: false, created: 0 };
  }
  let done = 0;
  for (const [b, batch] of batches(rows, options.batchSize ?? BATCH_ITEMS).entries()) {
    await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "items", b),
      readModels: [],
      plan: async () => ({
        streams: batch.map(({ item }) => ({
          streamId: itemStreamId(item.create.id),
          version: 0,
          decide: () => decided.get(item.create.id) ?? [],
        })),
      }),
    });
    done += batch.length;
    options.onProgress?.(done, rows.length);
    options.progress?.("writing", done, rows.length);
  }
  await rememberMapping(ctx, orgId, "items", file.mapping, metadata);
  options.progress?.("projecting", rows.length, rows.length);
  const visibility = await ctx.runner.awaitVisible(
    await ctx.store.head(),
    itemReadModels,
    orgId,
    READ_MODEL_TIMEOUT_MS,
  );
  if (visibility !== "visible") markNotYetVisible(visibility);
  return { ...base, errors, written: true, created: rows.length };
};
