import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  checkVolume,
  counterFor,
  DomainError,
  type EntryCommand,
  type EntryContent,
  type EntryOrigin,
  entryDecider,
  entryStreamId,
  fiscalDecider,
  fiscalStreamId,
  journalsDecider,
  journalsStreamId,
  type PostingContext,
  parisDate,
  reversalOf,
  VOLUME_COUNTER,
  volumeLimit,
  volumeOf,
} from "@registre/core";
import { readModels } from "@registre/projections";
import {
  type CommandPlan,
  handleCommand,
  handleMultiStream,
  loadAggregate,
  type StreamDecision,
  streamDecision,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { mayPayVat, vatPaymentLettering } from "../vat/payment-lettering.ts";
import { entrySource, reversalRefusal } from "./entry-source.ts";

export const ledgerReadModels = ["ledger"] as const;

/** The chart, the journals and the fiscal calendar as they are now, and their versions to guard. */
export const postingContext = async (
  ctx: AppContext,
  orgId: string,
): Promise<{ context: PostingContext; guards: Record<string, number> }> => {
  const [chart, journals, fiscal] = await Promise.all([
    loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider),
    loadAggregate(ctx, orgId, journalsStreamId(orgId), journalsDecider),
    loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider),
  ]);
  return {
    context: { chart: chart.state, journals: journals.state, fiscal: fiscal.state },
    guards: {
      [chartStreamId(orgId)]: chart.version,
      [journalsStreamId(orgId)]: journals.version,
      [fiscalStreamId(orgId)]: fiscal.version,
    },
  };
};

type Posting = Awaited<ReturnType<typeof postingContext>>;

/** The counter a new entry's number comes from once `drafted`: its journal's, for its fiscal year. */
export const draftedCounter = (drafted: EntryCommand, posting: Pick<Posting, "context">): string =>
  counterFor(
    entryDecider
      .decide(drafted, entryDecider.initialState())
      .reduce(entryDecider.evolve, entryDecider.initialState()),
    posting.context.fiscal,
  );

/**
 * A new entry's stream in a multi-stream commit: drafted, then validated with the number its journal's
 * counter hands out (`rank` places it among the commit's entries of that journal). `volume`, given on
 * one entry of the commit, checks the organisation's yearly volume with the lines the commit adds.
 */
export const postedEntryDecision = (
  ctx: AppContext,
  posting: Pick<Posting, "context">,
  entry: {
    readonly mvt: string;
    readonly drafted: EntryCommand | ((numbers: Readonly<Record<string, number>>) => EntryCommand);
    readonly counter: string;
    readonly rank?: number;
  },
  volume?: { readonly added: number },
): StreamDecision =>
  streamDecision(
    entryStreamId(entry.mvt),
    entryDecider,
    { state: entryDecider.initialState(), version: 0 },
    (numbers) => {
      if (volume) checkVolume(numbers[VOLUME_COUNTER] ?? 1, volume.added);
      return [
        typeof entry.drafted === "function" ? entry.drafted(numbers) : entry.drafted,
        {
          type: "ValidateEntry" as const,
          data: {
            sequence: (numbers[entry.counter] ?? 0) + (entry.rank ?? 0),
            validatedOn: parisDate(ctx.clock()),
          },
          context: posting.context,
        },
      ];
    },
  );

/**
 * A command on an entry. Its plan is given the posting context (chart, journals, calendar) read in
 * the same statement as the entry's stream, at each attempt (a guard conflict reads them again).
 */
const runEntry = (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  metadata: CommandMetadata,
  plan: (
    state: Parameters<typeof entryDecider.evolve>[0],
    posting: () => Promise<Posting>,
  ) => Promise<CommandPlan<EntryCommand>>,
  readModels: readonly string[] = ledgerReadModels,
  { posting = true }: { posting?: boolean } = {},
) => {
  let read: Promise<Posting> | undefined;
  return handleCommand(ctx, {
    orgId,
    streamId: entryStreamId(mvt),
    decider: entryDecider,
    commands: (state) => plan(state, () => read ?? postingContext(ctx, orgId)),
    metadata,
    readModels,
    ...(posting && {
      alongside: () => {
        read = postingContext(ctx, orgId);
        // Awaited by the plan; not when the entry's own read fails first.
        read.catch(() => undefined);
      },
    }),
  });
};

