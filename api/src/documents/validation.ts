import {
  type CommandMetadata,
  type DocumentCommand,
  type DocumentSeries,
  DomainError,
  documentDecider,
  documentProblems,
  documentSeriesDecider,
  documentSettingsStreamId,
  documentStreamId,
  documentValidationPlan,
  entryDecider,
  entryStreamId,
  isLive,
  organisationStreamId,
  parisDate,
  seriesIsYearly,
  seriesLastIssueDate,
  VOLUME_COUNTER,
  validationTarget,
  volumeLimit,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { type Checkpoint, compareCheckpoints } from "@registre/store";
import { ledgerReadModels, postingContext } from "../accounting/entries.ts";
import {
  awaitReadModels,
  catchUp,
  handleMultiStream,
  loadAggregate,
  type MultiStreamPlan,
  streamDecision,
  takenCounters,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { childMetadata, derivedId } from "../ids.ts";
import {
  contactSnapshot,
  documentReadModels,
  loadDocument,
  loadOrganisation,
  postingAccountsOf,
  sellerOf,
} from "./context.ts";
import { loadDocumentSettings } from "./settings.ts";

/**
 * The last issue date of a numbering sequence that has no `doc-series-…` stream yet. None when its
 * counter was never taken (a new sequence: no document has its number, and a concurrent first number
 * writes the stream, which this validation then conflicts on). Else documents were numbered before the
 * stream existed: from the documents read model caught up to the organisation's head, the largest issue
 * date of the series' validated documents within the sequence (its year when the format prints one).
 * Read once per sequence: its first number from now on writes the stream.
 */
const lastIssueDateBefore = async (
  ctx: AppContext,
  orgId: string,
  series: DocumentSeries,
  issueDate: string,
  counter: string,
): Promise<string | null> => {
  if (!(await takenCounters(ctx, orgId))[counter]) return null;
  await catchUp(ctx, orgId, [...documentReadModels]);
  const year = issueDate.slice(0, 4);
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .select((eb) => eb.fn.max("issue_date").as("last"))
    .where("org_id", "=", orgId)
    .where("series", "=", series.id)
    .where("validated_on", "is not", null)
    .$if(seriesIsYearly(series.format), (q) =>
      q.where("issue_date", ">=", `${year}-01-01`).where("issue_date", "<=", `${year}-12-31`),
    )
    .executeTakeFirst();
  return row?.last ?? null;
};

/** By organisation, the numbering sequence its last validation wrote (at most `SERIES_MEMORY` kept). */
const SERIES_MEMORY = 2000;
const seriesMemory = new WeakMap<AppContext["store"], Map<string, string>>();
const seriesStreams = (ctx: AppContext): Map<string, string> => {
  let memory = seriesMemory.get(ctx.store);
  if (!memory) {
    memory = new Map();
    seriesMemory.set(ctx.store, memory);
  }
  return memory;
};
const rememberSeriesStream = (ctx: AppContext, orgId: string, streamId: string) => {
  const memory = seriesStreams(ctx);
  memory.delete(orgId);
  memory.set(orgId, streamId);
  if (memory.size > SERIES_MEMORY) memory.delete(memory.keys().next().value as string);
};

/**
 * The validation of an invoice or credit note, one commit: the document validated with its number
 * (sales: the series' gapless counter for the year), and its entry drafted and validated in VT or HA
 * with the journal's number, its origin the document. The chart, journals, calendar, organisation and
 * settings are guarded at the versions read; the counters are taken under the organisation's lock;
 * numbers follow dates by construction: the sequence's `doc-series-…` stream is read and committed in
 * the same append (moved on at the version read, or guarded), so a validation a concurrent later-dated
 * one overtook conflicts, is planned again and refused (`doc.dateBeforeLast`); any refusal (a locked period, a missing account, a missing mention) rolls the whole commit back and
 * takes no number.
 */
export const validationPlan = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  metadata: CommandMetadata,
  validatedOn: string,
  /**
   * A document validated in the commit that creates it (an internal credit note): its stream as it
   * stands (new) and its creation, decided before the validation.
   */
  start?: { readonly loaded: Awaited<ReturnType<typeof loadDocument>>; readonly before: DocumentCommand[] },
): Promise<MultiStreamPlan> => {
  // Read in the same statement as the others: the sequence this organisation's last validation wrote.
  const guess = seriesStreams(ctx).get(orgId);
  const guessed = guess ? loadAggregate(ctx, orgId, guess, documentSeriesDecider) : undefined;
  guessed?.catch(() => undefined);
  const [loaded, posting, org, settings] = await Promise.all([
    start ? start.loaded : loadDocument(ctx, orgId, id),
    postingContext(ctx, orgId),
    loadOrganisation(ctx, orgId),
    loadDocumentSettings(ctx, orgId),
  ]);
  if (!start && !isLive(loaded.state)) throw new DomainError("doc.notFound", {}, 404);
  const live = isLive(loaded.state) ? loaded.state : null;
  // A draft whose contact became a customer (supplier) after it was written takes its account now;
  // its lines too take the regime the contact decides (sales exempt or outside French VAT).
  const before: DocumentCommand[] = [...(start?.before ?? [])];
  if (live && live.status === "draft" && live.contact && !live.contact.auxiliary) {
    const contact = await contactSnapshot(ctx, orgId, live.contact.id, live.direction).catch(() => null);
    if (contact?.auxiliary) before.push({ type: "SetDocumentContact", data: { contact } });
  }
  const target = validationTarget(loaded.state, before, settings.state.series);
  const { doc, sequence } = target;
  // Numbers follow dates: the sequence's last date from its stream, committed with this validation.
  const sequenceLog = sequence
    ? await (sequence.streamId === guess && guessed
        ? guessed
        : loadAggregate(ctx, orgId, sequence.streamId, documentSeriesDecider))
    : null;
  if (sequence) rememberSeriesStream(ctx, orgId, sequence.streamId);
  const lastIssueDate =
    !sequence || !sequenceLog
      ? null
      : sequenceLog.version > 0
        ? seriesLastIssueDate(sequenceLog.state)
        : await lastIssueDateBefore(ctx, orgId, sequence.series, doc.header.issueDate, sequence.counter);
  const plan = documentValidationPlan({
    id,
    loaded: loaded.state,
    before,
    target,
    sequenceState: sequenceLog?.state ?? null,
    lastIssueDate,
    seller: sellerOf(org.state),
    accounts: postingAccountsOf(org.state),
    posting: posting.context,
    mvt: derivedId(metadata.commandId, "entry"),
    validatedOn,
  });
  const sequenceCommands = plan.sequence?.commands;
  return {
    guards: {
      ...posting.guards,
      [organisationStreamId(orgId)]: org.version,
      [documentSettingsStreamId(orgId)]: settings.version,
      // The same date guards the sequence at the version read; a later one moves it on (an event).
      ...(plan.sequence &&
        sequenceLog &&
        !sequenceCommands && { [plan.sequence.streamId]: sequenceLog.version }),
    },
    counters: plan.counters,
    // The store refuses the volume past its bound under the lock, taking nothing (the numbers enter the
    // events only as printed: on Postgres the commit is one statement).
    limits: { [VOLUME_COUNTER]: volumeLimit },
    streams: [
      streamDecision(documentStreamId(id), documentDecider, loaded, plan.document),
      streamDecision(
        entryStreamId(derivedId(metadata.commandId, "entry")),
        entryDecider,
        { state: entryDecider.initialState(), version: 0 },
        plan.entry,
      ),
      ...(plan.sequence && sequenceLog && sequenceCommands
        ? [streamDecision(plan.sequence.streamId, documentSeriesDecider, sequenceLog, sequenceCommands)]
        : []),
    ],
  };
};

/** The read models a validation's answer reads: the document, its entry, the balances. */
export const validationReadModels: readonly string[] = [...documentReadModels, ...ledgerReadModels];

/** What a validation committed: its entry's mvt, and the place in the log its read models show it from. */
export type ValidationCommit = { readonly mvt: string; readonly checkpoint: Checkpoint | null };

/**
 * Validates (numbers and posts) an invoice or credit note, and answers once committed, without waiting
 * for the read models: the caller waits (`showValidations`) before it answers what they read. A retried
 * command id answers the first commit.
 */
export const commitValidation = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  metadata: CommandMetadata,
  /** Today in France by default (the demo validates as the business went along). */
  validatedOn = parisDate(ctx.clock()),
): Promise<ValidationCommit> => {
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [],
    plan: () => validationPlan(ctx, orgId, id, metadata, validatedOn),
  });
  const part = result.parts.find((p) => p.streamId.startsWith(entryStreamId("")));
  return {
    mvt: part ? part.streamId.slice(entryStreamId("").length) : "",
    checkpoint: result.checkpoint,
  };
};

