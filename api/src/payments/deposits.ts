import {
  bankingStreamId,
  CASH_ACCOUNT,
  CHEQUES_TO_CASH,
  type CommandMetadata,
  DomainError,
  depositCounter,
  depositDecider,
  depositPosting,
  depositStreamId,
  type EntryCommand,
  paymentDecider,
  paymentStreamId,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import { type DepositRow, type PaymentRow, readModels } from "@registre/projections";
import {
  draftedCounter,
  ledgerReadModels,
  postedEntryDecision,
  postingContext,
} from "../accounting/entries.ts";
import { handleMultiStream, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { loadBanking } from "./banking.ts";
import { loadPayment } from "./payments.ts";

export const depositReadModels = ["payments", ...ledgerReadModels] as const;

/**
 * The payments waiting for a deposit: received, validated, in 5112 (cheques) or 530 (cash), not deposited; for one
 * bank (its 512 account) when asked, oldest first.
 */
export const waitingPayments = async (
  ctx: AppContext,
  orgId: string,
  filter: { bankId?: string | undefined; source?: "cheques" | "cash" | undefined },
): Promise<PaymentRow[]> => {
  const banking = await loadBanking(ctx, orgId);
  const bankAccount = filter.bankId ? (banking.view.banks[filter.bankId]?.account ?? "-") : undefined;
  const sources =
    filter.source === "cash"
      ? [CASH_ACCOUNT]
      : filter.source === "cheques"
        ? [CHEQUES_TO_CASH]
        : [CHEQUES_TO_CASH, CASH_ACCOUNT];
  return (
    readModels(ctx.database)
      .selectFrom("payments")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("status", "=", "validated")
      .where("deposit_id", "is", null)
      .where("account", "in", sources)
      // Money received only (`moneyWay` "in"): a customer's payment, a supplier's refund. Money paid out
      // — a supplier's payment, a customer's refund — is the payee's to cash, never deposited.
      .where((eb) =>
        eb.or([
          eb.and([eb("direction", "=", "sales"), eb("refund", "=", false)]),
          eb.and([eb("direction", "=", "purchases"), eb("refund", "=", true)]),
        ]),
      )
      .$if(bankAccount !== undefined, (q) => q.where("bank_account", "=", bankAccount ?? ""))
      .orderBy("date")
      .orderBy("position")
      .limit(1000)
      .execute()
  );
};

/**
 * A deposit, one commit: `DepositRecorded` with its number (`REM<year>-nnnn`, the year's gapless counter),
 * `PaymentDeposited` on each payment at the version read (a payment deposited twice conflicts), and its
 * entry — the bank once for the total, 5112 / 530 per payment — validated in the bank's journal.
 */
export const recordDeposit = async (
  ctx: AppContext,
  orgId: string,
  input: {
    readonly date: string;
    readonly paymentIds: readonly string[];
    /** The bank chosen (null: the default account, no bank); every payment must be waiting for it. */
    readonly bankId?: string | null | undefined;
  },
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "deposit");
  const mvt = derivedId(metadata.commandId, "entry");
  const ids = [...new Set(input.paymentIds)];
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...depositReadModels],
    plan: async () => {
      const [banking, posting, payments] = await Promise.all([
        loadBanking(ctx, orgId),
        postingContext(ctx, orgId),
        Promise.all(ids.map((p) => loadPayment(ctx, orgId, p))),
      ]);
      if (input.bankId !== undefined)
        for (const { state } of payments)
          if (state.status !== "none" && state.treasury.bankId !== input.bankId)
            throw new DomainError("deposit.otherBank", {
              field: "bankId",
              contact: state.contact.name,
              bank: state.treasury.bankId
                ? (banking.view.banks[state.treasury.bankId]?.name ?? state.treasury.bankAccount)
                : state.treasury.bankAccount,
            });
      const first = payments[0]?.state;
      const bank =
        first && first.status !== "none" && first.treasury.bankId
          ? banking.view.banks[first.treasury.bankId]
          : undefined;
      const journal = bank?.journal ?? "BQ";
      const counter = depositCounter(/^\d{4}-/.test(input.date) ? input.date : "0000-");
      const command = (sequence: number) => ({
        type: "RecordDeposit" as const,
        data: { id, date: input.date, sequence, entryMvt: mvt, journal },
        context: { payments: payments.map((p) => p.state) },
      });
      // Decided with a stand-in number: the deposit's refusals and its entry's amounts and journal.
      const [probe] = depositDecider.decide(command(1), depositDecider.initialState());
      if (!probe) throw new DomainError("deposit.noPayments", { field: "payments" });
      const content = depositPosting(probe.data);
      const entryFor = (number: string) => ({
        ...content,
        pieceRef: number,
        label: content.label.replace(probe.data.number, number),
      });
      const drafted = (number: string): EntryCommand => ({
        type: "DraftEntry",
        data: { ...entryFor(number), mvt, origin: { kind: "deposit", deposit: id } },
        context: posting.context,
      });
      const entryCounter = draftedCounter(drafted(probe.data.number), posting);
      const added = volumeOf(content);
      const numberOf = (numbers: Readonly<Record<string, number>>) =>
        depositDecider.decide(command(numbers[counter] ?? 1), depositDecider.initialState())[0]?.data
          .number ?? "";
      return {
        guards: { ...posting.guards, [bankingStreamId(orgId)]: banking.version },
        counters: { [counter]: 1, [entryCounter]: 1, [VOLUME_COUNTER]: added },
        streams: [
          streamDecision(
            depositStreamId(id),
            depositDecider,
            { state: depositDecider.initialState(), version: 0 },
            (numbers) => [command(numbers[counter] ?? 1)],
          ),
          ...payments.map((p, i) =>
            streamDecision(paymentStreamId(ids[i] ?? ""), paymentDecider, p, (numbers) => [
              {
                type: "DepositPayment" as const,
                data: { deposit: id, number: numberOf(numbers), on: input.date },
              },
            ]),
          ),
          postedEntryDecision(
            ctx,
            posting,
            { mvt, drafted: (numbers) => drafted(numberOf(numbers)), counter: entryCounter },
            { added },
          ),
        ],
      };
    },
  });
  return id;
};

export const findDeposit = async (ctx: AppContext, orgId: string, id: string): Promise<DepositRow> => {
  const row = await readModels(ctx.database)
    .selectFrom("deposits")
    .selectAll()
    .where("org_id", "=", orgId)
    .where((eb) =>
      eb.or([
        eb("id", "=", /^[0-9a-f-]{36}$/i.test(id) ? id : "00000000-0000-0000-0000-000000000000"),
        eb("entry_mvt", "=", /^[0-9a-f-]{36}$/i.test(id) ? id : "00000000-0000-0000-0000-000000000000"),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw new DomainError("deposit.notFound", {}, 404);
  return row;
};
