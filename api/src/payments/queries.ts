import {
  type BankingState,
  bankingView,
  DomainError,
  modeTreasury,
  type PaymentDirection,
  paymentStreamId,
} from "@registre/core";
import { type DepositRow, type PaymentRow, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toPayment = (r: PaymentRow) => ({
  id: r.id,
  direction: r.direction as PaymentDirection,
  status: r.status,
  date: r.date,
  amount: r.amount,
  refund: r.refund,
  allocated: r.allocated,
  unallocated: r.amount - r.allocated,
  modeId: r.mode_id,
  modeKind: r.mode_kind as "cash",
  modeLabel: r.mode_label,
  journal: r.journal,
  account: r.account,
  bankAccount: r.bank_account,
  bankId: r.bank_id,
  reference: r.reference,
  drawer: r.drawer,
  drawerBank: r.drawer_bank,
  contactId: r.contact_id,
  contactName: r.contact_name,
  allocations: r.allocations.map((a) => ({ docId: a.doc, number: a.number, kind: a.kind, amount: a.amount })),
  entryMvt: r.entry_mvt,
  reversalMvt: r.reversal_mvt,
  cancelledOn: r.cancelled_on,
  depositId: r.deposit_id,
  depositNumber: r.deposit_number,
});

export const toDeposit = (r: DepositRow) => ({
  id: r.id,
  number: r.number,
  date: r.date,
  bankId: r.bank_id,
  bankAccount: r.bank_account,
  journal: r.journal,
  source: r.source,
  count: r.count,
  total: r.total,
  payments: r.payments.map((p) => ({
    paymentId: p.payment,
    date: p.date,
    amount: p.amount,
    reference: p.reference,
    drawer: p.drawer,
    drawerBank: p.drawerBank,
    contactName: p.contactName,
  })),
  entryMvt: r.entry_mvt,
});

export const findPayment = async (ctx: AppContext, orgId: string, id: string): Promise<PaymentRow> => {
  const row = UUID.test(id)
    ? await readModels(ctx.database)
        .selectFrom("payments")
        .selectAll()
        .where("org_id", "=", orgId)
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new DomainError("payment.notFound", {}, 404);
  return row;
};

export type PaymentFilter = {
  readonly contactId?: string | undefined;
  readonly docId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly status?: PaymentRow["status"] | undefined;
  readonly limit: number;
  readonly offset: number;
};

/** A side's payments, newest first, with the selection's count and amount. */
export const listPayments = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  f: PaymentFilter,
) => {
  const base = readModels(ctx.database)
    .selectFrom("payments")
    .where("org_id", "=", orgId)
    .where("direction", "=", direction)
    .$if(f.contactId !== undefined, (q) => q.where("contact_id", "=", f.contactId ?? ""))
    .$if(f.docId !== undefined, (q) =>
      q.where(sql<boolean>`allocations @> (${JSON.stringify([{ doc: f.docId }])}::text)::jsonb`),
    )
    .$if(f.from !== undefined, (q) => q.where("date", ">=", f.from ?? ""))
    .$if(f.to !== undefined, (q) => q.where("date", "<=", f.to ?? ""))
    .$if(f.status !== undefined, (q) => q.where("status", "=", f.status ?? "validated"));
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy("date", "desc")
      .orderBy("position", "desc")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as("n"),
        eb.fn.coalesce(eb.fn.sum<string>("amount"), sql<string>`0`).as("amount"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPayment), total: Number(totals.n), amount: Number(totals.amount) };
};

/**
 * A contact's advances on one side: its validated payments that left something unallocated (an
 * overpayment, or money received before the invoice), oldest first, and their total.
 */
export const contactAdvances = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  contactId: string,
) => {
  const rows = await readModels(ctx.database)
    .selectFrom("payments")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .where("direction", "=", direction)
    .where("status", "=", "validated")
    .where(sql<boolean>`amount > allocated`)
    .orderBy("date")
    .orderBy("position")
    .limit(500)
    .execute();
  const items = rows.map(toPayment);
  return { contactId, total: items.reduce((s, p) => s + p.unallocated, 0), items };
};

export const paymentHistory = async (ctx: AppContext, orgId: string, id: string) => {
  const rows = await readModels(ctx.database)
    .selectFrom("stream_history")
    .select(["version", "type", "at", "user_id"])
    .where("org_id", "=", orgId)
    .where("stream_id", "=", paymentStreamId(id))
    .orderBy("version")
    .execute();
  return {
    items: rows.map((r) => ({
      version: r.version,
      type: r.type,
      at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
      userId: r.user_id,
    })),
  };
};

/**
 * A mode as the screens show it: its journal, the account money received goes to and the one money paid
 * out leaves (`treasuryRoute`: a deposit is for cheques and cash received only).
 */
export const toMode = (state: BankingState, id: string) => {
  const view = bankingView(state);
  const mode = view.modes[id];
  if (!mode) throw new DomainError("paymentMode.notFound", { id }, 404);
  const treasury = modeTreasury(view, id, "in");
  const paidOut = modeTreasury(view, id, "out");
  return { ...mode, journal: treasury.journal, account: treasury.account, paidOutAccount: paidOut.account };
};

export const depositList = async (ctx: AppContext, orgId: string) => {
  const rows = await readModels(ctx.database)
    .selectFrom("deposits")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("date", "desc")
    .orderBy("number", "desc")
    .limit(500)
    .execute();
  return { items: rows.map(toDeposit) };
};