/**
 * Read-your-writes for validations committed up to `checkpoint` (the last of them): waits until the
 * documents and ledger read models show it, within the budget; past it (or when one is stopped for the
 * organisation) the request is marked and answers 202 "not yet visible", as any command's.
 */
export const showValidations = (ctx: AppContext, orgId: string, checkpoint: Checkpoint | null) =>
  awaitReadModels(ctx, orgId, { checkpoint }, validationReadModels);

/** Validates an invoice or credit note and waits for its read models. Answers the entry's mvt. */
export const validateDocument = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  metadata: CommandMetadata,
  validatedOn = parisDate(ctx.clock()),
): Promise<string> => {
  const commit = await commitValidation(ctx, orgId, id, metadata, validatedOn);
  await showValidations(ctx, orgId, commit.checkpoint);
  return commit.mvt;
};

/**
 * What validating the document now would refuse, without writing anything: the plan made and every
 * stream decided with the numbers it would take (the counters' next values are not read: any value
 * decides alike). Answers the refusals, first one first (the core refuses on the first).
 */
export const checkValidation = async (
  ctx: AppContext,
  orgId: string,
  id: string,
): Promise<{ code: string; field: string | null; params: Record<string, string | number> }[]> => {
  const { state } = await loadDocument(ctx, orgId, id);
  if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
  const problems: { code: string; field: string | null; params: Record<string, string | number> }[] = [];
  const probe = async (run: () => Promise<unknown> | unknown) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (!problems.some((p) => p.code === error.code && p.field === (error.params.field ?? null)))
        problems.push({
          code: error.code,
          field: (error.params.field as string | undefined) ?? null,
          params: { ...error.params },
        });
    }
  };
  // Every mention the core checks, then the whole commit as it would be decided.
  const org = await loadOrganisation(ctx, orgId);
  for (const p of documentProblems(state, sellerOf(org.state)))
    problems.push({ code: p.code, field: p.field, params: { field: p.field } });
  await probe(async () => {
    const plan = await validationPlan(
      ctx,
      orgId,
      id,
      { commandId: derivedId(id, "check"), at: ctx.clock().toISOString() },
      parisDate(ctx.clock()),
    );
    const numbers = Object.fromEntries(Object.keys(plan.counters ?? {}).map((c) => [c, 1]));
    for (const stream of plan.streams) stream.decide(numbers);
    // A bound the store would check (the volume): what this commit adds alone passing it.
    for (const [name, limit] of Object.entries(plan.limits ?? {}))
      if ((plan.counters?.[name] ?? 0) > limit.max) throw limit.refusal();
  });
  return problems;
};

