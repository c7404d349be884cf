import { randomUUID } from "node:crypto";
import { bankStatementStreamId, type StatementHeader, type StatementLineRecord } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { bankStatementsProjector } from "./bank-statements.ts";
import { hostileTexts, projectorSpecification } from "./testing/index.ts";

const T0 = "2026-03-02T09:00:00.000Z";
const T1 = "2026-03-05T10:00:00.000Z";

const header = (id: string, bankId: string, changes: Partial<StatementHeader> = {}): StatementHeader => ({
  id,
  bankId,
  account: "512001",
  journal: "BQ1",
  source: "file",
  file: { name: "releve.xml", format: "camt053", encoding: "UTF-8", size: 1234, sha256: "ab".repeat(32) },
  reference: "STMT-1",
  label: "Relevé mars",
  from: "2026-03-01",
  to: "2026-03-31",
  opening: { amount: 10_000, date: "2026-03-01" },
  closing: { amount: 12_500, date: "2026-03-31" },
  warnings: [],
  notices: [{ code: "bankStatement.creditCardSkipped", params: { account: "4111", lines: 0 } }],
  alreadyImported: 1,
  lineCount: 3,
  ...changes,
});
const line = (no: number, amount: number, label: string, extra: Partial<StatementLineRecord> = {}) => ({
  no,
  identity: `dal:2026-03-0${no}|${amount}|${label}|1`,
  bookingDate: `2026-03-0${no}`,
  amount,
  label,
  details: ["détail", hostileTexts[1] ?? "x"],
  ...extra,
});
const target = (mvt: string) => ({ kind: "payment" as const, id: randomUUID(), mvt, line: 1 });

describe.each(databaseKinds)("bank statements read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, bankStatementsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given statements imported in chunks, edited, lines matched and one unmatched, one deleted, then the rows with their counts", async () => {
    const org = randomUUID();
    const [a, b, bank] = [randomUUID(), randomUUID(), randomUUID()];
    const mvt = randomUUID();
    const t = target(mvt);
    const lines = [
      line(1, 3_000, hostileTexts[0] ?? "x", {
        bankId: "B1",
        reference: "E2E-1",
        counterparty: { name: "Alpha SARL", iban: "FR7630006000011234567890189" },
        code: "PMNT/RCDT/ESCT",
      }),
      line(2, -500, "FRAIS"),
      line(3, 0, "NEUTRE"),
    ];
    const s = (id: string) => bankStatementStreamId(id);
    await spec
      .given(
        { orgId: org, streamId: s(a), type: "BankStatementImported", at: T0, data: header(a, bank) },
        {
          orgId: org,
          streamId: s(a),
          type: "BankStatementLinesAdded",
          at: T0,
          data: { lines: lines.slice(0, 2) },
        },
        {
          orgId: org,
          streamId: s(a),
          type: "BankStatementLinesAdded",
          at: T0,
          data: { lines: lines.slice(2) },
        },
        {
          orgId: org,
          streamId: s(a),
          type: "BankStatementEdited",
          at: T1,
          data: {
            label: "Mars",
            reference: null,
            from: "2026-03-01",
            to: "2026-03-31",
            opening: { amount: 10_000, date: null },
            closing: { amount: 12_000, date: null },
            warnings: [
              {
                code: "bankStatement.balanceGap",
                statement: 1,
                opening: 10_000,
                movements: 2_500,
                expectedClosing: 12_500,
                closing: 12_000,
                gap: -500,
              },
            ],
          },
        },
        {
          orgId: org,
          streamId: s(a),
          type: "StatementLineMatched",
          at: T1,
          data: { no: 1, target: t, by: "user" },
        },
        {
          orgId: org,
          streamId: s(a),
          type: "StatementLineMatched",
          at: T1,
          data: { no: 2, target: { ...t, line: 2 }, by: "rule" },
        },
        {
          orgId: org,
          streamId: s(a),
          type: "StatementLineUnmatched",
          at: T1,
          data: { no: 2, target: { ...t, line: 2 } },
        },
        {
          orgId: org,
          streamId: s(b),
          type: "BankStatementImported",
          at: T0,
          data: header(b, bank, { lineCount: 1 }),
        },
        {
          orgId: org,
          streamId: s(b),
          type: "BankStatementLinesAdded",
          at: T0,
          data: { lines: [line(1, 7, "X")] },
        },
        {
          orgId: org,
          streamId: s(b),
          type: "BankStatementDeleted",
          at: T1,
          data: { bankId: bank, lines: 1 },
        },
      )
      .then({
        bank_statements: [
          expect.objectContaining({
            id: a,
            bank_id: bank,
            label: "Mars",
            reference: null,
            closing: 12_000,
            closing_date: null,
            line_count: 3,
            matched_count: 1,
            total: 2_500,
            credits: 3_000,
            debits: 500,
            file_name: "releve.xml",
            format: "camt053",
            already_imported: 1,
            warnings: [expect.objectContaining({ code: "bankStatement.balanceGap", gap: -500 })],
          }),
        ],
        bank_statement_lines: [
          expect.objectContaining({
            statement_id: a,
            no: 1,
            bank_id: bank,
            label: hostileTexts[0],
            bank_ref: "B1",
            reference: "E2E-1",
            counterparty_name: "Alpha SARL",
            match_kind: "payment",
            match_mvt: mvt,
            match_line: 1,
            matched_by: "user",
            details: ["détail", hostileTexts[1]],
          }),
          expect.objectContaining({
            no: 2,
            amount: -500,
            match_mvt: null,
            matched_by: null,
            matched_at: null,
          }),
          expect.objectContaining({ no: 3, amount: 0, search: "neutre\u001f\u001f\u001f" }),
        ],
      });
  });
});
