import {
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  DomainError,
  type EntryCommand,
  type EntryContent,
  type EntryLine,
  entryStreamId,
  parisDate,
  parseVatPeriod,
  postingYear,
  returnPeriodFields,
  settlementEntry,
  type ValidateVatReturn,
  type VatPeriod,
  VOLUME_COUNTER,
  vatAccounts,
  vatReturnDecider,
  vatReturnStreamId,
  volumeOf,
} from "@registre/core";
import { ConcurrencyError } from "@registre/store";
import { draftedCounter, postedEntryDecision, postingContext } from "../accounting/entries.ts";
import {
  handleMultiStream,
  loadAggregate,
  type MultiStreamPlan,
  type StreamDecision,
  streamDecision,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { findOrganisation } from "../organisations.ts";
import { prepareReturn, type ReturnOptions } from "./returns.ts";

/**
 * Every return validated takes one number of this counter, under the organisation's lock: a plan made
 * on `n` returns expects number `n + 1`, so two returns decided on the same VAT lines (March and April
 * sent at once) cannot both be appended — the second is planned again on the lines the first used.
 */
export const VAT_RETURNS_COUNTER = "vat:returns";

/**
 * Validates a period's return (issue 22), or posts a CA12's instalment (period `YYYY-AC1` in July,
 * `YYYY-AC2` in December: the return of its slip, 445810 / 445510 in OD dated the day, not later than its
 * month's end; only under the réel simplifié filing yearly, once, from its month on): one commit of the return as a fact (`VatReturnValidated`
 * with every box and the VAT lines it used, on `vat-return-<org>-<period>`, so a period is declared
 * once) and its settlement entry drafted and validated in OD with its number, on the chart, journals
 * and calendar guarded at the versions read. Refused, with nothing written: a period locked or in a
 * closed year, drafts dated in it, a later period already declared, bases that disagree beyond 5 €,
 * a refund below the 3519 thresholds or above the credit.
 */
export const validateVatReturn = async (
  ctx: AppContext,
  orgId: string,
  input: {
    readonly period: string;
    readonly refund?: number | undefined;
    readonly reference?: number | undefined;
    readonly corrections?: ReturnOptions["corrections"] | undefined;
  },
  metadata: CommandMetadata,
): Promise<{ period: string; settlementMvt: string | null }> => {
  const period = parseVatPeriod(input.period);
  const { vatPeriodicity, vatRegime } = await findOrganisation(ctx, orgId);
  if (period.instalment && (vatRegime !== "reel_simplifie" || vatPeriodicity !== "yearly"))
    throw new DomainError("vat.instalmentNotYearly", { field: "period", period: period.key });
  if (period.instalment && (input.corrections ?? []).length > 0)
    throw new DomainError("vat.correctionOnInstalment", { field: "corrections", period: period.key });
  if (period.periodicity !== vatPeriodicity)
    throw new DomainError("vat.wrongPeriodicity", {
      field: "period",
      period: period.key,
      periodicity: vatPeriodicity,
      // The periodicity in words, for each language's message.
      fr: { monthly: "mensuelle", quarterly: "trimestrielle", yearly: "annuelle" }[vatPeriodicity],
      en: vatPeriodicity,
    });
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: ["ledger", "vat_lines"],
    plan: async (): Promise<MultiStreamPlan> => {
      const [prepared, posting] = await Promise.all([
        prepareReturn(ctx, orgId, input.period, input.refund ?? 0, {
          corrections: input.corrections,
          reference: input.reference,
        }),
        postingContext(ctx, orgId),
      ]);
      const { computed } = prepared;
      const streamId = vatReturnStreamId(orgId, period.key);
      const loaded = await loadAggregate(ctx, orgId, streamId, vatReturnDecider);
      const outside = new Set(computed.outside.map((l) => `${l.mvt}/${l.line}`));
      const command = (refusal: DomainError | null, mvt: string | null): ValidateVatReturn => ({
        type: "ValidateVatReturn",
        data: {
          ...returnPeriodFields(period),
          form: computed.form.id,
          formVersion: computed.form.version,
          boxes: computed.boxes.map((b) => ({ code: b.code, base: b.base, tax: b.tax })),
          lines: prepared.lines
            .filter((l) => !outside.has(`${l.mvt}/${l.line}`))
            .map((l) => ({ mvt: l.mvt, line: l.line })),
          settlementMvt: mvt,
          validatedOn: parisDate(ctx.clock()),
          ...(prepared.corrections.length > 0 && { corrections: prepared.corrections }),
        },
        context: { refusal },
      });
      // The decider's refusals first (already validated), then a locked period or a closed year (as an
      // entry dated the period's last day would be), then what the return itself forbids: decided here,
      // on the state loaded, before anything is locked; decided again at the append.
      if (loaded.state.status === "validated") vatReturnDecider.decide(command(null, null), loaded.state);
      postingYear(posting.context.fiscal, period.end);
      const today = parisDate(ctx.clock());
      if (period.instalment && today < period.start)
        throw new DomainError(
          "vat.instalmentNotYet",
          { field: "period", period: period.key, start: period.start },
          409,
        );
      if (!period.instalment && today <= period.end)
        throw new DomainError(
          "vat.periodNotOver",
          { field: "period", period: period.key, end: period.end },
          409,
        );
      vatReturnDecider.decide(command(refusalOf(prepared), null), loaded.state);
      const content = period.instalment
        ? instalmentEntry(period, computed.settlement, today)
        : settlementEntry(period, computed.settlement);
      const mvt = content ? derivedId(metadata.commandId, "settlement") : null;
      const expected = prepared.returnCount + 1;
      const inSequence = (numbers: Readonly<Record<string, number>>) => {
        const taken = numbers[VAT_RETURNS_COUNTER];
        if (taken !== expected)
          throw new ConcurrencyError(`vat-returns-${orgId}`, prepared.returnCount, (taken ?? 1) - 1);
      };
      const streams = [
        streamDecision(streamId, vatReturnDecider, loaded, (numbers) => {
          inSequence(numbers);
          return [command(null, mvt)];
        }),
      ];
      const { guards, chart } = dueLettrable(orgId, posting, content);
      if (chart) streams.push(chart);
      if (!content || !mvt) {
        // Nothing to settle (a "néant" return), or a refusal the decider raises.
        return {
          guards,
          counters: { [VAT_RETURNS_COUNTER]: 1 },
          streams,
        };
      }
      const drafted: EntryCommand = {
        type: "DraftEntry",
        data: { ...content, mvt, origin: { kind: "vatReturn", period: period.key } },
        context: posting.context,
      };
      const counter = draftedCounter(drafted, posting);
      const added = volumeOf(content);
      streams.push(postedEntryDecision(ctx, posting, { mvt, drafted, counter }, { added }));
      return {
        guards,
        counters: { [VAT_RETURNS_COUNTER]: 1, [counter]: 1, [VOLUME_COUNTER]: added },
        streams,
      };
    },
  });
  // The settlement entry's stream among the commit's parts (a retry answers the first commit's).
  const prefix = entryStreamId("");
  const entry = result.parts.find((p) => p.streamId.startsWith(prefix));
  return { period: period.key, settlementMvt: entry ? entry.streamId.slice(prefix.length) : null };
};