/**
 * Validation decides on the entry, the chart, the journals and the calendar together: they are
 * guarded at the versions read, and the number is taken from the organisation head in the same
 * transaction, so a refused or conflicting validation never consumes a number.
 */
const validationPlan = async (
  ctx: AppContext,
  orgId: string,
  state: Parameters<typeof entryDecider.evolve>[0],
  before: readonly EntryCommand[],
  validatedOn = parisDate(ctx.clock()),
  posting?: Awaited<ReturnType<typeof postingContext>>,
): Promise<CommandPlan<EntryCommand>> => {
  const { context, guards } = posting ?? (await postingContext(ctx, orgId));
  const drafted = before.reduce((s, c) => entryDecider.decide(c, s).reduce(entryDecider.evolve, s), state);
  const counter = counterFor(drafted, context.fiscal);
  return {
    guards,
    counters: { [counter]: 1 },
    commands: (numbers) => [
      ...before,
      { type: "ValidateEntry", data: { sequence: numbers[counter] ?? 0, validatedOn }, context },
    ],
  };
};

/**
 * A plan that writes `content` also adds its amounts to the organisation's volume counter, taken
 * under the organisation's lock in the same transaction, and is refused past the bound (checked by
 * the store there: nothing is taken then).
 */
const addingVolume = (plan: CommandPlan<EntryCommand>, content: EntryContent): CommandPlan<EntryCommand> => ({
  ...plan,
  counters: { ...plan.counters, [VOLUME_COUNTER]: volumeOf(content) },
  limits: {
    ...plan.limits,
    [VOLUME_COUNTER]: volumeLimit,
  },
});

export type EntryInput = EntryContent & { readonly origin?: EntryOrigin };

export type DraftOptions = {
  /** Draft and validate in one append. */
  readonly validate?: boolean;
  readonly mvt?: string;
  /** The validation date; today in France by default (an import keeps the file's). */
  readonly validatedOn?: string;
  /** The read models to wait for; a bulk import waits once at the end instead. */
  readonly readModels?: readonly string[];
};

/** Writes a draft entry; with `validate`, drafts and validates it in one append. Answers its mvt. */
export const draftEntry = async (
  ctx: AppContext,
  orgId: string,
  input: EntryInput,
  metadata: CommandMetadata,
  options: DraftOptions = {},
): Promise<string> => {
  const mvt = options.mvt ?? derivedId(metadata.commandId, "mvt");
  if (options.validate && mayPayVat(input, input.origin ?? { kind: "manual" })) {
    await validateWithLettering(ctx, orgId, mvt, metadata, input, options);
    return mvt;
  }
  await runEntry(
    ctx,
    orgId,
    mvt,
    metadata,
    async (state, posted) => {
      const posting = await posted();
      const draft: EntryCommand = { type: "DraftEntry", data: { ...input, mvt }, context: posting.context };
      // Drafted and validated on the same books, read once (guarded at the versions read).
      if (options.validate)
        return addingVolume(
          await validationPlan(ctx, orgId, state, [draft], options.validatedOn, posting),
          input,
        );
      return addingVolume({ commands: [draft] }, input);
    },
    options.readModels,
  );
  return mvt;
};

export const changeDraft = (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  input: EntryContent,
  metadata: CommandMetadata,
) =>
  runEntry(ctx, orgId, mvt, metadata, async (_state, posted) => {
    const { context } = await posted();
    return addingVolume({ commands: [{ type: "ChangeDraft", data: input, context }] }, input);
  });

export const deleteDraft = (ctx: AppContext, orgId: string, mvt: string, metadata: CommandMetadata) =>
  runEntry(
    ctx,
    orgId,
    mvt,
    metadata,
    async () => ({ commands: [{ type: "DeleteDraft", data: {} }] }),
    ledgerReadModels,
    { posting: false },
  );

