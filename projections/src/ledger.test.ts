import { randomUUID } from "node:crypto";
import { type EntryContent, type EntryLine, entryStreamId, letteringStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { ledgerProjector } from "./ledger.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const year = "0b6c1c1e-0000-4000-8000-0000000000aa";
const at = "2026-01-01T00:00:00.000Z";

const sale = (label = "Vente Dupont", lines?: EntryLine[]): EntryContent => ({
  journal: "VT",
  date: "2025-03-14",
  pieceRef: "F-001",
  pieceDate: "2025-03-13",
  label,
  lines: lines ?? [
    { account: "411000", auxiliary: "411DUP", label: null, debit: 12_000, credit: 0 },
    { account: "706000", auxiliary: null, label: "Prestation", debit: 0, credit: 10_000 },
    { account: "445710", auxiliary: null, label: null, debit: 0, credit: 2_000 },
  ],
});

const drafted = (org: string, mvt: string, content: EntryContent): GivenEvent => ({
  orgId: org,
  streamId: entryStreamId(mvt),
  type: "EntryDrafted",
  data: { ...content, mvt, origin: { kind: "manual" } },
});

const validated = (org: string, mvt: string, content: EntryContent, number = "VT000001"): GivenEvent => ({
  orgId: org,
  streamId: entryStreamId(mvt),
  type: "EntryValidated",
  at: "2026-01-02T00:00:00.000Z",
  data: {
    ...content,
    mvt,
    number,
    sequence: 1,
    fiscalYearId: year,
    validatedOn: "2025-03-15",
    origin: { kind: "manual" },
  },
});

const sum = (lines: readonly EntryLine[], side: "debit" | "credit") => lines.reduce((s, l) => s + l[side], 0);

/** The `entries` row of an entry. */
const entryRow = (
  org: string,
  mvt: string,
  c: EntryContent,
  status: "draft" | "validated",
  updatedAt = at,
) => ({
  org_id: org,
  mvt,
  journal: c.journal,
  date: c.date,
  piece_ref: c.pieceRef,
  piece_date: c.pieceDate,
  label: c.label,
  status,
  number: status === "validated" ? "VT000001" : null,
  fiscal_year_id: status === "validated" ? year : null,
  validated_on: status === "validated" ? "2025-03-15" : null,
  debit: sum(c.lines, "debit"),
  credit: sum(c.lines, "credit"),
  line_count: c.lines.length,
  lines: c.lines,
  origin: { kind: "manual" },
  position: expect.any(Number),
  created_at: new Date(at),
  updated_at: new Date(updatedAt),
});

const searchRow = (org: string, mvt: string, c: EntryContent, status: "draft" | "validated") => ({
  org_id: org,
  mvt,
  date: c.date,
  position: expect.any(Number),
  journal: c.journal,
  status,
  debit: sum(c.lines, "debit"),
  credit: sum(c.lines, "credit"),
  search: expect.any(String),
});

const totals = (org: string, c: EntryContent, status: "draft" | "validated") => ({
  entry_day_totals: [
    {
      org_id: org,
      journal: c.journal,
      status,
      day: c.date,
      n: 1,
      debit: sum(c.lines, "debit"),
      credit: sum(c.lines, "credit"),
    },
  ],
  entry_month_totals: [
    {
      org_id: org,
      journal: c.journal,
      status,
      month: c.date.slice(0, 7),
      n: 1,
      debit: sum(c.lines, "debit"),
      credit: sum(c.lines, "credit"),
    },
  ],
});

const lineRows = (
  org: string,
  mvt: string,
  c: EntryContent,
  letter?: { code: string; date: string; lines: number[] },
) =>
  c.lines.map((l, i) => ({
    org_id: org,
    mvt,
    line: i + 1,
    journal: c.journal,
    number: "VT000001",
    fiscal_year_id: year,
    position: expect.any(Number),
    date: c.date,
    piece_ref: c.pieceRef,
    piece_date: c.pieceDate,
    account: l.account,
    auxiliary: l.auxiliary,
    label: l.label ?? c.label,
    debit: l.debit,
    credit: l.credit,
    validated_on: "2025-03-15",
    letter_code: letter?.lines.includes(i + 1) ? letter.code : null,
    letter_date: letter?.lines.includes(i + 1) ? letter.date : null,
  }));

const none = {
  ledger_lines: [],
  account_balances: [],
  auxiliary_balances: [],
  account_day_balances: [],
};

describe.each(databaseKinds)("ledger read models on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, ledgerProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given a draft, then the entry, its search row and its draft totals; no ledger line, no balance", async () => {
    const [org, mvt] = [randomUUID(), randomUUID()];
    const c = sale();
    await spec.given(drafted(org, mvt, c)).then({
      entries: [entryRow(org, mvt, c, "draft")],
      entry_search: [{ ...searchRow(org, mvt, c, "draft"), search: "vente dupont\u001ff-001\u001f" }],
      ...totals(org, c, "draft"),
      ...none,
    });
  });

  it("given a draft then its validation, then its lines, the balances per month, auxiliary and day, and validated totals", async () => {
    const [org, mvt] = [randomUUID(), randomUUID()];
    const c = sale();
    await spec.given(drafted(org, mvt, c), validated(org, mvt, c)).then({
      entries: [entryRow(org, mvt, c, "validated", "2026-01-02T00:00:00.000Z")],
      entry_search: [
        { ...searchRow(org, mvt, c, "validated"), search: "vente dupont\u001ff-001\u001fvt000001" },
      ],
      ...totals(org, c, "validated"),
      ledger_lines: lineRows(org, mvt, c),
      account_balances: [
        { org_id: org, period: "2025-03", account: "411000", debit: 12_000, credit: 0, lines: 1 },
        { org_id: org, period: "2025-03", account: "706000", debit: 0, credit: 10_000, lines: 1 },
        { org_id: org, period: "2025-03", account: "445710", debit: 0, credit: 2_000, lines: 1 },
      ],
      auxiliary_balances: [
        {
          org_id: org,
          period: "2025-03",
          account: "411000",
          auxiliary: "411DUP",
          debit: 12_000,
          credit: 0,
          lines: 1,
        },
      ],
      account_day_balances: [
        { org_id: org, account: "411000", date: "2025-03-14", debit: 12_000, credit: 0, lines: 1 },
        { org_id: org, account: "706000", date: "2025-03-14", debit: 0, credit: 10_000, lines: 1 },
        { org_id: org, account: "445710", date: "2025-03-14", debit: 0, credit: 2_000, lines: 1 },
      ],
    });
  });

  it("given two entries on an account the same day, then one balance row adding both", async () => {
    const org = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const c = sale();
    await spec
      .given(drafted(org, a, c), validated(org, a, c), drafted(org, b, c), validated(org, b, c, "VT000002"))
      .then({
        account_day_balances: [
          { org_id: org, account: "411000", date: "2025-03-14", debit: 24_000, credit: 0, lines: 2 },
          { org_id: org, account: "706000", date: "2025-03-14", debit: 0, credit: 20_000, lines: 2 },
          { org_id: org, account: "445710", date: "2025-03-14", debit: 0, credit: 4_000, lines: 2 },
        ],
        entry_month_totals: [
          {
            org_id: org,
            journal: "VT",
            status: "validated",
            month: "2025-03",
            n: 2,
            debit: 24_000,
            credit: 24_000,
          },
        ],
      });
  });

  it("given a draft changed, then the entry and its totals as changed", async () => {
    const [org, mvt] = [randomUUID(), randomUUID()];
    const changed = { ...sale("Vente corrigée"), date: "2025-04-02" };
    await spec
      .given(drafted(org, mvt, sale()), {
        orgId: org,
        streamId: entryStreamId(mvt),
        type: "EntryDraftChanged",
        at: "2026-01-03T00:00:00.000Z",
        data: changed,
      })
      .then({
        entries: [entryRow(org, mvt, changed, "draft", "2026-01-03T00:00:00.000Z")],
        ...totals(org, changed, "draft"),
      });
  });

  it("given a draft deleted, then no entry, no search row and no totals row are left", async () => {
    const [org, mvt] = [randomUUID(), randomUUID()];
    await spec
      .given(drafted(org, mvt, sale()), {
        orgId: org,
        streamId: entryStreamId(mvt),
        type: "EntryDraftDeleted",
        data: { mvt },
      })
      .then({ entries: [], entry_search: [], entry_day_totals: [], entry_month_totals: [] });
  });

  it("given lines lettered, then they carry the code and date; unlettered, they no longer do", async () => {
    const [org, mvt, pay] = [randomUUID(), randomUUID(), randomUUID()];
    const c = sale();
    const payment = {
      ...sale("Règlement Dupont", [
        { account: "512000", auxiliary: null, label: null, debit: 12_000, credit: 0 },
        { account: "411000", auxiliary: "411DUP", label: null, debit: 0, credit: 12_000 },
      ]),
      journal: "BQ",
    };
    const lettered: GivenEvent = {
      orgId: org,
      streamId: letteringStreamId("411000"),
      type: "LinesLettered",
      data: {
        account: "411000",
        code: "AA",
        auxiliary: "411DUP",
        date: "2025-03-14",
        lines: [`${mvt}/1`, `${pay}/2`],
        amount: 12_000,
      },
    };
    const given = [validated(org, mvt, c), validated(org, pay, payment, "BQ000001"), lettered];
    await spec.given(...given).then({
      ledger_lines: [
        ...lineRows(org, mvt, c, { code: "AA", date: "2025-03-14", lines: [1] }),
        ...lineRows(org, pay, payment, { code: "AA", date: "2025-03-14", lines: [2] }).map((l) => ({
          ...l,
          number: "BQ000001",
        })),
      ],
    });
    await spec
      .given({
        orgId: org,
        streamId: letteringStreamId("411000"),
        type: "LinesUnlettered",
        data: { account: "411000", code: "AA", lines: [`${mvt}/1`, `${pay}/2`] },
      })
      .then(
        {
          ledger_lines: [
            ...lineRows(org, mvt, c),
            ...lineRows(org, pay, payment).map((l) => ({ ...l, number: "BQ000001" })),
          ],
        },
        { only: (row) => row.org_id === org },
      );
  });

  it("given labels no bulk writer should mangle, then entries, lines and search rows hold them exactly, rebuilt too", async () => {
    const org = randomUUID();
    const given: GivenEvent[] = [];
    const entries: ReturnType<typeof entryRow>[] = [];
    const lines: ReturnType<typeof lineRows> = [];
    for (const text of hostileTexts) {
      const mvt = randomUUID();
      const c = {
        ...sale(text, [
          { account: "411000", auxiliary: "411DUP", label: `${text} (ligne)`, debit: 100, credit: 0 },
          { account: "706000", auxiliary: null, label: null, debit: 0, credit: 100 },
        ]),
        pieceRef: text,
      };
      given.push(drafted(org, mvt, c), validated(org, mvt, c));
      entries.push(entryRow(org, mvt, c, "validated", "2026-01-02T00:00:00.000Z"));
      lines.push(...lineRows(org, mvt, c));
    }
    await spec.given(...given).then({ entries, ledger_lines: lines });
  });
});
