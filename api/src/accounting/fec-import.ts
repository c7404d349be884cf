import {
  type ChartCommand,
  type ChartState,
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  checkVolume,
  counterFor,
  DomainError,
  type EntryCommand,
  entryDecider,
  entryStreamId,
  type FecFinding,
  type FecImportPlan,
  fiscalDecider,
  fiscalStreamId,
  type JournalsCommand,
  type JournalsState,
  journalsDecider,
  journalsStreamId,
  type LedgerLineFact,
  type LetteringCommand,
  letteringDecider,
  letteringStreamId,
  lineRef,
  parisDate,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import {
  handleCommand,
  handleMultiStream,
  loadAggregate,
  type MultiStreamPlan,
  streamDecision,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { markNotYetVisible } from "../http/request-scope.ts";
import { childMetadata, derivedId } from "../ids.ts";
import type { ProgressReport } from "../uploads/progress.ts";
import { catchUpLedger } from "./books.ts";
import { type EntryInput, ledgerReadModels, postingContext } from "./entries.ts";
import { keepPlan, planKey, takePlan } from "./fec-plans.ts";
import { listFiscalYears } from "./queries.ts";
import { setupReadModels } from "./setup.ts";

/** How long the import waits, at the end, for the ledger to show its entries. */
const LEDGER_TIMEOUT_MS = 600_000;

export type FecImportResult = {
  /** The file as read: its name (without folders), encoding and separator. */
  readonly fileName: string;
  readonly encoding: FecImportPlan["encoding"];
  readonly separator: FecImportPlan["separator"];
  /** Lines of entries read from the file. */
  readonly records: number;
  /** The first and the last day of its entries, as they are posted; null without an entry. */
  readonly period: { readonly start: string; readonly end: string } | null;
  /** Entries created and validated. */
  readonly entries: number;
  /** Their lines. */
  readonly lines: number;
  /** Lettering sets made from the file's EcritureLet. */
  readonly lettered: number;
  readonly journalsCreated: readonly string[];
  readonly accountsCreated: number;
  readonly auxiliaryAccountsCreated: number;
  readonly fiscalYearsOpened: readonly { start: string; end: string }[];
  /** Years of the organisation nothing was posted in, given new dates to follow the file's year. */
  readonly fiscalYearsMoved: readonly {
    id: string;
    start: string;
    end: string;
    /** Its dates before. */
    was: { start: string; end: string };
  }[];
  /** What was accepted but not as the norm wants it, or changed on the way in, with line numbers. */
  readonly warnings: readonly FecFinding[];
  /** Why the file was refused, with line numbers: when there is one, nothing was written. */
  readonly errors: readonly FecFinding[];
};

export type FecImportOptions = {
  /** After each entry written: how many of how many. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
  /** Check only: nothing is written; the counts are what the import would write. */
  readonly dryRun?: boolean | undefined;
  /** Lines per transaction (`BATCH_LINES` by default). */
  readonly batchLines?: number | undefined;
  /** Each phase as it starts, and the entries written (`uploads/progress.ts`). */
  readonly progress?: ProgressReport | undefined;
  /**
   * The caller gives up `bytes`: they are moved to the worker thread, not copied (a route's request
   * body, read once), and the caller's array is emptied. Without it they are copied.
   */
  readonly handOver?: boolean | undefined;
};

/** Whether the chart already holds what the command would create (a retried import). */
const chartHas = (state: ChartState, command: ChartCommand): boolean =>
  command.type === "InitialiseChart"
    ? state.initialised
    : command.type === "CreateAccount" || command.type === "CreateAuxiliaryAccount"
      ? state.accounts[command.data.number.trim().toUpperCase()] !== undefined
      : command.type === "UpdateAccount" && command.data.collective
        ? state.accounts[command.data.number]?.collective === true
        : false;

const journalsHave = (state: JournalsState, command: JournalsCommand): boolean =>
  command.type === "InitialiseJournals"
    ? state.initialised
    : command.type === "CreateJournal"
      ? state.journals[command.data.code] !== undefined
      : false;

const periodOf = (plan: FecImportPlan): FecImportResult["period"] => {
  let start = "";
  let end = "";
  for (const { content } of plan.entries) {
    if (start === "" || content.date < start) start = content.date;
    if (content.date > end) end = content.date;
  }
  return start === "" ? null : { start, end };
};

const resultOf = (
  plan: FecImportPlan,
  written: boolean,
  /** The organisation's years before the import. */
  years: readonly { id: string; start: string; end: string }[],
): FecImportResult => ({
  fileName: plan.fileName,
  encoding: plan.encoding,
  separator: plan.separator,
  records: plan.records,
  period: periodOf(plan),
  entries: written ? plan.entries.length : 0,
  lines: written ? plan.entries.reduce((s, e) => s + e.content.lines.length, 0) : 0,
  lettered: written ? plan.lettering.length : 0,
  journalsCreated: plan.journals.flatMap((c) => (c.type === "CreateJournal" ? [c.data.code] : [])),
  accountsCreated: plan.chart.filter((c) => c.type === "CreateAccount").length,
  auxiliaryAccountsCreated: plan.chart.filter((c) => c.type === "CreateAuxiliaryAccount").length,
  fiscalYearsOpened: plan.fiscal.flatMap((c) =>
    c.type === "OpenFiscalYear" ? [{ start: c.data.start ?? "", end: c.data.end ?? "" }] : [],
  ),
  fiscalYearsMoved: plan.fiscal.flatMap((c) => {
    if (c.type !== "RedefineFiscalYear") return [];
    const was = years.find((y) => y.id === c.data.id);
    return [
      {
        id: c.data.id,
        start: c.data.start,
        end: c.data.end,
        was: { start: was?.start ?? "", end: was?.end ?? "" },
      },
    ];
  }),
  warnings: plan.warnings,
  errors: plan.errors,
});

/**
 * Lines per transaction of the import: entries are appended in batches of streams, not one by one, and
 * small enough that a batch's commit (its events decided, written as text, sent) holds the event loop a
 * few tens of milliseconds at most: every other request is answered between two batches (issue 21).
 */
const BATCH_LINES = 1000;

/** Consecutive entries of the plan in batches of about `BATCH_LINES` lines. */
const batchesOf = (plan: FecImportPlan, batchLines: number): number[][] => {
  const batches: number[][] = [];
  let current: number[] = [];
  let lines = 0;
  for (const [i, entry] of plan.entries.entries()) {
    if (current.length > 0 && lines + entry.content.lines.length > batchLines) {
      batches.push(current);
      current = [];
      lines = 0;
    }
    current.push(i);
    lines += entry.content.lines.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
};

/**
 * One batch of entries drafted and validated in one commit over their streams: the chart, journals
 * and calendar guarded, each journal's numbers and the volume taken once for the batch, numbers
 * handed out in the order of the file. Validated on the file's ValidDate (the import day without one).
 */
const entriesPlan = async (
  ctx: AppContext,
  orgId: string,
  plan: FecImportPlan,
  batch: readonly number[],
  mvtOf: (i: number) => string,
  importedOn: string,
): Promise<MultiStreamPlan> => {
  const { context, guards } = await postingContext(ctx, orgId);
  const initial = { state: entryDecider.initialState(), version: 0 };
  const counters: Record<string, number> = {};
  let volume = 0;
  const items = batch.map((i) => {
    const entry = plan.entries[i];
    if (!entry) throw new RangeError(`No planned entry ${i}`);
    const mvt = mvtOf(i);
    const input: EntryInput = {
      ...entry.content,
      origin: { kind: "import", file: plan.fileName, number: entry.number },
    };
    const draft: EntryCommand = { type: "DraftEntry", data: { ...input, mvt }, context };
    const counter = counterFor(
      entryDecider.decide(draft, initial.state).reduce(entryDecider.evolve, initial.state),
      context.fiscal,
    );
    const rank = counters[counter] ?? 0;
    counters[counter] = rank + 1;
    volume += volumeOf(entry.content);
    return { mvt, draft, counter, rank, validatedOn: entry.validatedOn ?? importedOn };
  });
  return {
    guards,
    counters: { ...counters, [VOLUME_COUNTER]: volume },
    bulk: true,
    streams: items.map((item, k) =>
      streamDecision(entryStreamId(item.mvt), entryDecider, initial, (numbers) => {
        if (k === 0) checkVolume(numbers[VOLUME_COUNTER] ?? 1, volume);
        const sequence = (numbers[item.counter] ?? 0) + item.rank;
        const validate: EntryCommand = {
          type: "ValidateEntry",
          data: { sequence, validatedOn: item.validatedOn },
          context,
        };
        return [item.draft, validate];
      }),
    ),
  };
};

/**
 * The file's lettering sets, in one commit over the lettering streams of their accounts: the facts of
 * each set's lines are the plan's (the lines just validated).
 */
const letteringPlan = async (
  ctx: AppContext,
  orgId: string,
  plan: FecImportPlan,
  mvtOf: (i: number) => string,
): Promise<MultiStreamPlan> => {
  const byAccount = new Map<string, LetteringCommand[]>();
  for (const set of plan.lettering) {
    const facts: LedgerLineFact[] = set.lines.map(({ entry, line }) => {
      const content = plan.entries[entry]?.content;
      const posted = content?.lines[line];
      return {
        ref: lineRef(mvtOf(entry), line + 1),
        account: set.account,
        auxiliary: set.auxiliary,
        date: content?.date ?? "",
        debit: posted?.debit ?? 0,
        credit: posted?.credit ?? 0,
      };
    });
    const commands = byAccount.get(set.account) ?? [];
    commands.push({
      type: "LetterLines",
      data: { account: set.account, lettrable: true, lines: facts, requested: facts.map((f) => f.ref) },
    });
    byAccount.set(set.account, commands);
  }
  const streams = await Promise.all(
    [...byAccount].map(async ([account, commands]) => {
      const streamId = letteringStreamId(account);
      const loaded = await loadAggregate(ctx, orgId, streamId, letteringDecider);
      return streamDecision(streamId, letteringDecider, loaded, () => commands);
    }),
  );
  return { streams };
};

/**
 * Imports a FEC file whole or not at all. Everything is checked first, on simulated books with the
 * core deciders (parsing, grouping into balanced entries, journals, accounts and auxiliary accounts
 * to create, fiscal years to open, every entry as validation will decide it, lettering sets); when
 * anything is refused, nothing is written and `errors` names the lines. Otherwise: the chart and the
 * journals (initialised when missing, then the new accounts and journals), the fiscal years, each
 * entry drafted and validated in one append (origin: the file and its EcritureNum), then the lettering of lines
 * sharing an EcritureLet code on one account and auxiliary account when they balance (the lettering
 * decider, on the facts of the lines just validated); answers once the ledger shows it all.
 *
 * Each step's command id derives from `metadata.commandId`: running the same import again (the same
 * command id) after an interruption finishes it without writing anything twice. Another import of a
 * file of the same name is refused.
 */
export const importFec = async (
  ctx: AppContext,
  orgId: string,
  bytes: Uint8Array,
  fileName: string,
  metadata: CommandMetadata,
  options: FecImportOptions = {},
): Promise<FecImportResult> => {
  await catchUpLedger(ctx, orgId);
  const { context, guards } = await postingContext(ctx, orgId);
  const org = await readModels(ctx.database)
    .selectFrom("organisations")
    .select(["siren", "fiscal_year_start_month"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!org) throw new DomainError("organisation.notFound", {}, 404);
  const emptyYears = (await listFiscalYears(ctx, orgId)).filter((y) => y.empty).map((y) => y.id);
  options.progress?.("reading");
  const made = {
    fileName,
    siren: org.siren,
    fiscalYearStartMonth: org.fiscal_year_start_month,
    emptyYears,
    validatedOn: parisDate(ctx.clock()),
    limits: ctx.uploadLimits.fec,
  };
  // The plan the screen's dry run made of this file on these very books, when there is one (`fec-plans.ts`).
  const key = planKey(bytes, { ...made, orgId, books: guards });
  const now = ctx.clock().getTime();
  const kept = options.dryRun ? undefined : takePlan(key, metadata.commandId, now);
  // Else read and planned in the worker pool (`workers/tasks.ts`), within the organisation's upload
  // limits; the entries come back in pieces.
  const entries: FecImportPlan["entries"][number][] = [];
  const plan: FecImportPlan = kept ?? {
    ...(await ctx.work.run(
      "fecPlan",
      { bytes, context, commandId: metadata.commandId, ...made },
      {
        onItems: (items) => entries.push(...(items as FecImportPlan["entries"][number][])),
        moveBytes: options.handOver === true,
      },
    )),
    entries,
  };
  if (options.dryRun && plan.errors.length === 0) keepPlan(key, plan, metadata.commandId, now);
  options.progress?.("checking", 0, plan.records);
  const mvtOf = (i: number) => derivedId(metadata.commandId, "mvt", i);
  if (plan.errors.length === 0) {
    const previous = await readModels(ctx.database)
      .selectFrom("entries")
      .select(["mvt"])
      .where("org_id", "=", orgId)
      .where(sql<boolean>`origin->>'kind' = 'import' and origin->>'file' = ${plan.fileName}`)
      .limit(1)
      .executeTakeFirst();
    const resumed = await ctx.store.commandResult(orgId, childMetadata(metadata, "entries", 0).commandId);
    if (previous && !resumed)
      return resultOf(
        {
          ...plan,
          errors: [
            {
              line: 0,
              code: "fec.alreadyImported",
              severity: "error",
              message: `a file named ${plan.fileName} was already imported into this organisation`,
              params: { fileName: plan.fileName },
            },
          ],
        },
        false,
        context.fiscal.years,
      );
  }
  if (plan.errors.length > 0) return resultOf(plan, false, context.fiscal.years);
  if (options.dryRun) return resultOf(plan, true, context.fiscal.years);

  const chart = plan.chart;
  if (chart.length > 0)
    await handleCommand(ctx, {
      orgId,
      streamId: chartStreamId(orgId),
      decider: chartDecider,
      commands: async (state) => ({ commands: () => chart.filter((c) => !chartHas(state, c)) }),
      metadata: childMetadata(metadata, "chart", 0),
      readModels: [],
    });
  const journals = plan.journals;
  if (journals.length > 0)
    await handleCommand(ctx, {
      orgId,
      streamId: journalsStreamId(orgId),
      decider: journalsDecider,
      commands: async (state) => ({ commands: () => journals.filter((c) => !journalsHave(state, c)) }),
      metadata: childMetadata(metadata, "journals", 0),
      readModels: [],
    });
  if (plan.fiscal.length > 0)
    await handleCommand(ctx, {
      orgId,
      streamId: fiscalStreamId(orgId),
      decider: fiscalDecider,
      commands: plan.fiscal,
      metadata: childMetadata(metadata, "fiscal", 0),
      readModels: [],
    });
  const total = plan.entries.length;
  const importedOn = parisDate(ctx.clock());
  let done = 0;
  for (const [b, batch] of batchesOf(plan, options.batchLines ?? BATCH_LINES).entries()) {
    await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "entries", b),
      plan: () => entriesPlan(ctx, orgId, plan, batch, mvtOf, importedOn),
      readModels: [],
    });
    done += batch.length;
    options.onProgress?.(done, total);
    options.progress?.("writing", done, total);
  }
  if (plan.lettering.length > 0)
    await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "lettering", 0),
      plan: () => letteringPlan(ctx, orgId, plan, mvtOf),
      readModels: [],
    });
  options.progress?.("projecting", total, total);
  // Answer once the ledger and the chart, journals and years show the whole import, waited for once
  // here: each of the set-up commands waiting for them within a command's budget, while the machine
  // is busy, would turn the whole import's answer into « not yet visible » and lose its counts.
  // A large import takes a while to project, so it may wait longer than a command; a failed ledger
  // answers at once, and either way the import is stored and the answer says it is not visible yet.
  const visibility = await ctx.runner.awaitVisible(
    await ctx.store.head(),
    [...ledgerReadModels, ...setupReadModels],
    orgId,
    LEDGER_TIMEOUT_MS,
  );
  if (visibility !== "visible") markNotYetVisible(visibility);
  return resultOf(plan, true, context.fiscal.years);
};
