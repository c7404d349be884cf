import {
  type Bank,
  type BankingState,
  bankingDecider,
  bankingStreamId,
  bankingView,
  bankLedgerLabels,
  type CommandMetadata,
  chartDecider,
  chartStreamId,
  DomainError,
  journalsDecider,
  journalsStreamId,
  newBankAccount,
  type PaymentMode,
} from "@registre/core";
import { setupReadModels } from "../accounting/setup.ts";
import { handleMultiStream, loadAggregate, orgStreamRunner, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";

/** The banks and payment modes as commands see them (an untouched stream has the default modes). */
export const loadBanking = async (ctx: AppContext, orgId: string) => {
  const loaded = await loadAggregate(ctx, orgId, bankingStreamId(orgId), bankingDecider);
  return { ...loaded, view: bankingView(loaded.state) };
};

export const runBanking = orgStreamRunner({
  streamId: bankingStreamId,
  decider: bankingDecider,
  readModels: [],
});

export type BankInputBody = {
  readonly name: string;
  readonly iban?: string | null | undefined;
  readonly bic?: string | null | undefined;
  readonly openingBalance?: number | undefined;
  readonly openingDate?: string | null | undefined;
};

/**
 * A bank account, one commit: the bank on the banking stream, its 512 sub-account in the chart and its
 * own bank journal (BQ1, BQ2…) moving that account, each stream at the version read. Answers its id.
 */
export const createBank = async (
  ctx: AppContext,
  orgId: string,
  input: BankInputBody,
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "bank");
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...setupReadModels],
    plan: async () => {
      const [banking, chart, journals] = await Promise.all([
        loadAggregate(ctx, orgId, bankingStreamId(orgId), bankingDecider),
        loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider),
        loadAggregate(ctx, orgId, journalsStreamId(orgId), journalsDecider),
      ]);
      const { account, journal } = newBankAccount(chart.state.accounts, journals.state);
      // The bank's checks first: a bad IBAN is the answer, not an account created for nothing.
      bankingDecider.decide({ type: "CreateBank", data: { ...input, id, account, journal } }, banking.state);
      const labels = bankLedgerLabels(input.name);
      return {
        streams: [
          streamDecision(bankingStreamId(orgId), bankingDecider, banking, () => [
            { type: "CreateBank" as const, data: { ...input, id, account, journal } },
          ]),
          streamDecision(chartStreamId(orgId), chartDecider, chart, () => [
            {
              type: "CreateAccount" as const,
              data: { number: account, ...labels },
            },
          ]),
          streamDecision(journalsStreamId(orgId), journalsDecider, journals, () => [
            {
              type: "CreateJournal" as const,
              data: {
                code: journal,
                ...labels,
                kind: "bank" as const,
                account,
              },
            },
          ]),
        ],
      };
    },
  });
  return id;
};

export const bankOf = (state: BankingState, id: string): Bank => {
  const bank = state.banks[id];
  if (!bank) throw new DomainError("bank.notFound", { id }, 404);
  return bank;
};

export const modeOf = (state: BankingState, id: string): PaymentMode => {
  const mode = bankingView(state).modes[id];
  if (!mode) throw new DomainError("paymentMode.notFound", { id }, 404);
  return mode;
};