/**
 * A return that credits 445510 makes it lettrable when the chart says it is not (an organisation made
 * before the template letters it): its due is then lettered with its payment (`payment-lettering.ts`).
 * The chart is written at the version read, no longer only guarded.
 */
const dueLettrable = (
  orgId: string,
  posting: Awaited<ReturnType<typeof postingContext>>,
  content: EntryContent | null,
): { guards: Record<string, number>; chart: StreamDecision | null } => {
  const account = posting.context.chart.accounts[vatAccounts.toPay];
  const credits = content?.lines.some((l) => l.account === vatAccounts.toPay && l.credit > 0) ?? false;
  const streamId = chartStreamId(orgId);
  const version = posting.guards[streamId];
  if (!credits || !account || account.lettrable || account.closed || version === undefined)
    return { guards: posting.guards, chart: null };
  const { [streamId]: _written, ...guards } = posting.guards;
  return {
    guards,
    chart: streamDecision(streamId, chartDecider, { state: posting.context.chart, version }, () => [
      { type: "UpdateAccount" as const, data: { number: account.number, lettrable: true } },
    ]),
  };
};

/** An instalment's entry: OD, dated the day it is declared, its month's last day when later. */
const instalmentEntry = (
  period: VatPeriod,
  lines: readonly EntryLine[],
  today: string,
): EntryContent | null => {
  const content = settlementEntry(period, lines);
  if (!content) return null;
  const date = today < period.end ? today : period.end;
  return { ...content, date, pieceDate: date, label: `Acompte de TVA ${period.key}` };
};

/** What forbids validating a prepared return, as the problem to answer (its first blocking warning). */
const refusalOf = (prepared: Awaited<ReturnType<typeof prepareReturn>>): DomainError | null => {
  const blocking = prepared.warnings.find((w) => w.blocking);
  if (!blocking) return null;
  switch (blocking.code) {
    case "vat.draftsInPeriod":
      return new DomainError(
        "vat.draftsInPeriod",
        {
          field: "period",
          period: prepared.period.key,
          count: blocking.count,
          first: blocking.items[0] ?? "",
        },
        409,
      );
    case "vat.laterPeriodValidated":
      return new DomainError(
        "vat.laterPeriodValidated",
        { field: "period", period: prepared.period.key, later: prepared.laterReturn ?? "" },
        409,
      );
    default:
      return new DomainError(blocking.code, blocking.params ?? {}, 422);
  }
};
