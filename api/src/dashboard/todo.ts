import { readModels } from "@registre/projections";
import { sql } from "kysely";
import { listStatementLines } from "../banks/statement-queries.ts";
import type { AppContext } from "../context.ts";
import { lateInvoices } from "../reminders/reminders.ts";

export const todoKeys = ["salesDrafts", "purchaseDrafts", "statementLines", "remindersDue"] as const;
export type TodoKey = (typeof todoKeys)[number];

export type Todo = { key: TodoKey; count: number; path: string };

/** The right each to-do's list needs (read): a member is shown only the to-dos whose list is open to them. */
export const todoRights: Record<TodoKey, string> = {
  salesDrafts: "sales.invoices",
  purchaseDrafts: "purchases.invoices",
  statementLines: "statements.reconcile",
  remindersDue: "sales.invoices",
};

/** The web screen listing what each to-do counts. */
export const todoPaths: Record<TodoKey, string> = {
  salesDrafts: "/org/docs/validate?direction=sales",
  purchaseDrafts: "/org/docs/validate?direction=purchases",
  statementLines: "/org/banks/reconciliation",
  remindersDue: "/org/sales/reminders",
};

/**
 * What needs doing (issue 26): the draft invoices and credit notes to validate on each side, the bank
 * statement lines not reconciled yet, the late invoices whose next reminder is due — each a count and the
 * web path of its list, only those `may` (the member's rights) opens.
 */
export const dashboardTodo = async (
  ctx: AppContext,
  orgId: string,
  may: (key: TodoKey) => boolean,
): Promise<Todo[]> => {
  const drafts = async (direction: "sales" | "purchases") =>
    Number(
      (
        await readModels(ctx.database)
          .selectFrom("documents")
          .where("org_id", "=", orgId)
          .where("direction", "=", direction)
          .where("status", "=", "draft")
          .where("kind", "in", ["invoice", "creditNote"])
          .select(sql<number>`count(*)::integer`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts: Record<TodoKey, () => Promise<number>> = {
    salesDrafts: () => drafts("sales"),
    purchaseDrafts: () => drafts("purchases"),
    statementLines: async () =>
      (await listStatementLines(ctx, orgId, { matched: false, limit: 1, offset: 0 })).total,
    remindersDue: async () => (await lateInvoices(ctx, orgId)).filter((l) => l.dueLevel !== null).length,
  };
  const shown = todoKeys.filter(may);
  const values = await Promise.all(shown.map((key) => counts[key]()));
  return shown.map((key, i) => ({ key, count: values[i] ?? 0, path: todoPaths[key] }));
};
