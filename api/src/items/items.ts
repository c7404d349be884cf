import {
  type BulkPriceUpdate,
  type CommandMetadata,
  DomainError,
  type ItemCommand,
  type ItemEvent,
  type ItemState,
  itemDecider,
  itemMargins,
  itemReferenceKey,
  itemStreamId,
  planBulkPriceUpdate,
  priceIncludingTax,
  type VatRate,
} from "@registre/core";
import type { ItemRow } from "@registre/projections";
import { sql } from "kysely";
import { handleMultiStream, loadAggregate, streamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { referenceReservations } from "./reference.ts";
import { itemUsage } from "./usage.ts";

/** What an item command's answer reads. */
export const itemReadModels = ["items"] as const;

export const runItem = streamRunner({
  streamId: itemStreamId,
  decider: itemDecider,
  readModels: itemReadModels,
});

/** Another item of the organisation has this reference (case aside). */
export const referenceTaken = async (
  ctx: AppContext,
  orgId: string,
  reference: string,
  exceptId: string | null,
): Promise<boolean> => {
  let query = ctx.database.db
    .selectFrom("items")
    .select("id")
    .where("org_id", "=", orgId)
    .where(sql<boolean>`lower(reference) = ${itemReferenceKey(reference)}`);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
};

const sides = (row: ItemRow) => ({ saleTiers: row.sale_tiers, purchaseTiers: row.purchase_tiers });

/** The answer of an item: its row, with the price including tax and the margins per tier. */
export const toItem = (row: ItemRow) => ({
  id: row.id,
  reference: row.reference,
  label: row.label,
  description: row.description,
  use: row.use as "sale" | "purchase" | "both",
  kind: row.kind as "goods" | "services" | "products" | "other",
  unit: row.unit,
  vatRate: row.vat_rate as VatRate,
  vatExemption: row.vat_exemption,
  sellAccount: row.sell_account,
  buyAccount: row.buy_account,
  buyPrice: row.buy_price,
  sellPrice: row.sell_price,
  sellPriceIncludingTax:
    row.sell_price === null ? null : priceIncludingTax(row.sell_price, row.vat_rate as VatRate),
  ...sides(row),
  metas: row.metas,
  status: row.status,
  updatedAt: new Date(row.updated_at).toISOString(),
});
export type ItemAnswer = ReturnType<typeof toItem>;

export const itemPrices = (row: ItemRow) => ({
  itemId: row.id,
  buyPrice: row.buy_price,
  sellPrice: row.sell_price,
  sellPriceIncludingTax: toItem(row).sellPriceIncludingTax,
  ...sides(row),
  margins: itemMargins({ buyPrice: row.buy_price, sellPrice: row.sell_price, ...sides(row) }),
});

export const findItemRow = async (ctx: AppContext, orgId: string, id: string): Promise<ItemRow> => {
  const row = await ctx.database.db
    .selectFrom("items")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new DomainError("item.notFound", { id }, 404);
  return row as ItemRow;
};

export const findItem = async (ctx: AppContext, orgId: string, id: string) =>
  toItem(await findItemRow(ctx, orgId, id));

const likePattern = (text: string) => text.toLowerCase().replace(/[%_\\]/g, "\\$&");

export type ItemListQuery = {
  readonly q?: string | undefined;
  readonly use?: "sale" | "purchase" | undefined;
  readonly status: "active" | "archived" | "all";
  readonly sort: "reference" | "label" | "updated";
  readonly limit: number;
  readonly offset: number;
};

/** The items list: a filter by side (an item used for both is in each), status and text; a page and the count. */
export const listItems = async (ctx: AppContext, orgId: string, query: ItemListQuery) => {
  let base = ctx.database.db.selectFrom("items").where("org_id", "=", orgId);
  if (query.status !== "all") base = base.where("status", "=", query.status);
  if (query.use) base = base.where("use", "in", [query.use, "both"]);
  const q = query.q?.trim();
  if (q) base = base.where("search", "like", `%${likePattern(q)}%`);
  const ordered =
    query.sort === "label"
      ? base.orderBy(sql`lower(label)`).orderBy("id")
      : query.sort === "updated"
        ? base.orderBy("updated_at", "desc").orderBy("id")
        : base.orderBy("reference").orderBy("id");
  const [rows, count] = await Promise.all([
    ordered.selectAll().limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as ItemRow[]).map(toItem), total: Number(count.n) };
};

/**
 * As-you-type search for the document line editor: active items whose reference or label holds the
 * text, references starting with it first. A prefix is served by the `text_pattern_ops` index, any
 * part by the trigram index.
 */
export const searchItems = async (
  ctx: AppContext,
  orgId: string,
  query: { readonly q: string; readonly use?: "sale" | "purchase" | undefined; readonly limit: number },
) => {
  const q = likePattern(query.q.trim());
  let base = ctx.database.db
    .selectFrom("items")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("status", "=", "active");
  if (query.use) base = base.where("use", "in", [query.use, "both"]);
  if (!q)
    return {
      items: ((await base.orderBy("reference").limit(query.limit).execute()) as ItemRow[]).map(toItem),
    };
  // In two steps, each an index's work however many items match: the references starting with the text
  // first, in the order of the `search` index (`~<~`: its byte order, a lowercased reference), then
  // the other matches by reference. Those are fetched through the trigram index and sorted (a
  // materialised CTE) once the text has a trigram: walking the reference index instead, as the planner
  // would, went through most of the catalogue for a word whose items sit together late in that order
  // ("tiroir": 33,000 rows for 20). Shorter texts match densely: the reference index finds them soon.
  const starting = (await base
    .where("search", "like", `${q}%`)
    .orderBy(sql`search using ~<~`)
    .limit(query.limit)
    .execute()) as ItemRow[];
  // (The starting ones are left out here rather than by `not like`, which the planner misjudges.)
  const seen = new Set(starting.map((row) => row.id));
  const containing = base.where("search", "like", `%${q}%`);
  // The first matches by reference through the trigram index: sorted on two columns, then read.
  const byTrigram = async (): Promise<ItemRow[]> => {
    const first = await ctx.database.db
      .with(
        (cte) => cte("m").materialized(),
        () => containing.clearSelect().select(["id", "reference"]),
      )
      .selectFrom("m")
      .select("m.id")
      .orderBy("m.reference")
      .limit(query.limit)
      .execute();
    if (first.length === 0) return [];
    const found = (await containing
      .where(
        "id",
        "in",
        first.map((r) => r.id),
      )
      .execute()) as ItemRow[];
    const rank = new Map(first.map((r, i) => [r.id, i]));
    return found.sort((x, y) => (rank.get(x.id) ?? 0) - (rank.get(y.id) ?? 0));
  };
  const rest =
    starting.length >= query.limit
      ? []
      : q.length >= 3
        ? await byTrigram()
        : ((await containing.orderBy("reference").limit(query.limit).execute()) as ItemRow[]);
  const rows = [...starting, ...rest.filter((row) => !seen.has(row.id))].slice(0, query.limit);
  return { items: rows.map(toItem) };
};

/** "Item used, can't be deleted": asked of every use the organisation's books may hold. */
export const itemUsed = (ctx: AppContext, orgId: string, id: string): Promise<boolean> =>
  itemUsage.usedInDocuments(ctx, orgId, id);

const referenceOf = (state: ItemState): string | null => ("reference" in state ? state.reference : null);

/**
 * An item command that may take or let go of a reference: the item's stream and, in the same commit
 * (`handleMultiStream`), the reservation streams of its old and new references (`referenceReservations`),
 * each at the version read. The read model's `referenceTaken` is asked first, as before reservations
 * existed (items created before them hold none); a twin taking the same reference at once conflicts
 * on the reservation, is decided again and refused `item.duplicateReference`. A retried command id
 * answers its first result.
 */
const runItemWithReference = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  commands: (state: ItemState) => Promise<readonly ItemCommand[]>,
  metadata: CommandMetadata,
) =>
  handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: itemReadModels,
    plan: async () => {
      const streamId = itemStreamId(id);
      const loaded = await loadAggregate(ctx, orgId, streamId, itemDecider);
      const list = await commands(loaded.state);
      // Decided now, to know the reference it leaves the item with (a refusal is thrown here).
      let after = loaded.state;
      const events: ItemEvent[] = [];
      for (const command of list) {
        const produced = itemDecider.decide(command, after);
        events.push(...produced);
        after = produced.reduce(itemDecider.evolve, after);
      }
      const reservations = await referenceReservations(
        ctx,
        orgId,
        id,
        referenceOf(loaded.state),
        referenceOf(after),
      );
      return { streams: [{ streamId, version: loaded.version, decide: () => events }, ...reservations] };
    },
  });

