import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  fiscalDecider,
  fiscalStreamId,
  journalsDecider,
  journalsStreamId,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { catchUp, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ledgerReadModels } from "./entries.ts";
import { setupReadModels } from "./setup.ts";

export const runChart = orgStreamRunner({
  streamId: chartStreamId,
  decider: chartDecider,
  readModels: setupReadModels,
});

export const runJournals = orgStreamRunner({
  streamId: journalsStreamId,
  decider: journalsDecider,
  readModels: setupReadModels,
});

export const runFiscal = orgStreamRunner({
  streamId: fiscalStreamId,
  decider: fiscalDecider,
  readModels: setupReadModels,
});

/**
 * The organisation's ledger as of now: every appended event projected (the "used" checks and the
 * year-end checks read it). 503 `readModel.behind` when it cannot be had within the wait budget
 * (failed for this organisation, or lagging): a decision on a stale ledger could, say, delete an
 * account a validated entry uses.
 */
export const catchUpLedger = async (ctx: AppContext, orgId: string): Promise<void> => {
  await catchUp(ctx, orgId, [...ledgerReadModels, ...setupReadModels]);
};

/**
 * Whether an entry (draft or validated) names the account. Read from the ledger caught up to the
 * head; an entry written in the instant between this check and the deletion would then fail its
 * own validation on the missing account, so the books never hold a line on a deleted account.
 */
export const accountUsed = async (ctx: AppContext, orgId: string, number: string): Promise<boolean> => {
  await catchUpLedger(ctx, orgId);
  const validated = await readModels(ctx.database)
    .selectFrom("ledger_lines")
    .select("mvt")
    .where("org_id", "=", orgId)
    .where((eb) => eb.or([eb("account", "=", number), eb("auxiliary", "=", number)]))
    .limit(1)
    .executeTakeFirst();
  if (validated) return true;
  const draft = await readModels(ctx.database)
    .selectFrom("entries")
    .select("mvt")
    .where("org_id", "=", orgId)
    .where("status", "=", "draft")
    .where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(lines) l where l->>'account' = ${number} or l->>'auxiliary' = ${number})`,
    )
    .limit(1)
    .executeTakeFirst();
  return draft !== undefined;
};

export const journalUsed = async (ctx: AppContext, orgId: string, code: string): Promise<boolean> => {
  await catchUpLedger(ctx, orgId);
  const row = await readModels(ctx.database)
    .selectFrom("entries")
    .select("mvt")
    .where("org_id", "=", orgId)
    .where("journal", "=", code.toUpperCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};

export const deleteAccount = async (
  ctx: AppContext,
  orgId: string,
  number: string,
  metadata: CommandMetadata,
) =>
  runChart(
    ctx,
    orgId,
    { type: "DeleteAccount", data: { number, used: await accountUsed(ctx, orgId, number) } },
    metadata,
  );

export const deleteJournal = async (
  ctx: AppContext,
  orgId: string,
  code: string,
  metadata: CommandMetadata,
) =>
  runJournals(
    ctx,
    orgId,
    { type: "DeleteJournal", data: { code, used: await journalUsed(ctx, orgId, code) } },
    metadata,
  );
