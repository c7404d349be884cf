import {
  addDays,
  type CommandMetadata,
  checkVolume,
  counterFor,
  DomainError,
  type EntryCommand,
  type EntryContent,
  entryDecider,
  entryStreamId,
  type FiscalCommand,
  fiscalDecider,
  fiscalStreamId,
  type OpenItem,
  openingLines,
  type PostingContext,
  parisDate,
  VOLUME_COUNTER,
  volumeOf,
  yearAfter,
} from "@registre/core";
import { readModels } from "@registre/projections";
import type { MultiAppendResult } from "@registre/store";
import { handleMultiStream, loadAggregate, type MultiStreamPlan, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { catchUpLedger } from "./books.ts";
import { ledgerReadModels, postingContext } from "./entries.ts";
import { accountMovements, type FiscalYearRow, findFiscalYear, fiscalYearStartMonth } from "./queries.ts";
import { setupReadModels } from "./setup.ts";

/**
 * The year's draft entries, by day, each with whether its journal is the VAT's: a closed year could never
 * validate them. Read from the ledger caught up to the head.
 */
export const yearDrafts = async (ctx: AppContext, orgId: string, year: FiscalYearRow) => {
  await catchUpLedger(ctx, orgId);
  return readModels(ctx.database)
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
};

/**
 * The opening entry lines of the year after `year`, from `year`'s ledger: classes 1-5 carried
 * forward, third parties as their open items, the result to 120/129.
 */
const computeOpening = async (ctx: AppContext, orgId: string, year: FiscalYearRow) => {
  const movements = await accountMovements(ctx, orgId, year);
  const collective = new Set(
    (
      await readModels(ctx.database)
        .selectFrom("accounts")
        .select("number")
        .where("org_id", "=", orgId)
        .where("collective", "=", true)
        .execute()
    ).map((r) => r.number),
  );
  const items = await readModels(ctx.database)
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

/** The opening entry's stream among a multi-stream command's parts: its mvt, or null. */
const openingOf = (result: MultiAppendResult): string | null => {
  const prefix = entryStreamId("");
  const part = result.parts.find((p) => p.streamId.startsWith(prefix));
  return part ? part.streamId.slice(prefix.length) : null;
};

/**
 * One commit for the next year's opening entry, and with `close` for the closing itself: the fiscal
 * stream (the year closed, the next year opened when missing, the opening entry recorded) and the
 * entry's stream (drafted or redrawn from `year`'s final figures, validated with its AN number when
 * closing). Every id derives from the command's, so a retry finds the first commit instead of a
 * second year or entry.
 */
const openingPlan = async (
  ctx: AppContext,
  orgId: string,
  year: FiscalYearRow,
  metadata: CommandMetadata,
  close?: { readonly closedOn: string; readonly drafts: number },
): Promise<MultiStreamPlan> => {
  await catchUpLedger(ctx, orgId);
  const { context, guards } = await postingContext(ctx, orgId);
  const fiscalLoaded = await loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider);
  const fiscalCommands: FiscalCommand[] = [];
  if (close)
    fiscalCommands.push({
      type: "CloseFiscalYear",
      data: { id: year.id, closedOn: close.closedOn, drafts: close.drafts },
    });
  // The year right after this one takes its opening entry. Missing, it is opened: after the last year
  // as the organisation's fiscal-year start says, or in the gap before books taken over, up to them.
  const nextStart = addDays(year.end, 1);
  let next = fiscalLoaded.state.years.find((y) => y.start === nextStart);
  if (!next) {
    const later = fiscalLoaded.state.years.find((y) => y.start > year.end);
    const bounds = yearAfter(year.end, await fiscalYearStartMonth(ctx, orgId));
    const end = later && later.start <= bounds.end ? addDays(later.start, -1) : bounds.end;
    fiscalCommands.push({
      type: "OpenFiscalYear",
      data: { id: derivedId(metadata.commandId, "nextYear"), start: nextStart, end },
    });
  }
  const lines = await computeOpening(ctx, orgId, year);
  // The fiscal calendar as it will be once this commit's fiscal events are in: the entry is decided on it.
  const fiscalAfter = (commands: readonly FiscalCommand[]) =>
    commands.reduce(
      (state, c) => fiscalDecider.decide(c, state).reduce(fiscalDecider.evolve, state),
      fiscalLoaded.state,
    );
  next = fiscalAfter(fiscalCommands).years.find((y) => y.start === nextStart);
  if (!next) throw new DomainError("fiscalYear.none", { date: year.end });
  const content: EntryContent = {
    journal: "AN",
    date: next.start,
    pieceRef: `AN-${next.start.slice(0, 4)}`,
    pieceDate: next.start,
    label: `À-nouveaux ${next.start.slice(0, 4)}`,
    lines,
  };
  let mvt: string | null = next.openingMvt;
  let entryCommands: (ctx: PostingContext) => EntryCommand[] = () => [];
  const existing = mvt ? await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider) : undefined;
  if (existing?.state.status === "validated") throw new DomainError("yearEnd.openingValidated", {}, 409);
  if (existing?.state.status === "draft") {
    entryCommands = (posting) => [{ type: "ChangeDraft", data: content, context: posting }];
  } else if (lines.length > 0) {
    mvt = derivedId(metadata.commandId, "opening");
    const opening = mvt;
    fiscalCommands.push({ type: "RecordOpeningEntry", data: { yearId: next.id, mvt: opening } });
    entryCommands = (posting) => [
      {
        type: "DraftEntry",
        data: { ...content, mvt: opening, origin: { kind: "opening", yearId: next.id } },
        context: posting,
      },
    ];
  } else mvt = null;
  const posting: PostingContext = { ...context, fiscal: fiscalAfter(fiscalCommands) };
  const streams = [streamDecision(fiscalStreamId(orgId), fiscalDecider, fiscalLoaded, () => fiscalCommands)];
  if (!mvt) return { guards, streams };
  const entryLoaded = existing ?? { state: entryDecider.initialState(), version: 0 };
  const drafted = entryCommands(posting).reduce(
    (state, c) => entryDecider.decide(c, state).reduce(entryDecider.evolve, state),
    entryLoaded.state,
  );
  const counter = close ? counterFor(drafted, posting.fiscal) : undefined;
  const added = volumeOf(content);
  streams.push(
    streamDecision(entryStreamId(mvt), entryDecider, entryLoaded, (numbers) => {
      checkVolume(numbers[VOLUME_COUNTER] ?? 1, added);
      const commands = entryCommands(posting);
      if (close && counter)
        commands.push({
          type: "ValidateEntry",
          data: { sequence: numbers[counter] ?? 0, validatedOn: close.closedOn },
          context: posting,
        });
      return commands;
    }),
  );
  return {
    // The fiscal stream is written, so its version is the expected one; the chart and journals are read.
    guards: Object.fromEntries(Object.entries(guards).filter(([id]) => id !== fiscalStreamId(orgId))),
    counters: { [VOLUME_COUNTER]: added, ...(counter && { [counter]: 1 }) },
    streams,
  };
};

