import {
  type BankRule,
  type CommandMetadata,
  DomainError,
  defaultPostingAccounts,
  type EntryCommand,
  evaluateRules,
  lineEntry,
  type MatchTarget,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import type { BankStatementLineRow, BankStatementRow } from "@registre/projections";
import { draftedCounter, postedEntryDecision, postingContext } from "../accounting/entries.ts";
import { findStatement } from "../banks/statement-queries.ts";
import { alreadyAppended, handleMultiStream, type StreamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { contactSnapshot } from "../documents/context.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { vatPaymentLettering } from "../vat/payment-lettering.ts";
import { loadStatementStream, matchDecision, reconcileReadModels } from "./accept.ts";
import { checkBooking, loadBankRules, ruleOf } from "./rules.ts";
import { findLine, statementLineOf, statementLines } from "./suggestions.ts";

export type LineBooking = BankRule["booking"];

/** A collective account (411, 401) names the contact's auxiliary account: its own control and code. */
const auxiliaryOf = async (ctx: AppContext, orgId: string, booking: LineBooking) => {
  if (!booking.contactId || !/^4[01]/.test(booking.account))
    return { account: booking.account, auxiliary: null };
  const contact = await contactSnapshot(
    ctx,
    orgId,
    booking.contactId,
    booking.account.startsWith("401") ? "purchases" : "sales",
  );
  if (!contact.auxiliary) throw new DomainError("bankRule.contactUnknown", { field: "booking.contactId" });
  return { account: contact.auxiliary.control, auxiliary: contact.auxiliary.code };
};

/**
 * Books statement lines without a document, in one commit: for each, an entry in the bank's journal
 * (the bank's 512 line first, against the booking's account, its VAT apart; `lineEntry`) drafted and
 * validated with its journal's number, and the line matched to the entry's bank line. The chart,
 * journals and calendar are guarded; the numbers are taken together (one per entry, in line order).
 */
export const bookLines = async (
  ctx: AppContext,
  orgId: string,
  statement: BankStatementRow,
  items: readonly {
    readonly row: BankStatementLineRow;
    readonly booking: LineBooking;
    readonly by: "user" | "rule";
  }[],
  metadata: CommandMetadata,
): Promise<string[]> => {
  if (items.length === 0) return [];
  for (const b of new Set(items.map((i) => JSON.stringify(i.booking))))
    await checkBooking(ctx, orgId, JSON.parse(b) as LineBooking);
  const mvts = items.map((_, i) => derivedId(metadata.commandId, "line-entry", i));
  const accounts = await Promise.all(items.map((i) => auxiliaryOf(ctx, orgId, i.booking)));
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...reconcileReadModels],
    plan: async () => {
      const [posting, loaded] = await Promise.all([
        postingContext(ctx, orgId),
        loadStatementStream(ctx, orgId, statement.id),
      ]);
      const counters: Record<string, number> = {};
      let volume = 0;
      const entries = items.map((item, i) => {
        const account = accounts[i] ?? { account: item.booking.account, auxiliary: null };
        const content = lineEntry({
          line: { date: item.row.booking_date, amount: Number(item.row.amount), label: item.row.label },
          bank: { account: statement.account, journal: statement.journal },
          booking: {
            ...account,
            vatRate: item.booking.vatRate,
            label: item.booking.label,
            pieceRef: (item.row.reference ?? item.row.bank_ref ?? "Relevé").slice(0, 60),
          },
          vatAccounts: {
            collected: defaultPostingAccounts.vatCollected,
            deductible: defaultPostingAccounts.vatDeductible,
          },
        });
        const mvt = mvts[i] ?? "";
        const origin = { kind: "statementLine" as const, statement: statement.id, no: item.row.no };
        const drafted: EntryCommand = {
          type: "DraftEntry",
          data: { ...content, mvt, origin },
          context: posting.context,
        };
        const counter = draftedCounter(drafted, posting);
        const rank = counters[counter] ?? 0;
        counters[counter] = rank + 1;
        volume += volumeOf(content);
        return { mvt, drafted, counter, rank, content, origin };
      });
      const volumeAdded = volume;
      const matches = items.map((item, i): { no: number; target: MatchTarget } => ({
        no: item.row.no,
        target: { kind: "entry", id: mvts[i] ?? "", mvt: mvts[i] ?? "", line: 1 },
      }));
      const streams: StreamDecision[] = entries.map((e, i) =>
        postedEntryDecision(
          ctx,
          posting,
          { mvt: e.mvt, drafted: e.drafted, counter: e.counter, rank: e.rank },
          i === 0 ? { added: volumeAdded } : undefined,
        ),
      );
      // A rule's lines and a user's differ only by who matched them; one commit has one kind.
      streams.push(matchDecision(loaded, statement.id, matches, items[0]?.by ?? "user"));
      // A line paying a VAT return's due (the DGFIP's direct debit booked to 445510) is lettered with it.
      const lettering = await vatPaymentLettering(ctx, orgId, entries, posting.context.chart);
      if (lettering) streams.push(lettering);
      return { guards: posting.guards, counters: { ...counters, [VOLUME_COUNTER]: volumeAdded }, streams };
    },
  });
  return mvts;
};

