import { randomUUID } from "node:crypto";
import { type EntryContent, type EntryOrigin, entryStreamId, vatReturnStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";
import { vatLinesProjector } from "./vat-lines.ts";

const code = (base?: number, regime = "domestic", rate = "20") => ({
  rate,
  kind: "goods",
  regime,
  ...(base !== undefined && { base }),
});

const validated = (org: string, mvt: string, c: EntryContent, origin: EntryOrigin): GivenEvent => ({
  orgId: org,
  streamId: entryStreamId(mvt),
  type: "EntryValidated",
  data: {
    ...c,
    mvt,
    number: `${c.journal}000001`,
    sequence: 1,
    fiscalYearId: randomUUID(),
    validatedOn: c.date,
    origin,
  },
});

/** A sale posted by a document: its VAT line tagged with its base. */
const sale = (label: string): EntryContent => ({
  journal: "VT",
  date: "2026-03-02",
  pieceRef: "F-1",
  pieceDate: "2026-03-02",
  label,
  lines: [
    { account: "411000", auxiliary: "CALPHA", label: null, debit: 1_200_000, credit: 0 },
    { account: "707000", auxiliary: null, label: null, debit: 0, credit: 1_000_000 },
    {
      account: "445710",
      auxiliary: null,
      label: null,
      debit: 0,
      credit: 200_000,
      vat: code(1_000_000) as never,
    },
  ],
});

/** A credit note typed in by hand: its revenue line coded (its amount the base), its VAT line coded. */
const credit: EntryContent = {
  journal: "OD",
  date: "2026-03-05",
  pieceRef: "AV-1",
  pieceDate: "2026-03-05",
  label: "Avoir",
  lines: [
    { account: "707000", auxiliary: null, label: "Remise", debit: 50_000, credit: 0, vat: code() as never },
    { account: "445710", auxiliary: null, label: null, debit: 10_000, credit: 0, vat: code() as never },
    { account: "411000", auxiliary: "CALPHA", label: null, debit: 0, credit: 60_000 },
  ],
};

/** An intra-EU acquisition, self-assessed. */
const acquisition: EntryContent = {
  journal: "HA",
  date: "2026-03-20",
  pieceRef: "DE-1",
  pieceDate: "2026-03-19",
  label: "Achat Allemagne",
  lines: [
    { account: "607000", auxiliary: null, label: null, debit: 300_000, credit: 0 },
    {
      account: "445662",
      auxiliary: null,
      label: null,
      debit: 60_000,
      credit: 0,
      vat: code(300_000, "intraEu") as never,
    },
    { account: "401000", auxiliary: "FDE", label: null, debit: 0, credit: 300_000 },
    {
      account: "445200",
      auxiliary: null,
      label: null,
      debit: 0,
      credit: 60_000,
      vat: code(300_000, "intraEu") as never,
    },
  ],
};

const row = (
  org: string,
  mvt: string,
  line: number,
  values: Record<string, unknown>,
  returnPeriod: string | null = null,
) => ({
  org_id: org,
  mvt,
  line,
  position: expect.any(Number),
  return_period: returnPeriod,
  kind: "goods",
  rate: "20",
  ...values,
});

describe.each(databaseKinds)("the VAT lines read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, vatLinesProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given validated entries and a return, then a row per coded line, signed by its direction, used by the return", async () => {
    const org = randomUUID();
    const [a, b, c, s] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const doc = randomUUID();
    const label = hostileTexts.join(" ").slice(0, 200);
    await spec
      .given(
        validated(org, a, sale(label), { kind: "document", doc }),
        validated(org, b, credit, { kind: "manual" }),
        validated(org, c, acquisition, { kind: "document", doc }),
        {
          orgId: org,
          streamId: vatReturnStreamId(org, "2026-03"),
          type: "VatReturnValidated",
          data: {
            period: "2026-03",
            periodicity: "monthly",
            start: "2026-03-01",
            end: "2026-03-31",
            form: "3310-CA3-SD",
            formVersion: "2026",
            boxes: [{ code: "A1", base: 9500, tax: null }],
            lines: [
              { mvt: a, line: 3 },
              { mvt: b, line: 1 },
              { mvt: b, line: 2 },
            ],
            settlementMvt: s,
            validatedOn: "2026-04-10",
          },
        },
      )
      .then({
        vat_lines: [
          row(
            org,
            a,
            3,
            {
              date: "2026-03-02",
              journal: "VT",
              number: "VT000001",
              piece_ref: "F-1",
              label,
              origin_kind: "document",
              source_id: doc,
              account: "445710",
              direction: "collected",
              regime: "domestic",
              base: 1_000_000,
              tax: 200_000,
            },
            "2026-03",
          ),
          // A credit note counts against: debit on a collected account, its revenue line a base.
          row(
            org,
            b,
            1,
            {
              date: "2026-03-05",
              journal: "OD",
              number: "OD000001",
              piece_ref: "AV-1",
              label: "Remise",
              origin_kind: "manual",
              source_id: null,
              account: "707000",
              direction: "collected",
              regime: "domestic",
              base: -50_000,
              tax: 0,
            },
            "2026-03",
          ),
          row(
            org,
            b,
            2,
            {
              date: "2026-03-05",
              journal: "OD",
              number: "OD000001",
              piece_ref: "AV-1",
              label: "Avoir",
              origin_kind: "manual",
              source_id: null,
              account: "445710",
              direction: "collected",
              regime: "domestic",
              base: 0,
              tax: -10_000,
            },
            "2026-03",
          ),
          ...[
            { line: 2, account: "445662", direction: "deductible" },
            { line: 4, account: "445200", direction: "collected" },
          ].map(({ line, account, direction }) =>
            row(org, c, line, {
              date: "2026-03-20",
              journal: "HA",
              number: "HA000001",
              piece_ref: "DE-1",
              label: "Achat Allemagne",
              origin_kind: "document",
              source_id: doc,
              account,
              direction,
              regime: "intraEu",
              base: 300_000,
              tax: 60_000,
            }),
          ),
        ],
        vat_returns: [
          {
            org_id: org,
            period: "2026-03",
            periodicity: "monthly",
            start: "2026-03-01",
            end: "2026-03-31",
            form: "3310-CA3-SD",
            form_version: "2026",
            boxes: [{ code: "A1", base: 9500, tax: null }],
            line_count: 3,
            settlement_mvt: s,
            corrections: [],
            validated_on: "2026-04-10",
            position: expect.any(Number),
            created_at: new Date("2026-01-01T00:00:00.000Z"),
          },
        ],
      });
  });

  it("given lines on VAT accounts without a code, then the untagged ones apart: not the waiting, the settlement's, nor a return's own", async () => {
    const org = randomUUID();
    const [typed, settlement] = [randomUUID(), randomUUID()];
    const line = (account: string, debit: number, credit: number, label: string | null = null) => ({
      account,
      auxiliary: null,
      label,
      debit,
      credit,
    });
    await spec
      .given(
        validated(
          org,
          typed,
          {
            journal: "OD",
            date: "2026-03-09",
            pieceRef: "OD-9",
            pieceDate: "2026-03-09",
            label: "Régularisation",
            lines: [
              line("445710", 0, 2_000, "TVA oubliée"),
              line("445740", 0, 1_000),
              line("445660", 500, 0),
              line("445510", 0, 700),
              { ...line("445662", 800, 0), vat: code(4_000) as never },
              line("471000", 1_600, 0),
            ],
          },
          { kind: "manual" },
        ),
        validated(
          org,
          settlement,
          {
            journal: "OD",
            date: "2026-03-31",
            pieceRef: "TVA-2026-03",
            pieceDate: "2026-03-31",
            label: "TVA mars 2026",
            lines: [line("445710", 2_000, 0), line("445510", 0, 2_000)],
          },
          { kind: "vatReturn", period: "2026-03" },
        ),
      )
      .then({
        vat_untagged_lines: [
          ...[
            { line: 1, account: "445710", label: "TVA oubliée", amount: -2_000 },
            { line: 3, account: "445660", label: "Régularisation", amount: 500 },
          ].map((values) => ({
            org_id: org,
            mvt: typed,
            date: "2026-03-09",
            journal: "OD",
            number: "OD000001",
            position: expect.any(Number),
            ...values,
          })),
        ],
      });
  });
});
