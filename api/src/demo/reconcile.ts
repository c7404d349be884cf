import { bankingView, type CommandMetadata } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { loadBanking } from "../payments/banking.ts";
import { reconcileSelection } from "../reconcile/accept.ts";
import { applyRule, createLineEntry } from "../reconcile/line-entries.ts";
import { runBankRules } from "../reconcile/rules.ts";
import { demoRules } from "./bank-lines.ts";
import { type DemoStatementsPlan, lineKey } from "./statements.ts";

/**
 * The demo's bank rules (`demoRules`): the fees and card commissions to 627000, the card receipts to
 * 707000 with their VAT, the rent, hosting, software, telephone and electricity debits to their accounts,
 * all automatic — booked as the statements are imported —, and the URSSAF debit to 646000, proposed.
 */
export const seedDemoBankRules = async (ctx: AppContext, orgId: string, metadata: () => CommandMetadata) => {
  for (const [order, rule] of demoRules.entries())
    await runBankRules(
      ctx,
      orgId,
      {
        type: "SaveBankRule",
        data: { rule: { ...rule, id: derivedId(orgId, "demo-rule", order + 1), order } },
      },
      metadata(),
    );
};

/**
 * The demo's reconciliation, as a user does it on the reconcile screen, statement by statement: the
 * lines' best suggestions accepted in bulk (each customer's or supplier's transfer pays its invoices —
 * two at once, or one in part —, the deposit's line matched to it), the proposed rule applied (URSSAF),
 * and an entry made from each line left (card purchases, the insurance premium) — except the last
 * statement's lines the plan leaves to do.
 */
export const seedDemoReconciliation = async (
  ctx: AppContext,
  orgId: string,
  metadata: () => CommandMetadata,
  plan: DemoStatementsPlan,
) => {
  const bank = Object.values(bankingView((await loadBanking(ctx, orgId)).state).banks).find(
    (b) => b.iban && !b.closed,
  );
  if (!bank) return;
  const statements = await readModels(ctx.database)
    .selectFrom("bank_statements")
    .select(["id"])
    .where("org_id", "=", orgId)
    .where("bank_id", "=", bank.id)
    .orderBy("date_to")
    .execute();
  const open = async (statementId: string) =>
    (
      await readModels(ctx.database)
        .selectFrom("bank_statement_lines")
        .select(["no", "bank_ref", "reference"])
        .where("org_id", "=", orgId)
        .where("statement_id", "=", statementId)
        .where("match_mvt", "is", null)
        .orderBy("no")
        .execute()
    ).filter((l) => !plan.left.has(lineKey(l)));
  for (const s of statements) {
    const lines = await open(s.id);
    if (lines.length === 0) continue;
    const done = await reconcileSelection(
      ctx,
      orgId,
      s.id,
      lines.map((l) => ({ no: l.no })),
      metadata(),
    );
    const rest = done.items.filter((r) => r.status === "skipped").map((r) => r.no);
    if (rest.length > 0) await applyRule(ctx, orgId, s.id, rest, undefined, metadata());
    for (const l of await open(s.id)) {
      const booking = plan.bookings.get(lineKey(l));
      if (booking) await createLineEntry(ctx, orgId, s.id, l.no, booking, metadata());
    }
  }
};