export type BulkReport = {
  readonly validated: { id: string; number: string | null; mvt: string }[];
  readonly refused: { id: string; error: DomainError | ProblemError }[];
};

/**
 * Validates a selection in the order of the documents' dates (then of the selection), each in its own
 * commit (its command id derived from the request's), so that numbers follow dates; a refusal is
 * reported and the others go on. The commits do not wait for the read models one by one: the report
 * waits once for the last, so the next read shows every validation of the selection.
 */
export const validateDocuments = async (
  ctx: AppContext,
  orgId: string,
  ids: readonly string[],
  metadata: CommandMetadata,
): Promise<BulkReport> => {
  const unique = [...new Set(ids)];
  const rows = await readModels(ctx.database)
    .selectFrom("documents")
    .select(["id", "issue_date"])
    .where("org_id", "=", orgId)
    .where("id", "in", unique.length ? unique : ["00000000-0000-0000-0000-000000000000"])
    .execute();
  const dates = new Map(rows.map((r) => [r.id, r.issue_date]));
  const ordered = unique
    .map((id, index) => ({ id, index }))
    .sort((a, b) => (dates.get(a.id) ?? "").localeCompare(dates.get(b.id) ?? "") || a.index - b.index);
  const committed: (ValidationCommit & { readonly id: string })[] = [];
  const refused: BulkReport["refused"] = [];
  // Each commit goes on without waiting for the read models; the report waits once, for the last.
  let last: Checkpoint | null = null;
  for (const { id } of ordered) {
    try {
      const commit = await commitValidation(ctx, orgId, id, childMetadata(metadata, `validate:${id}`));
      if (commit.checkpoint && (!last || compareCheckpoints(commit.checkpoint, last) > 0))
        last = commit.checkpoint;
      committed.push({ ...commit, id });
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof ProblemError)) throw error;
      refused.push({ id, error });
    }
  }
  // The numbers, once shown, from the documents read model in one statement; from each document's
  // stream when it does not show them in time.
  const shown = await showValidations(ctx, orgId, last);
  const numbers =
    shown && committed.length > 0
      ? new Map(
          (
            await readModels(ctx.database)
              .selectFrom("documents")
              .select(["id", "number"])
              .where("org_id", "=", orgId)
              .where(
                "id",
                "in",
                committed.map((c) => c.id),
              )
              .execute()
          ).map((r) => [r.id, r.number]),
        )
      : new Map<string, string | null>();
  const validated: BulkReport["validated"] = [];
  for (const { id, mvt } of committed) {
    let number = numbers.get(id) ?? null;
    if (number === null) {
      const { state } = await loadDocument(ctx, orgId, id);
      number = isLive(state) ? state.number : null;
    }
    validated.push({ id, number, mvt });
  }
  return { validated, refused };
};
