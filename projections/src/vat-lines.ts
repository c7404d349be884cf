import {
  type EntryEvent,
  type EntryOrigin,
  isPendingVatAccount,
  isSettlementVatAccount,
  isVatAccount,
  type VatCorrection,
  type VatReturnEvent,
  vatLineFacts,
} from "@registre/core";
import { type StoredEvent, writeBehind } from "@registre/store";
import { type Selectable, sql } from "kysely";
import { json, liveSink, type Projector, type Timestamp } from "./projector.ts";

/**
 * `vat_lines`: one row per VAT-bearing fact (issue 22) — every line of a validated entry carrying a VAT
 * code: a document's VAT due or deductible at invoicing, the VAT a payment makes due (services taxed on
 * receipts) or deductible (445640 released), a self-assessment, a manual entry's coded line. Signed the
 * way of its direction (collected: credit positive; deductible: debit positive), so a credit note
 * counts against. `return_period` is the return that used it (its lettering): no later return takes it.
 */
export type VatLinesTable = {
  org_id: string;
  mvt: string;
  line: number;
  /** The day the VAT is due or deductible: the entry's date. */
  date: string;
  journal: string;
  number: string;
  piece_ref: string;
  label: string;
  /** Where it comes from: a document, a payment, a manual entry… and its id. */
  origin_kind: string;
  source_id: string | null;
  account: string;
  direction: string;
  rate: string;
  kind: string;
  regime: string;
  base: number;
  tax: number;
  return_period: string | null;
  position: number;
};
export type VatLineRow = Selectable<VatLinesTable>;

/**
 * `vat_untagged_lines`: the lines of validated entries on a VAT account (445…) that carry no VAT code, so
 * that no box takes them — not the waiting accounts (445740, 445640), not the settlement's (44551, 44567,
 * 44581, 44583), not a return's own settlement entry. A return warns of those of its period. Kept apart,
 * and usually empty, so that the warning is one index range where it was the period's ledger lines
 * counted against its VAT lines on every call.
 */
export type VatUntaggedLinesTable = {
  org_id: string;
  mvt: string;
  line: number;
  date: string;
  journal: string;
  number: string;
  account: string;
  label: string;
  /** Debit less credit. */
  amount: number;
  position: number;
};

/** Whether a line of a validated entry is one the return should have a code for and has none. */
const untagged = (account: string, coded: boolean, origin: EntryOrigin): boolean =>
  !coded &&
  isVatAccount(account) &&
  !isPendingVatAccount(account) &&
  !isSettlementVatAccount(account) &&
  origin.kind !== "vatReturn";

/**
 * `vat_returns`: one row per validated return, its boxes as declared, and the corrections of earlier
 * returns it carries; a CA12's instalment (`YYYY-ACn`) is one too.
 */
export type VatReturnsTable = {
  org_id: string;
  period: string;
  periodicity: string;
  start: string;
  end: string;
  form: string;
  form_version: string;
  boxes: { code: string; base: number | null; tax: number | null }[];
  line_count: number;
  settlement_mvt: string | null;
  corrections: VatCorrection[];
  validated_on: string;
  position: number;
  created_at: Timestamp;
};
export type VatReturnRow = Selectable<VatReturnsTable>;

const sourceOf = (origin: EntryOrigin): string | null => {
  switch (origin.kind) {
    case "document":
      return origin.doc;
    case "payment":
      return origin.payment;
    case "deposit":
      return origin.deposit;
    case "vatReturn":
      return origin.period;
    default:
      return null;
  }
};

