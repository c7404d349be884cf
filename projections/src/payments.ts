import {
  type Allocation,
  allocatedOf,
  type DepositEvent,
  type DepositedPayment,
  type PaymentDirection,
  type PaymentEvent,
  type PaymentModeKind,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import { liveSink, type Projector } from "./projector.ts";

/** `payments`: one row per payment (money in or out), for the lists, the detail and the deposits to make. */
export type PaymentsTable = {
  org_id: string;
  id: string;
  direction: PaymentDirection;
  /** Cancelled once its reversal is posted. */
  status: "validated" | "cancelled";
  date: string;
  amount: number;
  /** Money the other way (to a customer, from a supplier), settling credit notes. */
  refund: boolean;
  /** Allocated to documents (invoices less credit notes; a refund's: credit notes less invoices, its
   * whole amount); `amount - allocated` is the advance. */
  allocated: number;
  mode_id: string;
  mode_kind: PaymentModeKind;
  mode_label: string;
  journal: string;
  /** Where the money went when recorded: 512…, or 511200 / 530000 until a deposit. */
  account: string;
  bank_account: string;
  bank_id: string | null;
  reference: string | null;
  drawer: string | null;
  drawer_bank: string | null;
  contact_id: string;
  contact_name: string;
  allocations: Allocation[];
  entry_mvt: string;
  reversal_mvt: string | null;
  cancelled_on: string | null;
  deposit_id: string | null;
  deposit_number: string | null;
  position: number;
  created_at: Date | string;
};
export type PaymentRow = Selectable<PaymentsTable>;

/** `deposits`: one row per cheque or cash deposit. */
export type DepositsTable = {
  org_id: string;
  id: string;
  number: string;
  date: string;
  bank_id: string | null;
  bank_account: string;
  journal: string;
  source: string;
  count: number;
  total: number;
  payments: DepositedPayment[];
  entry_mvt: string;
  created_at: Date | string;
};
export type DepositRow = Selectable<DepositsTable>;

const paymentId = (streamId: string) => streamId.slice("payment-".length);

/**
 * The payments and deposits of each organisation. A payment recorded in the batch goes through the
 * sink (COPY in a rebuild), changed in memory by its later events; the others are updated in place.
 */
export const paymentsProjector: Projector = {
  name: "payments",
  version: 3,
  handles: [
    "PaymentRecorded",
    "PaymentRemainderAllocated",
    "PaymentCancelled",
    "PaymentDeposited",
    "DepositRecorded",
  ],
  tables: [
    {
      name: "payments",
      columns: `org_id uuid not null, id uuid not null, direction text not null, status text not null,
        date text not null, amount bigint not null, refund boolean not null, allocated bigint not null, mode_id text not null,
        mode_kind text not null, mode_label text not null, journal text not null, account text not null,
        bank_account text not null, bank_id uuid, reference text, drawer text, drawer_bank text,
        contact_id uuid not null, contact_name text not null, allocations jsonb not null, entry_mvt uuid not null,
        reversal_mvt uuid, cancelled_on text, deposit_id uuid, deposit_number text, position bigint not null,
        created_at timestamptz not null, primary key (org_id, id)`,
      indexes: [
        "create index on {table} (org_id, direction, date, position)",
        "create index on {table} (org_id, contact_id, date)",
        // Waiting for a deposit: validated, in 5112 or 530, not deposited.
        "create index on {table} (org_id, account, date) where deposit_id is null and status = 'validated'",
      ],
    },
    {
      name: "deposits",
      columns: `org_id uuid not null, id uuid not null, number text not null, date text not null, bank_id uuid,
        bank_account text not null, journal text not null, source text not null, count integer not null,
        total bigint not null, payments jsonb not null, entry_mvt uuid not null, created_at timestamptz not null,
        primary key (org_id, id)`,
      indexes: ["create index on {table} (org_id, date, number)"],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const payments = table("payments");
    const deposits = table("deposits");
    const fresh = new Map<string, PaymentsTable>();
    const freshDeposits: DepositsTable[] = [];
    for (const event of events) {
      const e = event as StoredEvent & (PaymentEvent | DepositEvent);
      const at = e.metadata.at;
      if (e.type === "DepositRecorded") {
        const d = e.data;
        freshDeposits.push({
          org_id: e.orgId,
          id: d.id,
          number: d.number,
          date: d.date,
          bank_id: d.bankId,
          bank_account: d.bankAccount,
          journal: d.journal,
          source: d.source,
          count: d.payments.length,
          total: d.total,
          payments: [...d.payments],
          entry_mvt: d.entryMvt,
          created_at: at,
        });
        continue;
      }
      const id = paymentId(e.streamId);
      const key = `${e.orgId}|${id}`;
      const row = fresh.get(key);
      const set = async (values: Partial<PaymentsTable>) => {
        if (row) Object.assign(row, values);
        else
          await db
            .updateTable(payments)
            .set(values)
            .where("org_id", "=", e.orgId)
            .where("id", "=", id)
            .execute();
      };
      switch (e.type) {
        case "PaymentRecorded": {
          const p = e.data;
          fresh.set(key, {
            org_id: e.orgId,
            id: p.id,
            direction: p.direction,
            status: "validated",
            date: p.date,
            amount: p.amount,
            refund: p.refund === true,
            allocated: allocatedOf(p.allocations, p.refund),
            mode_id: p.modeId,
            mode_kind: p.modeKind,
            mode_label: p.modeLabel,
            journal: p.treasury.journal,
            account: p.treasury.account,
            bank_account: p.treasury.bankAccount,
            bank_id: p.treasury.bankId,
            reference: p.reference,
            drawer: p.drawer,
            drawer_bank: p.drawerBank,
            contact_id: p.contact.id,
            contact_name: p.contact.name,
            allocations: [...p.allocations],
            entry_mvt: p.entryMvt,
            reversal_mvt: null,
            cancelled_on: null,
            deposit_id: null,
            deposit_number: null,
            position: e.position,
            created_at: at,
          });
          break;
        }
        case "PaymentRemainderAllocated": {
          // The advance used later: its allocations join the recording's, `allocated` grows.
          const used = allocatedOf(e.data.allocations);
          if (row) {
            row.allocations = [...row.allocations, ...e.data.allocations];
            row.allocated += used;
          } else
            await db
              .updateTable(payments)
              .set({
                allocations: sql`allocations || (${JSON.stringify(e.data.allocations)}::text)::jsonb`,
                allocated: sql`allocated + ${used}::bigint`,
              })
              .where("org_id", "=", e.orgId)
              .where("id", "=", id)
              .execute();
          break;
        }
        case "PaymentCancelled":
          await set({ status: "cancelled", cancelled_on: e.data.on, reversal_mvt: e.data.reversalMvt });
          break;
        case "PaymentDeposited":
          await set({ deposit_id: e.data.deposit, deposit_number: e.data.number });
          break;
        default:
          e satisfies never;
      }
    }
    await sink.insert(payments, [...fresh.values()]);
    await sink.insert(deposits, freshDeposits);
  },
};