/** Whether the reference is taken in the read model, for a command on `id` leaving it `reference`. */
const takenContext = async (ctx: AppContext, orgId: string, id: string, reference: string | undefined) => ({
  referenceTaken: reference ? await referenceTaken(ctx, orgId, reference, id) : false,
});

/** Creates an item (`CreateItem` and the commands after it, given whether the read model has its reference). */
export const createItem = (
  ctx: AppContext,
  orgId: string,
  id: string,
  reference: string,
  commands: (context: { readonly referenceTaken: boolean }) => readonly ItemCommand[],
  metadata: CommandMetadata,
) =>
  runItemWithReference(
    ctx,
    orgId,
    id,
    async () => commands(await takenContext(ctx, orgId, id, reference)),
    metadata,
  );

/** Changes an item's definition (and status): a new reference is claimed, the old one released. */
export const updateItem = (
  ctx: AppContext,
  orgId: string,
  id: string,
  reference: string | undefined,
  commands: (context: { readonly referenceTaken: boolean }) => readonly ItemCommand[],
  metadata: CommandMetadata,
) =>
  runItemWithReference(
    ctx,
    orgId,
    id,
    async () => commands(await takenContext(ctx, orgId, id, reference)),
    metadata,
  );

/**
 * Deletes an item, refused when used; its reference is released with it (a French user expects a
 * deleted article's code to be free again). An archived item keeps its reference: it may come back.
 */
