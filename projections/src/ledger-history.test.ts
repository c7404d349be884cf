import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { ledgerHistoryProjector } from "./ledger-history.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const lines = (amount: number, accounts: [string, string] = ["613200", "512000"]) => [
  { account: accounts[0], auxiliary: null, label: hostileTexts[0] ?? null, debit: amount, credit: 0 },
  { account: accounts[1], auxiliary: null, label: null, debit: 0, credit: amount },
];
const content = (amount: number, date = "2025-03-10", accounts?: [string, string]) => ({
  journal: "OD",
  date,
  pieceRef: "P1",
  pieceDate: date,
  label: hostileTexts[1] ?? "Loyer",
  lines: lines(amount, accounts),
});

describe.each(databaseKinds)("ledger_history read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, ledgerHistoryProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given entries drafted, changed, validated, deleted and left standing, then a row per validated entry and account at its place, and each draft version until the entry's next event; a rebuild equals it", async () => {
    const org = randomUUID();
    const [a, b, c, r] = ["a", "b", "c", "r"].map(() => randomUUID());
    const stream = (mvt: string | undefined) => `entry-${mvt}`;
    const event = (mvt: string | undefined, type: string, data: unknown): GivenEvent => ({
      orgId: org,
      streamId: stream(mvt),
      type,
      data,
    });
    const validated = (
      mvt: string | undefined,
      amount: number,
      sequence: number,
      accounts?: [string, string],
    ) =>
      event(mvt, "EntryValidated", {
        ...content(amount, "2025-03-10", accounts),
        mvt,
        number: `OD${sequence}`,
        sequence,
        fiscalYearId: "y",
        validatedOn: "2025-03-11",
        origin: { kind: "manual" },
      });
    await spec
      .given(
        /* 1 */ event(a, "EntryDrafted", { ...content(1_000), mvt: a, origin: { kind: "manual" } }),
        /* 2 */ event(b, "EntryDrafted", { ...content(2_000), mvt: b, origin: { kind: "manual" } }),
        /* 3 */ event(a, "EntryDraftChanged", content(1_500)),
        /* 4 */ event(b, "EntryDraftDeleted", { mvt: b }),
        /* 5 */ validated(a, 1_500, 1),
        /* 6 */ event(c, "EntryDrafted", {
          ...content(700, "2025-04-01"),
          mvt: c,
          origin: { kind: "manual" },
        }),
        /* 7 */ event(r, "EntryDrafted", {
          ...content(1_500, "2025-03-31", ["512000", "613200"]),
          mvt: r,
          origin: { kind: "reversal", of: a },
        }),
        /* 8 */ validated(r, 1_500, 2, ["512000", "613200"]),
      )
      .then({
        ledger_history_moves: [
          {
            org_id: org,
            org_seq: 5,
            account: "512000",
            date: expect.anything(),
            entries: 1,
            debit: 0,
            credit: 1_500,
          },
          {
            org_id: org,
            org_seq: 5,
            account: "613200",
            date: expect.anything(),
            entries: 0,
            debit: 1_500,
            credit: 0,
          },
          {
            org_id: org,
            org_seq: 8,
            account: "512000",
            date: expect.anything(),
            entries: 1,
            debit: 1_500,
            credit: 0,
          },
          {
            org_id: org,
            org_seq: 8,
            account: "613200",
            date: expect.anything(),
            entries: 0,
            debit: 0,
            credit: 1_500,
          },
        ],
        ledger_history_drafts: [
          { org_id: org, stream_id: stream(a), org_seq: 1, until_seq: 3, debit: 1_000, credit: 1_000 },
          { org_id: org, stream_id: stream(b), org_seq: 2, until_seq: 4, debit: 2_000, credit: 2_000 },
          { org_id: org, stream_id: stream(a), org_seq: 3, until_seq: 5, debit: 1_500, credit: 1_500 },
          { org_id: org, stream_id: stream(c), org_seq: 6, until_seq: null, debit: 700, credit: 700 },
          { org_id: org, stream_id: stream(r), org_seq: 7, until_seq: 8, debit: 1_500, credit: 1_500 },
        ],
      });
  });
});
