import { randomUUID } from "node:crypto";
import { chartStreamId, closingStreamId, fiscalStreamId, journalsStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { accountingSetupProjector } from "./accounting-setup.ts";
import { type GivenEvent, projectorSpecification } from "./testing/index.ts";

const general = (number: string, label: string, lettrable = false, collective = false) => ({
  number,
  label,
  labelEn: `${label} (en)`,
  lettrable,
  collective,
});

const accountRow = (org: string, number: string, label: string, changes: Record<string, unknown> = {}) => ({
  org_id: org,
  number,
  kind: "general",
  label,
  label_en: `${label} (en)`,
  class: Number(number[0]),
  lettrable: false,
  collective: false,
  control: null,
  closed: false,
  ...changes,
});

describe.each(databaseKinds)("accounting setup read models on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, accountingSetupProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given a chart and its changes, then its accounts: auxiliary under their collective, closed, updated, deleted", async () => {
    const org = randomUUID();
    const chart = (type: string, data: unknown): GivenEvent => ({
      orgId: org,
      streamId: chartStreamId(org),
      type,
      data,
    });
    await spec
      .given(
        chart("ChartInitialised", {
          templateId: "test",
          accounts: [
            general("411000", "Clients", true, true),
            general("512000", "Banque"),
            general("706000", "Prestations"),
            general("471000", "Attente"),
          ],
        }),
        chart("AccountCreated", {
          number: "411DUP",
          kind: "auxiliary",
          label: "Dupont",
          labelEn: "Dupont",
          lettrable: true,
          collective: false,
          control: "411000",
        }),
        chart("AccountUpdated", { number: "706000", label: "Ventes de prestations" }),
        chart("AccountClosed", { number: "512000" }),
        chart("AccountClosed", { number: "411DUP" }),
        chart("AccountReopened", { number: "411DUP" }),
        chart("AccountDeleted", { number: "471000" }),
      )
      .then({
        accounts: [
          accountRow(org, "411000", "Clients", { lettrable: true, collective: true }),
          accountRow(org, "512000", "Banque", { closed: true }),
          accountRow(org, "706000", "Ventes de prestations", { label_en: "Prestations (en)" }),
          {
            org_id: org,
            number: "411DUP",
            kind: "auxiliary",
            label: "Dupont",
            label_en: "Dupont",
            class: 4,
            lettrable: true,
            collective: false,
            control: "411000",
            closed: false,
          },
        ],
      });
  });

  it("given journals initialised, one created, one updated and one deleted, then the journals left", async () => {
    const org = randomUUID();
    const journals = (type: string, data: unknown): GivenEvent => ({
      orgId: org,
      streamId: journalsStreamId(org),
      type,
      data,
    });
    const vt = { code: "VT", label: "Ventes", labelEn: "Sales", kind: "sales", vat: false, account: null };
    const bq = { code: "BQ", label: "Banque", labelEn: "Bank", kind: "bank", vat: false, account: "512000" };
    await spec
      .given(
        journals("JournalsInitialised", { journals: [vt, bq] }),
        journals("JournalCreated", {
          code: "CA",
          label: "Caisse",
          labelEn: "Cash",
          kind: "cash",
          vat: false,
          account: "530000",
        }),
        journals("JournalUpdated", { code: "BQ", account: "512100", labelEn: "Main bank" }),
        journals("JournalDeleted", { code: "CA" }),
      )
      .then({
        journals: [
          {
            org_id: org,
            code: "VT",
            label: "Ventes",
            label_en: "Sales",
            kind: "sales",
            vat: false,
            account: null,
          },
          {
            org_id: org,
            code: "BQ",
            label: "Banque",
            label_en: "Main bank",
            kind: "bank",
            vat: false,
            account: "512100",
          },
        ],
      });
  });

  it("given years opened, a lock, an opening entry and a close, then the years and a lock at the later date", async () => {
    const org = randomUUID();
    const [y2025, y2026, opening] = [randomUUID(), randomUUID(), randomUUID()];
    const fiscal = (type: string, data: unknown): GivenEvent => ({
      orgId: org,
      streamId: fiscalStreamId(org),
      type,
      data,
    });
    await spec
      .given(
        fiscal("FiscalYearOpened", { id: y2025, start: "2025-01-01", end: "2025-12-31" }),
        fiscal("FiscalYearOpened", { id: y2026, start: "2026-01-01", end: "2026-12-31" }),
        fiscal("PeriodLocked", { until: "2025-06-30", previous: null }),
        fiscal("OpeningEntryRecorded", { yearId: y2026, mvt: opening }),
        fiscal("FiscalYearClosed", { id: y2025, closedOn: "2026-03-31" }),
      )
      .then({
        fiscal_years: [
          {
            org_id: org,
            id: y2025,
            start_date: "2025-01-01",
            end_date: "2025-12-31",
            status: "closed",
            opening_mvt: null,
            closed_on: "2026-03-31",
          },
          {
            org_id: org,
            id: y2026,
            start_date: "2026-01-01",
            end_date: "2026-12-31",
            status: "open",
            opening_mvt: opening,
            closed_on: null,
          },
        ],
        // Closing a year locks up to its end, never back before a later lock.
        period_locks: [{ org_id: org, locked_until: "2025-12-31" }],
      });
  });

  it("given closing steps added and updated, then only those touched, with who and when", async () => {
    const org = randomUUID();
    const [year, user] = [randomUUID(), randomUUID()];
    const closing = (type: string, data: unknown, at: string): GivenEvent => ({
      orgId: org,
      streamId: closingStreamId(year),
      type,
      data,
      at,
      userId: user,
    });
    await spec
      .given(
        closing(
          "ClosingStepAdded",
          { yearId: year, id: "custom-1", label: "Inventaire du stock de vin" },
          "2026-01-05T09:00:00.000Z",
        ),
        closing(
          "ClosingStepUpdated",
          { yearId: year, id: "stock", status: "done", note: "Compté le 31/12" },
          "2026-01-06T09:00:00.000Z",
        ),
        closing(
          "ClosingStepUpdated",
          { yearId: year, id: "custom-1", status: "notApplicable" },
          "2026-01-07T09:00:00.000Z",
        ),
      )
      .then({
        closing_steps: [
          {
            org_id: org,
            year_id: year,
            id: "custom-1",
            label: "Inventaire du stock de vin",
            status: "notApplicable",
            note: "",
            position: expect.any(Number),
            updated_at: new Date("2026-01-07T09:00:00.000Z"),
            updated_by: user,
          },
          {
            org_id: org,
            year_id: year,
            id: "stock",
            label: null,
            status: "done",
            note: "Compté le 31/12",
            position: expect.any(Number),
            updated_at: new Date("2026-01-06T09:00:00.000Z"),
            updated_by: user,
          },
        ],
      });
  });
});
