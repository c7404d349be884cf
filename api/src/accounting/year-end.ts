import {
  type CommandMetadata,
  DomainError,
  entryDecider,
  entryStreamId,
  type OpenItem,
  openingLines,
  parisDate,
} from "@registre/core";
import { sql } from "kysely";
import { loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { catchUpLedger, runFiscal } from "./books.ts";
import { changeDraft, draftEntry, validateEntry } from "./entries.ts";
import {
  accountMovements,
  type FiscalYearRow,
  findFiscalYear,
  listFiscalYears,
  trialBalanceReport,
} from "./queries.ts";

/** One finding of the year-end check: a stable code, how many items, and which (up to 50). */
export type YearEndWarning = { code: string; count: number; items: string[]; blocking: boolean };

/**
 * What stands in the way of closing a year (reference, section 6.1), each with its items:
 * drafts (blocking: a closed year can never validate them), entries pending in the VAT journal,
 * suspense account 471 not empty, unlettered customers and suppliers (information), and an
 * unbalanced trial balance (blocking; cannot happen when every entry balances).
 */
export const yearEndChecks = async (
  ctx: AppContext,
  orgId: string,
  year: FiscalYearRow,
): Promise<YearEndWarning[]> => {
  await catchUpLedger(ctx, orgId);
  const db = ctx.database.db;
  const warnings: YearEndWarning[] = [];
  const drafts = await db
    .selectFrom("entries")
    .innerJoin("journals", (j) =>
      j.onRef("journals.org_id", "=", "entries.org_id").onRef("journals.code", "=", "entries.journal"),
    )
    .select(["entries.journal", "entries.date", "entries.piece_ref", "entries.label", "journals.vat"])
    .where("entries.org_id", "=", orgId)
    .where("entries.status", "=", "draft")
    .where("entries.date", ">=", year.start)
    .where("entries.date", "<=", year.end)
    .orderBy("entries.date")
    .execute();
  const describe = (d: (typeof drafts)[number]) => `${d.date} ${d.journal} ${d.piece_ref} ${d.label}`;
  if (drafts.length > 0)
    warnings.push({
      code: "yearEnd.drafts",
      count: drafts.length,
      items: drafts.slice(0, 50).map(describe),
      blocking: true,
    });
  const vat = drafts.filter((d) => d.vat);
  if (vat.length > 0)
    warnings.push({
      code: "yearEnd.vatJournalPending",
      count: vat.length,
      items: vat.slice(0, 50).map(describe),
      blocking: false,
    });
  const movements = await accountMovements(ctx, orgId, year, { byAuxiliary: true });
  const suspense = movements.filter((m) => m.account.startsWith("471") && m.debit !== m.credit);
  if (suspense.length > 0)
    warnings.push({
      code: "yearEnd.suspenseNotEmpty",
      count: suspense.length,
      items: suspense.map((m) => `${m.account} ${((m.debit - m.credit) / 100).toFixed(2)}`),
      blocking: false,
    });
  const open = await db
    .selectFrom("ledger_lines")
    .select(["account", "auxiliary", sql<number>`count(*)::integer`.as("count")])
    .where("org_id", "=", orgId)
    .where("date", "<=", year.end)
    .where("letter_code", "is", null)
    .where((eb) =>
      eb.or([eb("account", "like", "401%"), eb("account", "like", "404%"), eb("account", "like", "411%")]),
    )
    .groupBy(["account", "auxiliary"])
    .execute();
  if (open.length > 0)
    warnings.push({
      code: "yearEnd.unletteredThirdParties",
      count: open.reduce((s, o) => s + o.count, 0),
      items: open.map((o) => `${o.account} ${o.auxiliary ?? ""} (${o.count})`),
      blocking: false,
    });
  const balance = await trialBalanceReport(ctx, orgId, year);
  if (balance.totals.debit !== balance.totals.credit)
    warnings.push({ code: "yearEnd.unbalanced", count: 1, items: [], blocking: true });
  return warnings;
};

/**
 * The opening entry lines of the year after `year`, from `year`'s ledger: classes 1-5 carried
 * forward, third parties as their open items, the result to 120/129.
 */
const computeOpening = async (ctx: AppContext, orgId: string, year: FiscalYearRow) => {
  const movements = await accountMovements(ctx, orgId, year);
  const collective = new Set(
    (
      await ctx.database.db
        .selectFrom("accounts")
        .select("number")
        .where("org_id", "=", orgId)
        .where("collective", "=", true)
        .execute()
    ).map((r) => r.number as string),
  );
  const items = await ctx.database.db
    .selectFrom("ledger_lines")
    .select(["account", "auxiliary", "label", "debit", "credit", "date", "piece_ref"])
    .where("org_id", "=", orgId)
    .where("date", ">=", year.start)
    .where("date", "<=", year.end)
    .where("account", "in", collective.size ? [...collective] : [""])
    .where((eb) => eb.or([eb("letter_code", "is", null), eb("letter_date", ">", year.end)]))
    .orderBy("account")
    .orderBy("auxiliary")
    .orderBy("date")
    .orderBy("position")
    .orderBy("line")
    .execute();
  const openItems: OpenItem[] = items.map((i) => ({
    account: i.account,
    auxiliary: i.auxiliary,
    label: `${i.piece_ref} ${i.label}`.slice(0, 200),
    debit: i.debit,
    credit: i.credit,
  }));
  return openingLines(
    movements.filter((m) => !collective.has(m.account)),
    openItems,
    { result: `Résultat de l'exercice ${year.start.slice(0, 4)}-${year.end.slice(0, 4)}` },
  );
};

/**
 * Generates (or regenerates, while `year` is open) the opening entry of the next year, as a draft
 * in journal AN dated the next year's first day. Opens the next year when it does not exist.
 * Answers the entry's mvt, or null when there is nothing to carry forward.
 */
export const generateOpeningEntry = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<string | null> => {
  await catchUpLedger(ctx, orgId);
  const year = await findFiscalYear(ctx, orgId, yearId);
  const years = await listFiscalYears(ctx, orgId);
  let next = years.find((y) => y.start > year.end);
  if (!next) {
    await runFiscal(
      ctx,
      orgId,
      { type: "OpenFiscalYear", data: { id: derivedId(metadata.commandId, "nextYear") } },
      childMetadata(metadata, "nextYear"),
    );
    next = (await listFiscalYears(ctx, orgId)).find((y) => y.start > year.end);
  }
  if (!next) throw new DomainError("fiscalYear.none", { date: year.end });
  const lines = await computeOpening(ctx, orgId, year);
  const content = {
    journal: "AN",
    date: next.start,
    pieceRef: `AN-${next.start.slice(0, 4)}`,
    pieceDate: next.start,
    label: `À-nouveaux ${next.start.slice(0, 4)}`,
    lines,
  };
  if (next.openingMvt) {
    const existing = await loadAggregate(ctx, orgId, entryStreamId(next.openingMvt), entryDecider);
    if (existing.state.status === "validated") throw new DomainError("yearEnd.openingValidated", {}, 409);
    if (existing.state.status === "draft") {
      await changeDraft(ctx, orgId, next.openingMvt, content, childMetadata(metadata, "opening.change"));
      return next.openingMvt;
    }
  }
  if (lines.length === 0) return null;
  const mvt = derivedId(metadata.commandId, "opening");
  await draftEntry(
    ctx,
    orgId,
    { ...content, origin: { kind: "opening", yearId: next.id } },
    childMetadata(metadata, "opening.draft"),
    { mvt },
  );
  await runFiscal(
    ctx,
    orgId,
    { type: "RecordOpeningEntry", data: { yearId: next.id, mvt } },
    childMetadata(metadata, "opening.record"),
  );
  return mvt;
};

/**
 * Closes a year for good ("This operation is irreversible"): refused while drafts remain; then
 * the next year's opening entry is generated from the final figures and validated.
 */
export const closeFiscalYear = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<{ openingMvt: string | null }> => {
  const year = await findFiscalYear(ctx, orgId, yearId);
  const blocking = (await yearEndChecks(ctx, orgId, year)).filter(
    (w) => w.blocking && w.code === "yearEnd.drafts",
  );
  await runFiscal(
    ctx,
    orgId,
    {
      type: "CloseFiscalYear",
      data: { id: year.id, closedOn: parisDate(ctx.clock()), drafts: blocking[0]?.count ?? 0 },
    },
    { ...metadata },
  );
  const openingMvt = await generateOpeningEntry(ctx, orgId, year.id, metadata);
  if (openingMvt) await validateEntry(ctx, orgId, openingMvt, childMetadata(metadata, "opening.validate"));
  return { openingMvt };
};
