import {
  type CommandMetadata,
  DomainError,
  PLATFORM_ORG,
  type ReferenceCommand,
  type ReferenceKind,
  referenceDecider,
  referenceKinds,
  referenceStreamId,
} from "@registre/core";
import type { ReferenceEntryRow } from "@registre/projections";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { referenceSeed } from "./seeds.ts";

export const referenceReadModels = ["reference_data"] as const;

export const runReference = (ctx: AppContext, command: ReferenceCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: referenceStreamId(command.kind),
    decider: referenceDecider,
    commands: [command],
    metadata,
    readModels: referenceReadModels,
  });

const seeded = new WeakMap<AppContext["store"], Set<ReferenceKind>>();

/**
 * Records the list's seed the first time it is needed (the server's start, or the first call). The
 * command id is the kind's own, so concurrent first calls record it once.
 */
export const ensureReferenceSeeded = async (ctx: AppContext, kind: ReferenceKind): Promise<void> => {
  const done = seeded.get(ctx.store) ?? new Set<ReferenceKind>();
  seeded.set(ctx.store, done);
  if (done.has(kind)) return;
  await runReference(
    ctx,
    { type: "SeedReferenceList", kind, entries: referenceSeed(kind) },
    { commandId: derivedId("reference-seed", kind), at: ctx.clock().toISOString(), userId: "system" },
  );
  done.add(kind);
};

export const seedReferenceData = async (ctx: AppContext): Promise<void> => {
  for (const kind of referenceKinds) await ensureReferenceSeeded(ctx, kind);
};

export const toReferenceEntry = (row: ReferenceEntryRow) => ({
  code: row.code,
  label: row.label,
  labelEn: row.label_en,
});

export const listReference = async (ctx: AppContext, kind: ReferenceKind, q: string | undefined) => {
  await ensureReferenceSeeded(ctx, kind);
  let query = ctx.database.db.selectFrom("reference_entries").selectAll().where("kind", "=", kind);
  const text = q
    ?.trim()
    .toLowerCase()
    .replace(/[%_\\]/g, "\\$&");
  if (text)
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["code"]), "like", `${text}%`),
        eb(eb.fn("lower", ["label"]), "like", `%${text}%`),
        eb(eb.fn("lower", ["label_en"]), "like", `%${text}%`),
      ]),
    );
  const rows = (await query.orderBy("code").execute()) as ReferenceEntryRow[];
  return { items: rows.map(toReferenceEntry) };
};

/** The entry of that code exactly as the list keeps it (`HUR`): `hur` or `HUR ` name no entry. */
export const findReference = async (ctx: AppContext, kind: ReferenceKind, code: string) => {
  await ensureReferenceSeeded(ctx, kind);
  const row = await ctx.database.db
    .selectFrom("reference_entries")
    .selectAll()
    .where("kind", "=", kind)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) throw new DomainError("reference.notFound", { kind, code }, 404);
  return toReferenceEntry(row as ReferenceEntryRow);
};