/** Creates the entry of one line from the booking the user gave (account, VAT rate, label, contact). */
export const createLineEntry = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  no: number,
  booking: LineBooking,
  metadata: CommandMetadata,
): Promise<string> => {
  if (await alreadyAppended(ctx, orgId, metadata, reconcileReadModels))
    return derivedId(metadata.commandId, "line-entry", 0);
  const statement = await findStatement(ctx, orgId, statementId);
  const row = await findLine(ctx, orgId, statementId, no);
  if (row.match_mvt) throw new DomainError("statementLine.alreadyMatched", { no }, 409);
  const [mvt] = await bookLines(ctx, orgId, statement, [{ row, booking, by: "user" }], metadata);
  return mvt ?? "";
};

/** Applies a rule to the lines given (or the rule that applies to each, when none is named). */
export const applyRule = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  nos: readonly number[],
  ruleId: string | undefined,
  metadata: CommandMetadata,
) => {
  const statement = await findStatement(ctx, orgId, statementId);
  const [rows, { rules }] = await Promise.all([
    statementLines(ctx, orgId, statementId, nos),
    loadBankRules(ctx, orgId),
  ]);
  const named = ruleId ? ruleOf(rules, ruleId) : undefined;
  const items = rows.flatMap((row) => {
    if (row.match_mvt) return [];
    const rule = named ?? evaluateRules(rules, statementLineOf(row))?.rule;
    return rule
      ? [{ row, booking: { ...rule.booking, label: rule.booking.label ?? row.label }, by: "rule" as const }]
      : [];
  });
  const mvts = await bookLines(ctx, orgId, statement, items, metadata);
  return { items: items.map((i, k) => ({ no: i.row.no, mvt: mvts[k] ?? "" })) };
};

/**
 * The automatic rules on a statement just imported: every unmatched line an automatic rule applies to
 * is booked and matched, in one commit (a child of the import's command, so a retried import does the
 * same). Called by the import once its lines are visible.
 */
export const applyAutomaticRules = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  metadata: CommandMetadata,
) => {
  const statement = await findStatement(ctx, orgId, statementId);
  const [rows, { rules }] = await Promise.all([
    statementLines(ctx, orgId, statementId),
    loadBankRules(ctx, orgId),
  ]);
  if (!rules.some((r) => r.automatic && r.enabled)) return { items: [] };
  const items = rows.flatMap((row) => {
    if (row.match_mvt) return [];
    const outcome = evaluateRules(rules, statementLineOf(row));
    return outcome?.mode === "automatic"
      ? [
          {
            row,
            booking: { ...outcome.rule.booking, label: outcome.rule.booking.label ?? row.label },
            by: "rule" as const,
          },
        ]
      : [];
  });
  const mvts = await bookLines(ctx, orgId, statement, items, childMetadata(metadata, "automatic-rules"));
  return { items: items.map((i, k) => ({ no: i.row.no, mvt: mvts[k] ?? "" })) };
};