/**
 * Generates (or regenerates, while `year` is open) the opening entry of the next year, as a draft
 * in journal AN dated the next year's first day, in one commit with the next year's opening when it
 * does not exist. Answers the entry's mvt, or null when there is nothing to carry forward.
 */
export const generateOpeningEntry = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<string | null> => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...ledgerReadModels, ...setupReadModels],
    plan: async () => openingPlan(ctx, orgId, await findFiscalYear(ctx, orgId, yearId), metadata),
  });
  return openingOf(result);
};

/**
 * Closes a year for good ("This operation is irreversible"): refused while drafts remain; the close,
 * the next year's opening and its opening entry drawn from the final figures and validated are one
 * commit, so a failure leaves the year open and a retry closes it once.
 */
export const closeFiscalYear = async (
  ctx: AppContext,
  orgId: string,
  yearId: string,
  metadata: CommandMetadata,
): Promise<{ openingMvt: string | null }> => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...ledgerReadModels, ...setupReadModels],
    plan: async () => {
      const year = await findFiscalYear(ctx, orgId, yearId);
      return openingPlan(ctx, orgId, year, metadata, {
        closedOn: parisDate(ctx.clock()),
        drafts: (await yearDrafts(ctx, orgId, year)).length,
      });
    },
  });
  return { openingMvt: openingOf(result) };
};
