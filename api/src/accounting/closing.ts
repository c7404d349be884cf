import {
  type AdjustmentKind,
  type ClosingCommand,
  type ClosingStep,
  type ClosingYear,
  type CommandMetadata,
  closingDecider,
  closingStepCodes,
  closingStreamId,
  DomainError,
  type EntryContent,
  fiscalDecider,
  fiscalStreamId,
  fiscalYearById,
} from "@registre/core";
import { type EntryRow, readModels } from "@registre/projections";
import { sql } from "kysely";
import { loadAggregate, streamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { changeDraft, draftEntry, ledgerReadModels } from "./entries.ts";
import { type FiscalYearRow, findFiscalYear, listFiscalYears } from "./queries.ts";
import { setupReadModels } from "./setup.ts";

/**
 * The closing file of a fiscal year (the spec's balance sheet "steps" and "lines"): the checklist
 * of closing work, and the year-end adjustments (écritures d'inventaire) proposed as draft entries
 * of the miscellaneous journal, dated the year's end, validated with the others before closing.
 */

export type ClosingStepView = ClosingStep & {
  /** `<yearId>.<step>`: standard steps have the same code every year. */
  readonly key: string;
  readonly yearId: string;
  readonly standard: boolean;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
};

const STEP_KEY = /^([0-9a-f-]{36})\.([A-Za-z0-9-]{1,40})$/;

export const parseStepKey = (key: string): { yearId: string; id: string } => {
  const match = STEP_KEY.exec(key);
  if (!match) throw new DomainError("closingStep.notFound", { id: key }, 404);
  return { yearId: match[1] as string, id: match[2] as string };
};

const runClosingStream = streamRunner({
  streamId: closingStreamId,
  decider: closingDecider,
  readModels: setupReadModels,
});

/** A closing command decided against the fiscal calendar as it stands (guarded: a year closed meanwhile is seen). */
const runClosing = (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  command: (year: ClosingYear) => ClosingCommand,
  metadata: CommandMetadata,
) =>
  runClosingStream(
    ctx,
    orgId,
    yearId,
    async () => {
      const fiscal = await loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider);
      const year = fiscalYearById(fiscal.state, yearId);
      return {
        guards: { [fiscalStreamId(orgId)]: fiscal.version },
        commands: () => [command({ status: year.status, start: year.start, end: year.end })],
      };
    },
    metadata,
  );

/** Every step of the year: the standard ones in their order, then the organisation's own. */
export const listClosingSteps = async (
  ctx: AppContext,
  orgId: string,
  year: FiscalYearRow,
): Promise<ClosingStepView[]> => {
  const rows = await readModels(ctx.database)
    .selectFrom("closing_steps")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("year_id", "=", year.id)
    .orderBy("position")
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const view = (id: string, standard: boolean): ClosingStepView => {
    const r = byId.get(id);
    return {
      key: `${year.id}.${id}`,
      yearId: year.id,
      id,
      standard,
      label: r?.label ?? null,
      status: (r?.status as ClosingStepView["status"] | undefined) ?? "todo",
      note: r?.note ?? "",
      updatedAt: r ? new Date(r.updated_at).toISOString() : null,
      updatedBy: r?.updated_by ?? null,
    };
  };
  const standard = new Set<string>(closingStepCodes);
  return [
    ...closingStepCodes.map((code) => view(code, true)),
    ...rows.filter((r) => !standard.has(r.id)).map((r) => view(r.id, false)),
  ];
};

export const listAllClosingSteps = async (ctx: AppContext, orgId: string, yearId?: string) => {
  const years = yearId ? [await findFiscalYear(ctx, orgId, yearId)] : await listFiscalYears(ctx, orgId);
  return (await Promise.all(years.map((y) => listClosingSteps(ctx, orgId, y)))).flat();
};

export const findClosingStep = async (ctx: AppContext, orgId: string, key: string) => {
  const { yearId, id } = parseStepKey(key);
  const year = await findFiscalYear(ctx, orgId, yearId);
  const step = (await listClosingSteps(ctx, orgId, year)).find((s) => s.id === id);
  if (!step) throw new DomainError("closingStep.notFound", { id: key }, 404);
  return step;
};

export const addClosingStep = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  label: string,
  metadata: CommandMetadata,
) => {
  const year = await findFiscalYear(ctx, orgId, yearId);
  const id = derivedId(metadata.commandId, "step");
  await runClosing(
    ctx,
    orgId,
    year.id,
    (closing) => ({ type: "AddClosingStep", data: { yearId: year.id, id, label, year: closing } }),
    metadata,
  );
  return findClosingStep(ctx, orgId, `${year.id}.${id}`);
};

export const updateClosingStep = async (
  ctx: AppContext,
  orgId: string,
  key: string,
  changes: { status?: string | undefined; note?: string | undefined; label?: string | undefined },
  metadata: CommandMetadata,
) => {
  const { yearId, id } = parseStepKey(key);
  const year = await findFiscalYear(ctx, orgId, yearId);
  await runClosing(
    ctx,
    orgId,
    year.id,
    (closing) => ({ type: "UpdateClosingStep", data: { yearId: year.id, id, ...changes, year: closing } }),
    metadata,
  );
  return findClosingStep(ctx, orgId, key);
};

// ---- Year-end adjustments ----