export const validateEntry = async (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  metadata: CommandMetadata,
): Promise<unknown> => {
  const { state } = await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider);
  if (state.status === "draft" && mayPayVat(state.content, state.origin))
    return validateWithLettering(ctx, orgId, mvt, metadata, null);
  return runEntry(ctx, orgId, mvt, metadata, async (state, posted) =>
    validationPlan(ctx, orgId, state, [], undefined, await posted()),
  );
};

/**
 * An entry validated (drafted first from `draft`, when given) in one commit with the lettering its
 * validation brings: a payment of VAT due lettered with the validated returns it pays
 * (`vat/payment-lettering.ts`). The entry's stream comes first, so a retry finds the command there.
 */
const validateWithLettering = (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  metadata: CommandMetadata,
  draft: EntryInput | null,
  options: DraftOptions = {},
) =>
  handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: options.readModels ?? ledgerReadModels,
    plan: async () => {
      const [posting, loaded] = await Promise.all([
        postingContext(ctx, orgId),
        loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider),
      ]);
      const before: EntryCommand[] = draft
        ? [{ type: "DraftEntry", data: { ...draft, mvt }, context: posting.context }]
        : [];
      const validation = await validationPlan(ctx, orgId, loaded.state, before, options.validatedOn, posting);
      const plan = draft ? addingVolume(validation, draft) : validation;
      const drafted = before.reduce(
        (s, c) => entryDecider.decide(c, s).reduce(entryDecider.evolve, s),
        loaded.state,
      );
      const lettering =
        drafted.status === "draft"
          ? await vatPaymentLettering(
              ctx,
              orgId,
              [{ mvt, content: drafted.content, origin: drafted.origin }],
              posting.context.chart,
            )
          : null;
      const { commands } = plan;
      return {
        ...(plan.guards && { guards: plan.guards }),
        ...(plan.counters && { counters: plan.counters }),
        ...(plan.limits && { limits: plan.limits }),
        streams: [
          streamDecision(entryStreamId(mvt), entryDecider, loaded, (numbers) =>
            typeof commands === "function" ? commands(numbers) : commands,
          ),
          ...(lettering ? [lettering] : []),
        ],
      };
    },
  });

/**
 * Validates a selection of drafts in the order of their dates (then of the selection), each in
 * its own append: numbers follow the chronology within each journal. Answers what was validated
 * and, per refused entry, why; the others are validated all the same.
 */
export const validateEntries = async (
  ctx: AppContext,
  orgId: string,
  mvts: readonly string[],
  metadata: CommandMetadata,
): Promise<{ validated: string[]; refused: { mvt: string; error: DomainError }[] }> => {
  const drafts = await readModels(ctx.database)
    .selectFrom("entries")
    .select(["mvt", "date"])
    .where("org_id", "=", orgId)
    .where("mvt", "in", mvts.length ? [...mvts] : ["00000000-0000-0000-0000-000000000000"])
    .execute();
  const dates = new Map(drafts.map((d) => [d.mvt, d.date]));
  const ordered = [...new Set(mvts)].sort((a, b) => (dates.get(a) ?? "").localeCompare(dates.get(b) ?? ""));
  const validated: string[] = [];
  const refused: { mvt: string; error: DomainError }[] = [];
  for (const mvt of ordered) {
    try {
      await validateEntry(ctx, orgId, mvt, childMetadata(metadata, `validate:${mvt}`));
      validated.push(mvt);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ mvt, error });
    }
  }
  return { validated, refused };
};

/**
 * "Create opposite entry": a draft that reverses a validated entry, dated `date`. Answers its mvt.
 * Refused for an entry corrected elsewhere (posted by a document, a payment, a deposit or a VAT
 * return; reconciled with a bank line): `reversalRefusal` says where.
 */
export const reverseEntry = async (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  date: string,
  metadata: CommandMetadata,
): Promise<string> => {
  const original = await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider);
  if (original.state.status === "none") throw new DomainError("entry.notFound", {}, 404);
  if (original.state.status === "validated") {
    const { origin } = original.state;
    const refused = reversalRefusal(origin, await entrySource(ctx, orgId, mvt, origin, true));
    if (refused) throw refused;
  }
  return draftEntry(
    ctx,
    orgId,
    { ...reversalOf(original.state, date), origin: { kind: "reversal", of: mvt } },
    metadata,
  );
};
