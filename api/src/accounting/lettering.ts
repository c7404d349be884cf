import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  DomainError,
  type LedgerLineFact,
  letteringDecider,
  letteringStreamId,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { catchUp, loadAggregate, streamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ledgerReadModels } from "./entries.ts";

/** Validated lines by reference ("<mvt>/<line>"), as the ledger holds them. */
export const ledgerLines = async (
  ctx: AppContext,
  orgId: string,
  refs: readonly string[],
): Promise<LedgerLineFact[]> => {
  const pairs = refs.flatMap((ref) => {
    const [mvt, line] = ref.split("/");
    return mvt && /^[0-9a-f-]{36}$/i.test(mvt) && /^\d+$/.test(line ?? "")
      ? [{ mvt, line: Number(line) }]
      : [];
  });
  if (pairs.length === 0) return [];
  // Two arrays unnested, not a list of row constructors: PGlite matches nothing past a few hundred pairs.
  const rows = await readModels(ctx.database)
    .selectFrom("ledger_lines")
    .select(["mvt", "line", "account", "auxiliary", "date", "debit", "credit"])
    .where("org_id", "=", orgId)
    .where(
      sql`(mvt, line)`,
      "in",
      sql`(select * from unnest(${pairs.map((p) => p.mvt)}::uuid[], ${pairs.map((p) => p.line)}::integer[]))`,
    )
    .execute();
  return rows.map((r) => ({
    ref: `${r.mvt}/${r.line}`,
    account: r.account,
    auxiliary: r.auxiliary,
    date: r.date,
    debit: r.debit,
    credit: r.credit,
  }));
};

/** The runner of an account's lettering stream (`lettering-<account>`). */
const runLettering = streamRunner({
  streamId: letteringStreamId,
  decider: letteringDecider,
  readModels: ledgerReadModels,
});

/**
 * Letters a set of validated lines of one account ("mark"). The lines come from the ledger
 * (validated lines never change); which lines are already lettered is the account's lettering
 * stream's business. Answers the code given.
 */
export const letterLines = async (
  ctx: AppContext,
  orgId: string,
  refs: readonly string[],
  metadata: CommandMetadata,
): Promise<{ account: string; code: string }> => {
  // The lines are read from the ledger: a line validated a moment ago must be there, or the answer
  // would be a misleading "unknown line".
  await catchUp(ctx, orgId, ledgerReadModels);
  const lines = await ledgerLines(ctx, orgId, refs);
  const missing = refs.find((ref) => !lines.some((l) => l.ref === ref));
  if (missing) throw new DomainError("lettering.unknownLine", { line: missing }, 404);
  const account = lines[0]?.account;
  if (!account) throw new DomainError("lettering.tooFewLines");
  const chart = await loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider);
  const outcome = await runLettering(
    ctx,
    orgId,
    account,
    {
      type: "LetterLines",
      data: {
        account,
        lettrable: chart.state.accounts[account]?.lettrable ?? false,
        lines,
        requested: refs,
      },
    },
    metadata,
  );
  const event = outcome.events[0];
  const code = event?.type === "LinesLettered" ? event.data.code : "";
  return { account, code };
};

/** Frees the lines of a lettering code ("unmark"). */
export const unletterLines = (
  ctx: AppContext,
  orgId: string,
  account: string,
  code: string,
  metadata: CommandMetadata,
) =>
  runLettering(
    ctx,
    orgId,
    account,
    { type: "UnletterLines", data: { account, code: code.toUpperCase() } },
    metadata,
  );

/** The account of the ledger lines named `mvt/line` (the first found), or undefined when none is. */
export const accountOfLines = async (
  ctx: AppContext,
  orgId: string,
  lines: readonly string[],
): Promise<string | undefined> =>
  (
    await ctx.database.db
      .selectFrom("ledger_lines")
      .select("account")
      .where("org_id", "=", orgId)
      .where(sql`mvt::text || '/' || line::text`, "in", lines)
      .executeTakeFirst()
  )?.account;