export const vatLinesProjector: Projector = {
  name: "vat_lines",
  // 2: the corrections a return carries. 4: vat_untagged_lines.
  version: 4,
  handles: ["EntryValidated", "VatReturnValidated"],
  tables: [
    {
      name: "vat_lines",
      columns: `org_id uuid not null, mvt uuid not null, line integer not null, date text not null,
        journal text not null, number text not null, piece_ref text not null, label text not null,
        origin_kind text not null, source_id text, account text not null, direction text not null,
        rate text not null, kind text not null, regime text not null, base bigint not null, tax bigint not null,
        return_period text, position bigint not null, primary key (org_id, mvt, line)`,
      indexes: [
        // A return's lines: not yet used, up to its last day.
        "create index on {table} (org_id, date) where return_period is null",
        "create index on {table} (org_id, return_period)",
      ],
    },
    {
      name: "vat_returns",
      columns: `org_id uuid not null, period text not null, periodicity text not null, start text not null,
        "end" text not null, form text not null, form_version text not null, boxes jsonb not null,
        line_count integer not null, settlement_mvt uuid, corrections jsonb not null, validated_on text not null,
        position bigint not null,
        created_at timestamptz not null, primary key (org_id, period)`,
      indexes: ['create index on {table} (org_id, "end")'],
    },
    {
      name: "vat_untagged_lines",
      columns: `org_id uuid not null, mvt uuid not null, line integer not null, date text not null,
        journal text not null, number text not null, account text not null, label text not null,
        amount bigint not null, position bigint not null, primary key (org_id, mvt, line)`,
      indexes: ["create index on {table} (org_id, date, position, line)"],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    let fresh: VatLinesTable[] = [];
    let loose: VatUntaggedLinesTable[] = [];
    const flush = async () => {
      if (fresh.length > 0) await sink.insert(table("vat_lines"), fresh);
      if (loose.length > 0) await sink.insert(table("vat_untagged_lines"), loose);
      fresh = [];
      loose = [];
    };
    for (const event of events) {
      const e = event as StoredEvent & (EntryEvent | VatReturnEvent);
      if (e.type === "EntryValidated") {
        const d = e.data;
        const facts = vatLineFacts(d.lines);
        d.lines.forEach((l, index) => {
          const fact = facts[index];
          if (untagged(l.account, fact != null, d.origin))
            loose.push({
              org_id: e.orgId,
              mvt: d.mvt,
              line: index + 1,
              date: d.date,
              journal: d.journal,
              number: d.number,
              account: l.account,
              label: l.label ?? d.label,
              amount: l.debit - l.credit,
              position: e.position,
            });
          if (!fact) return;
          fresh.push({
            org_id: e.orgId,
            mvt: d.mvt,
            line: index + 1,
            date: d.date,
            journal: d.journal,
            number: d.number,
            piece_ref: d.pieceRef,
            label: l.label ?? d.label,
            origin_kind: d.origin.kind,
            source_id: sourceOf(d.origin),
            account: fact.account,
            direction: fact.direction,
            rate: fact.rate,
            kind: fact.kind,
            regime: fact.regime,
            base: fact.base,
            tax: fact.tax,
            return_period: null,
            position: e.position,
          });
        });
        continue;
      }
      if (e.type === "VatReturnValidated") {
        const d = e.data;
        // The lines it used may have been validated in this batch: write them first.
        await flush();
        await sink.insert(table("vat_returns"), [
          {
            org_id: e.orgId,
            period: d.period,
            periodicity: d.periodicity,
            start: d.start,
            end: d.end,
            form: d.form,
            form_version: d.formVersion,
            boxes: d.boxes.map((b) => ({ code: b.code, base: b.base, tax: b.tax })),
            line_count: d.lines.length,
            settlement_mvt: d.settlementMvt,
            corrections: [...(d.corrections ?? [])],
            validated_on: d.validatedOn,
            position: e.position,
            created_at: e.metadata.at,
          },
        ]);
        if (d.lines.length > 0)
          await writeBehind(
            db,
            db
              .updateTable(table("vat_lines"))
              .set({ return_period: d.period })
              .where("org_id", "=", e.orgId)
              .where(
                sql`(mvt, line)`,
                "in",
                sql`(select * from jsonb_to_recordset(${json(d.lines)}) as r(mvt uuid, line integer))`,
              ),
          );
      }
    }
    await flush();
  },
};