export type AdjustmentInput = {
  readonly kind: AdjustmentKind;
  readonly label: string;
  readonly date?: string | undefined;
  readonly pieceRef?: string | undefined;
  readonly debitAccount: string;
  readonly debitAuxiliary?: string | null | undefined;
  readonly creditAccount: string;
  readonly creditAuxiliary?: string | null | undefined;
  readonly amount: number;
};

export type AdjustmentView = {
  /** The draft (or validated) entry's mvt. */
  readonly id: string;
  readonly yearId: string;
  readonly kind: AdjustmentKind;
  readonly date: string;
  readonly pieceRef: string;
  readonly label: string;
  readonly journal: string;
  readonly status: "draft" | "validated";
  readonly number: string | null;
  readonly amount: number;
  readonly lines: {
    account: string;
    auxiliary: string | null;
    debit: number;
    credit: number;
  }[];
};

/** The miscellaneous-operations journal the adjustments go to (OD unless the organisation has another). */
const adjustmentJournal = async (ctx: AppContext, orgId: string): Promise<string> => {
  const journals = await readModels(ctx.database)
    .selectFrom("journals")
    .select(["code"])
    .where("org_id", "=", orgId)
    .where("kind", "=", "misc")
    .orderBy(sql`code = 'OD'`, "desc")
    .orderBy("code")
    .execute();
  const code = journals[0]?.code;
  if (!code) throw new DomainError("journal.notFound", { code: "OD" }, 404);
  return code;
};

const adjustmentContent = (
  year: FiscalYearRow,
  journal: string,
  input: AdjustmentInput,
): EntryContent & { pieceDate: string } => {
  const date = input.date ?? year.end;
  if (date < year.start || date > year.end)
    throw new DomainError("period.outsideYear", { until: date, start: year.start, end: year.end });
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new DomainError("adjustment.amountPositive", { amount: input.amount });
  if (input.debitAccount === input.creditAccount && input.debitAuxiliary === input.creditAuxiliary)
    throw new DomainError("adjustment.sameAccount", { account: input.debitAccount });
  return {
    journal,
    date,
    pieceRef: input.pieceRef?.trim() || `INV-${year.end.replaceAll("-", "")}`,
    pieceDate: date,
    label: input.label,
    lines: [
      {
        account: input.debitAccount,
        auxiliary: input.debitAuxiliary ?? null,
        label: null,
        debit: input.amount,
        credit: 0,
      },
      {
        account: input.creditAccount,
        auxiliary: input.creditAuxiliary ?? null,
        label: null,
        debit: 0,
        credit: input.amount,
      },
    ],
  };
};

const toAdjustment = (r: EntryRow): AdjustmentView => {
  // `adjustmentRows` reads only entries of that origin.
  if (r.origin.kind !== "adjustment") throw new Error(`entry ${r.mvt} is not a year-end adjustment`);
  return {
    id: r.mvt,
    yearId: r.origin.yearId,
    kind: r.origin.adjustment,
    date: r.date,
    pieceRef: r.piece_ref,
    label: r.label,
    journal: r.journal,
    status: r.status,
    number: r.number,
    amount: r.debit,
    lines: r.lines.map((l) => ({
      account: l.account,
      auxiliary: l.auxiliary,
      debit: l.debit,
      credit: l.credit,
    })),
  };
};

const adjustmentRows = (ctx: AppContext, orgId: string) =>
  readModels(ctx.database)
    .selectFrom("entries")
    .selectAll()
    .where("org_id", "=", orgId)
    .where(sql<boolean>`origin->>'kind' = 'adjustment'`);

export const listAdjustments = async (ctx: AppContext, orgId: string, yearId: string) => {
  const year = await findFiscalYear(ctx, orgId, yearId);
  const rows = await adjustmentRows(ctx, orgId)
    .where(sql<boolean>`origin->>'yearId' = ${year.id}`)
    .orderBy("date")
    .orderBy("position")
    .execute();
  return rows.map(toAdjustment);
};

export const findAdjustment = async (ctx: AppContext, orgId: string, mvt: string) => {
  const row = await adjustmentRows(ctx, orgId).where("mvt", "=", mvt).executeTakeFirst();
  if (!row) throw new DomainError("adjustment.notFound", { id: mvt }, 404);
  return toAdjustment(row);
};

export const addAdjustment = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  input: AdjustmentInput,
  metadata: CommandMetadata,
): Promise<AdjustmentView> => {
  const year = await findFiscalYear(ctx, orgId, yearId);
  if (year.status === "closed")
    throw new DomainError("fiscalYear.alreadyClosed", { start: year.start, end: year.end }, 409);
  const content = adjustmentContent(year, await adjustmentJournal(ctx, orgId), input);
  const mvt = await draftEntry(
    ctx,
    orgId,
    { ...content, origin: { kind: "adjustment", yearId: year.id, adjustment: input.kind } },
    metadata,
    { readModels: ledgerReadModels },
  );
  return findAdjustment(ctx, orgId, mvt);
};

/** Changes a draft adjustment (its kind stays); a validated one is refused like any validated entry. */
export const changeAdjustment = async (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  input: Omit<AdjustmentInput, "kind">,
  metadata: CommandMetadata,
): Promise<AdjustmentView> => {
  const current = await findAdjustment(ctx, orgId, mvt);
  const year = await findFiscalYear(ctx, orgId, current.yearId);
  const content = adjustmentContent(year, current.journal, { ...input, kind: current.kind });
  await changeDraft(ctx, orgId, mvt, content, metadata);
  return findAdjustment(ctx, orgId, mvt);
};