export const deleteItem = async (ctx: AppContext, orgId: string, id: string, metadata: CommandMetadata) =>
  runItemWithReference(
    ctx,
    orgId,
    id,
    async () => [{ type: "DeleteItem", data: { used: await itemUsed(ctx, orgId, id) } }],
    metadata,
  );

/**
 * A bulk price update of a selection by a percentage: every item's events in one commit, each stream
 * at the version read (`planBulkPriceUpdate`). A retried command id answers its first result.
 */
export const bulkUpdatePrices = async (
  ctx: AppContext,
  orgId: string,
  ids: readonly string[],
  update: BulkPriceUpdate,
  metadata: CommandMetadata,
) => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: itemReadModels,
    plan: async () => {
      const loaded = await Promise.all(
        ids.map(async (id) => ({ id, ...(await loadAggregate(ctx, orgId, itemStreamId(id), itemDecider)) })),
      );
      const missing = loaded.find((item) => !("reference" in item.state));
      if (missing) throw new DomainError("item.notFound", { id: missing.id }, 404);
      const parts = new Map(
        planBulkPriceUpdate(
          loaded.map(({ id, state }) => ({ id, state })),
          update,
        ).map((part) => [part.streamId, part.events]),
      );
      // Every item of the selection is a part, those left as they are only checked at their version.
      return {
        streams: loaded.map((item) => ({
          streamId: itemStreamId(item.id),
          version: item.version,
          decide: () => parts.get(itemStreamId(item.id)) ?? [],
        })),
      };
    },
  });
  const changed = result.parts.filter((part) => part.toVersion > part.fromVersion);
  return { changed: changed.length, ids: changed.map((part) => part.streamId.slice("item-".length)) };
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item's id from a sub-resource id (`<itemId>:<rest>`), 404 when it is not one of the organisation's. */
export const splitSubId = (id: string): { itemId: string; rest: string } => {
  const at = id.indexOf(":");
  if (at < 0 || !uuid.test(id.slice(0, at))) throw new ProblemError(404, "http.notFound");
  return { itemId: id.slice(0, at), rest: id.slice(at + 1) };
};

/** The items (by reference, 500 at most) that have metas, or price tiers on either side. */
export const itemsWith = async (
  ctx: AppContext,
  orgId: string,
  part: "metas" | "tiers",
): Promise<ItemRow[]> => {
  let query = ctx.database.db.selectFrom("items").selectAll().where("org_id", "=", orgId);
  query =
    part === "metas"
      ? query.where("metas", "<>", "{}" as never)
      : query.where((eb) =>
          eb.or([eb("sale_tiers", "<>", "[]" as never), eb("purchase_tiers", "<>", "[]" as never)]),
        );
  return (await query.orderBy("reference").limit(500).execute()) as ItemRow[];
};
