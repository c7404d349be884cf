import type {
  AccountKind,
  ChartEvent,
  ClosingEvent,
  ClosingStepStatus,
  FiscalEvent,
  JournalKind,
  JournalsEvent,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";
import { chunk } from "./projector.ts";
import { versioned } from "./versions.ts";

/** `accounts`: the chart, general and auxiliary accounts. */
export type AccountsTable = {
  org_id: string;
  number: string;
  kind: AccountKind;
  label: string;
  label_en: string;
  /** The PCG class, 1 to 8 (an auxiliary account's is its collective account's). */
  class: number;
  lettrable: boolean;
  collective: boolean;
  /** The collective account an auxiliary account is under. */
  control: string | null;
  closed: boolean;
};
export type AccountRow = Selectable<AccountsTable>;

/** `journals`. */
export type JournalsTable = {
  org_id: string;
  code: string;
  label: string;
  label_en: string;
  kind: JournalKind;
  vat: boolean;
  account: string | null;
};
export type JournalRow = Selectable<JournalsTable>;

/** `fiscal_years`: the calendar, `YYYY-MM-DD` dates. */
export type FiscalYearsTable = {
  org_id: string;
  id: string;
  start_date: string;
  end_date: string;
  status: "open" | "closed";
  opening_mvt: string | null;
  closed_on: string | null;
};
export type FiscalYearRow = Selectable<FiscalYearsTable>;

/** `period_locks`: the date up to which an organisation's periods are locked. */
export type PeriodLocksTable = { org_id: string; locked_until: string };

/** `closing_steps`: the closing checklist's steps that were added or touched. */
export type ClosingStepsTable = {
  org_id: string;
  year_id: string;
  id: string;
  label: string | null;
  status: ClosingStepStatus;
  note: string;
  position: number;
  updated_at: Timestamp;
  updated_by: string | null;
};
export type ClosingStepRow = Selectable<ClosingStepsTable>;

/** The chart of accounts, the journals and the fiscal calendar, as lists and forms read them. */
export const accountingSetupProjector: Projector = versioned({
  name: "accounting_setup",
  // 2: closing_steps.
  // 3: accounting_setup_versions (`versioned`).
  version: 3,
  handles: [
    "ChartInitialised",
    "AccountCreated",
    "AccountUpdated",
    "AccountClosed",
    "AccountReopened",
    "AccountDeleted",
    "JournalsInitialised",
    "JournalCreated",
    "JournalUpdated",
    "JournalDeleted",
    "FiscalYearOpened",
    "FiscalYearRedefined",
    "PeriodLocked",
    "OpeningEntryRecorded",
    "FiscalYearClosed",
    "ClosingStepAdded",
    "ClosingStepUpdated",
  ],
  tables: [
    {
      name: "accounts",
      columns: `org_id uuid not null, number text not null, kind text not null, label text not null,
        label_en text not null, class smallint not null, lettrable boolean not null, collective boolean not null,
        control text, closed boolean not null, primary key (org_id, number)`,
    },
    {
      name: "journals",
      columns: `org_id uuid not null, code text not null, label text not null, label_en text not null,
        kind text not null, vat boolean not null, account text, primary key (org_id, code)`,
    },
    {
      name: "fiscal_years",
      columns: `org_id uuid not null, id uuid not null, start_date text not null, end_date text not null,
        status text not null, opening_mvt uuid, closed_on text, primary key (org_id, id)`,
      indexes: ["create unique index on {table} (org_id, start_date)"],
    },
    {
      name: "period_locks",
      columns: "org_id uuid primary key, locked_until text not null",
    },
    {
      // The closing checklist's steps that were added or touched; standard steps untouched are
      // "to do" and have no row (queries add them from the core's list).
      name: "closing_steps",
      columns: `org_id uuid not null, year_id uuid not null, id text not null, label text, status text not null,
        note text not null, position bigint not null, updated_at timestamptz not null, updated_by uuid,
        primary key (org_id, year_id, id)`,
    },
  ],
  apply: async (db, events, table) => {
    const pending: Record<string, unknown>[] = [];
    const flush = async () => {
      for (const part of chunk(pending.splice(0), 500))
        await db.insertInto(table("accounts")).values(part).execute();
    };
    for (const event of events) {
      const e = event as StoredEvent & (ChartEvent | JournalsEvent | FiscalEvent | ClosingEvent);
      const org = e.orgId;
      if (e.type !== "AccountCreated") await flush();
      switch (e.type) {
        case "ChartInitialised":
          for (const part of chunk(e.data.accounts, 500))
            await db
              .insertInto(table("accounts"))
              .values(
                part.map((a) => ({
                  org_id: org,
                  number: a.number,
                  kind: "general",
                  label: a.label,
                  label_en: a.labelEn,
                  class: Number(a.number[0]),
                  lettrable: a.lettrable,
                  collective: a.collective,
                  control: null,
                  closed: false,
                })),
              )
              .execute();
          break;
        case "AccountCreated": {
          // Consecutive creations (an import opens thousands of auxiliary accounts) go in as one insert.
          const a = e.data;
          pending.push({
            org_id: org,
            number: a.number,
            kind: a.kind,
            label: a.label,
            label_en: a.labelEn,
            class: a.kind === "general" ? Number(a.number[0]) : Number((a.control ?? "0")[0]),
            lettrable: a.lettrable,
            collective: a.collective,
            control: a.control,
            closed: false,
          });
          break;
        }
        case "AccountUpdated": {
          const { number, label, labelEn, lettrable, collective } = e.data;
          await db
            .updateTable(table("accounts"))
            .set({
              ...(label !== undefined && { label }),
              ...(labelEn !== undefined && { label_en: labelEn }),
              ...(lettrable !== undefined && { lettrable }),
              ...(collective !== undefined && { collective }),
            })
            .where("org_id", "=", org)
            .where("number", "=", number)
            .execute();
          break;
        }
        case "AccountClosed":
        case "AccountReopened":
          await db
            .updateTable(table("accounts"))
            .set({ closed: e.type === "AccountClosed" })
            .where("org_id", "=", org)
            .where("number", "=", e.data.number)
            .execute();
          break;
        case "AccountDeleted":
          await db
            .deleteFrom(table("accounts"))
            .where("org_id", "=", org)
            .where("number", "=", e.data.number)
            .execute();
          break;
        case "JournalsInitialised":
        case "JournalCreated": {
          const list = e.type === "JournalCreated" ? [e.data] : e.data.journals;
          await db
            .insertInto(table("journals"))
            .values(
              list.map((j) => ({
                org_id: org,
                code: j.code,
                label: j.label,
                label_en: j.labelEn,
                kind: j.kind,
                vat: j.vat,
                account: j.account,
              })),
            )
            .execute();
          break;
        }
        case "JournalUpdated": {
          const { code, label, labelEn, vat, account } = e.data;
          await db
            .updateTable(table("journals"))
            .set({
              ...(label !== undefined && { label }),
              ...(labelEn !== undefined && { label_en: labelEn }),
              ...(vat !== undefined && { vat }),
              ...(account !== undefined && { account }),
            })
            .where("org_id", "=", org)
            .where("code", "=", code)
            .execute();
          break;
        }
        case "JournalDeleted":
          await db
            .deleteFrom(table("journals"))
            .where("org_id", "=", org)
            .where("code", "=", e.data.code)
            .execute();
          break;
        case "FiscalYearOpened":
          await db
            .insertInto(table("fiscal_years"))
            .values({
              org_id: org,
              id: e.data.id,
              start_date: e.data.start,
              end_date: e.data.end,
              status: "open",
              opening_mvt: null,
              closed_on: null,
            })
            .execute();
          break;
        case "FiscalYearRedefined":
          await db
            .updateTable(table("fiscal_years"))
            .set({ start_date: e.data.start, end_date: e.data.end })
            .where("org_id", "=", org)
            .where("id", "=", e.data.id)
            .execute();
          break;
        case "PeriodLocked":
          await db
            .insertInto(table("period_locks"))
            .values({ org_id: org, locked_until: e.data.until })
            .onConflict((oc) => oc.column("org_id").doUpdateSet({ locked_until: e.data.until }))
            .execute();
          break;
        case "OpeningEntryRecorded":
          await db
            .updateTable(table("fiscal_years"))
            .set({ opening_mvt: e.data.mvt })
            .where("org_id", "=", org)
            .where("id", "=", e.data.yearId)
            .execute();
          break;
        case "FiscalYearClosed": {
          const year = await db
            .updateTable(table("fiscal_years"))
            .set({ status: "closed", closed_on: e.data.closedOn })
            .where("org_id", "=", org)
            .where("id", "=", e.data.id)
            .returning("end_date")
            .executeTakeFirst();
          if (year)
            await db
              .insertInto(table("period_locks"))
              .values({ org_id: org, locked_until: year.end_date })
              .onConflict((oc) =>
                oc.column("org_id").doUpdateSet({
                  locked_until: sql`greatest(${sql.ref(`${table("period_locks")}.locked_until`)}, excluded.locked_until)`,
                }),
              )
              .execute();
          break;
        }
        case "ClosingStepAdded":
        case "ClosingStepUpdated": {
          const { yearId, id, ...changes } = e.data;
          const row = {
            org_id: org,
            year_id: yearId,
            id,
            label: "label" in changes ? (changes.label ?? null) : null,
            status: ("status" in changes && changes.status) || "todo",
            note: ("note" in changes && changes.note) || "",
            position: e.position,
            updated_at: e.metadata.at,
            updated_by: e.metadata.userId ?? null,
          };
          await db
            .insertInto(table("closing_steps"))
            .values(row)
            .onConflict((oc) =>
              oc.columns(["org_id", "year_id", "id"]).doUpdateSet({
                ...("label" in changes && { label: row.label }),
                ...("status" in changes && { status: row.status }),
                ...("note" in changes && { note: row.note }),
                updated_at: row.updated_at,
                updated_by: row.updated_by,
              }),
            )
            .execute();
          break;
        }
        default: {
          const never: never = e;
          return never;
        }
      }
    }
    await flush();
  },
});
