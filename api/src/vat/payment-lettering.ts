import {
  type ChartState,
  type EntryContent,
  type EntryOrigin,
  letteringDecider,
  letteringStreamId,
  matchVatPayments,
  type VatDue,
  vatAccounts,
  vatPaymentLines,
  vatPaymentSet,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { listReturns } from "./reads.ts";

/**
 * The lettering a payment of VAT brings to its commit (issue 22: a return is paid when the BQ payment of
 * its 445510 is lettered): the entries posted that debit 445510 — typed in, or booked from a bank
 * statement's line, by hand or by a rule — lettered with the validated returns' dues they pay exactly
 * (`matchVatPayments`: one return, or returns in a row). Any other amount is left to letter by hand. Not
 * when the chart says 445510 is not lettrable (an organisation made before it was, until its next return:
 * `vat/validate.ts`).
 */

/** Whether posting `content` may pay VAT due: the cheap test that decides whether to look further. */
export const mayPayVat = (content: Pick<EntryContent, "date" | "lines">, origin: EntryOrigin): boolean =>
  vatPaymentLines("", content, origin).length > 0;

/** The validated returns' dues not lettered yet, in the returns' order, as the ledger holds them. */
export const openVatDues = async (ctx: AppContext, orgId: string): Promise<VatDue[]> => {
  const returns = (await listReturns(ctx, orgId)).filter((r) => r.settlement_mvt);
  if (returns.length === 0) return [];
  const lines = await readModels(ctx.database)
    .selectFrom("ledger_lines")
    .select(["mvt", "line", "account", "auxiliary", "date", "debit", "credit"])
    .where("org_id", "=", orgId)
    .where("account", "=", vatAccounts.toPay)
    .where("letter_code", "is", null)
    .where(
      "mvt",
      "in",
      returns.map((r) => r.settlement_mvt as string),
    )
    .where("credit", ">", 0)
    .orderBy("line")
    .execute();
  return returns.flatMap((r) =>
    lines
      .filter((l) => l.mvt === r.settlement_mvt)
      .map((l) => ({
        period: r.period,
        line: {
          ref: `${l.mvt}/${l.line}`,
          account: l.account,
          auxiliary: l.auxiliary,
          date: l.date,
          debit: l.debit,
          credit: l.credit,
        },
      })),
  );
};

/**
 * The lettering stream of 445510 with a set per due paid by the entries `posted` (their lines numbered
 * as the ledger will), or null when they pay none. Decided on the stream as loaded: a due lettered
 * meanwhile (another payment, by hand) is not lettered twice; the commit conflicts and plans again.
 */
export const vatPaymentLettering = async (
  ctx: AppContext,
  orgId: string,
  posted: readonly { readonly mvt: string; readonly content: EntryContent; readonly origin: EntryOrigin }[],
  chart: ChartState,
): Promise<StreamDecision | null> => {
  const account = vatAccounts.toPay;
  const payments = posted.flatMap((p) => vatPaymentLines(p.mvt, p.content, p.origin));
  if (payments.length === 0 || !chart.accounts[account]?.lettrable) return null;
  const [dues, loaded] = await Promise.all([
    openVatDues(ctx, orgId),
    loadAggregate(ctx, orgId, letteringStreamId(account), letteringDecider),
  ]);
  const open = dues.filter((d) => !loaded.state.letteredLines.has(d.line.ref));
  const sets = matchVatPayments(open, payments).map(vatPaymentSet);
  if (sets.length === 0) return null;
  return streamDecision(letteringStreamId(account), letteringDecider, loaded, () =>
    sets.map((lines) => ({
      type: "LetterLines" as const,
      data: { account, lettrable: true, lines, requested: lines.map((l) => l.ref) },
    })),
  );
};
