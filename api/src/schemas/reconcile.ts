import { z } from "@hono/zod-openapi";
import { vatRates } from "@registre/core";
import { Amount, CentsOut, Day } from "./common.ts";
import { pathParams, StatementLineNo, Uuid } from "./ids.ts";

/** Reconciliation (/api/banks/reconcile…, /api/banks/reconciliation…). */
/** A statement (`id`) and one of its lines by its number in the statement, from 1 (`no`). */
export const StatementLineParams = pathParams({ id: Uuid, no: StatementLineNo });
/** A statement by its id. */
export const StatementParam = pathParams({ id: Uuid });

const Reason = z.object({
  code: z.enum(["number", "amount", "amountSum", "iban", "name", "date"]),
  points: z.number().int(),
  detail: z.string().optional(),
});
export const MatchSuggestion = z
  .object({
    key: z.string(),
    kind: z.enum(["invoices", "payment", "deposit", "entry"]),
    score: z.number().int(),
    amount: Amount,
    reasons: z.array(Reason),
    contactId: z.string().nullable(),
    contactName: z.string().nullable(),
    invoices: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        /** A credit note: accepting records its refund (money out to a customer, in from a supplier). */
        kind: z.enum(["invoice", "creditNote"]),
        due: CentsOut,
        date: z.string(),
        dueDate: z.string().nullable(),
      }),
    ),
    movement: z
      .object({
        mvt: z.string(),
        line: z.number().int(),
        date: z.string(),
        number: z.string(),
        label: z.string(),
      })
      .nullable(),
  })
  .openapi("MatchSuggestion");
const RuleProposal = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(["automatic", "proposed"]),
  booking: z.object({
    account: z.string(),
    journal: z.string().optional(),
    vatRate: z.string().optional(),
    contactId: z.string().optional(),
    label: z.string().optional(),
  }),
});
export const LineSuggestions = z
  .object({
    statementId: z.string(),
    no: z.number().int(),
    matched: z.boolean(),
    items: z.array(MatchSuggestion),
    declined: z.array(z.string()),
    rule: RuleProposal.nullable(),
  })
  .openapi("LineSuggestions");
export const StatementSuggestions = z
  .object({
    items: z.array(
      z.object({
        no: z.number().int(),
        top: z.array(MatchSuggestion).openapi({ description: "The best suggestion, when there is one" }),
        rule: RuleProposal.nullable(),
      }),
    ),
  })
  .openapi("StatementSuggestions");

const Key = z.string().min(3).max(700);
export const AcceptInput = z.object({ key: Key }).openapi("AcceptSuggestionInput");
export const AcceptResult = z
  .object({ statementId: z.string(), no: z.number().int(), paymentId: z.string().nullable() })
  .openapi("AcceptSuggestionResult");
export const DeclineInput = z
  .object({ key: Key, restore: z.boolean().optional() })
  .openapi("DeclineSuggestionInput");
export const LineEntryInput = z
  .object({
    account: z.string().max(20),
    vatRate: z.enum(vatRates).optional(),
    label: z.string().max(200).optional(),
    contactId: Uuid.optional(),
  })
  .openapi("LineEntryInput");
export const LineEntryResult = z
  .object({ statementId: z.string(), no: z.number().int(), mvt: z.string() })
  .openapi("LineEntryResult");
export const ApplyRulesInput = z
  .object({ nos: z.array(z.number().int().min(1)).min(1).max(10_000), ruleId: Uuid.optional() })
  .openapi("ApplyRulesInput");
export const AppliedRules = z
  .object({ items: z.array(z.object({ no: z.number().int(), mvt: z.string() })) })
  .openapi("AppliedRules");
export const BulkReconcileInput = z
  .object({
    items: z
      .array(z.object({ no: z.number().int().min(1), key: Key.optional() }))
      .min(1)
      .max(10_000),
  })
  .openapi("BulkReconcileInput");
export const BulkReconcileResult = z
  .object({
    items: z.array(
      z.object({
        no: z.number().int(),
        key: z.string().nullable(),
        status: z.enum(["matched", "paid", "skipped"]),
        reason: z.string().optional(),
      }),
    ),
  })
  .openapi("BulkReconcileResult");

export const ReconciliationQuery = z.object({
  bankId: Uuid,
  date: Day,
});
export const ReconciliationReport = z
  .object({
    bankId: z.string(),
    bankName: z.string(),
    account: z.string(),
    date: z.string(),
    bookBalance: Amount,
    bankBalance: Amount.nullable(),
    bankBalanceFrom: z.object({ statementId: z.string(), label: z.string(), date: z.string() }).nullable(),
    unmatchedBook: z.array(
      z.object({
        mvt: z.string(),
        line: z.number().int(),
        date: z.string(),
        number: z.string(),
        label: z.string(),
        amount: Amount,
      }),
    ),
    unmatchedLines: z.array(
      z.object({
        statementId: z.string(),
        no: z.number().int(),
        date: z.string(),
        label: z.string(),
        amount: Amount,
      }),
    ),
    unmatchedBookTotal: Amount,
    unmatchedLinesTotal: Amount,
    explainedBankBalance: Amount,
    difference: Amount.nullable(),
    statements: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        closing: Amount.nullable(),
        lineCount: z.number().int(),
        matchedCount: z.number().int(),
      }),
    ),
  })
  .openapi("ReconciliationReport");
