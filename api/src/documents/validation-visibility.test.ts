import type { CommandMetadata } from "@registre/core";
import { readModels } from "@registre/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { invoicingBooks } from "../testing/documents-setup.ts";
import { commitValidation, showValidations, validateDocuments } from "./validation.ts";

const DAY = "2025-02-03";

// A validation committed without waiting for its read models, and read-your-writes from its checkpoint:
// `commitValidation` answers with the runner stopped (nothing can be visible), `showValidations` waits
// for the place it answered; a bulk validation's commits do not wait one by one, its report waits for
// the last, so whatever is read after the report shows every validation of the selection.
describe.each(databaseKinds)("a validation answered before its read models (%s)", (kind) => {
  let ctx: AppContext;
  let n = 0;
  const metadata = (): CommandMetadata => ({
    commandId: ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: "u",
  });
  beforeAll(async () => {
    ctx = {
      ...(await openContext({}, await openTestDatabase(kind))),
      clock: () => new Date(`${DAY}T10:00:00Z`),
    };
    await ctx.runner.start();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  const books = () => invoicingBooks(ctx, `Atelier Visibilité ${++n}`, DAY, metadata);
  const validated = (orgId: string) =>
    readModels(ctx.database)
      .selectFrom("documents")
      .select(["id", "number", "entry_mvt"])
      .where("org_id", "=", orgId)
      .where("validated_on", "is not", null)
      .orderBy("number")
      .execute();
  const entries = (orgId: string) =>
    readModels(ctx.database)
      .selectFrom("entries")
      .select(["mvt", "number", "status", "debit"])
      .where("org_id", "=", orgId)
      .where("journal", "=", "VT")
      .orderBy("number")
      .execute();

  it("answers once committed, and its checkpoint makes the next read show the document and its entry", async () => {
    const { orgId, invoice } = await books();
    const id = await invoice("100");
    await ctx.runner.drain();
    await ctx.runner.stop();
    let commit: Awaited<ReturnType<typeof commitValidation>>;
    try {
      commit = await commitValidation(ctx, orgId, id, metadata(), DAY);
      expect(commit.checkpoint).not.toBeNull();
      // Answered with no read model moving: they do not show it yet.
      expect(await validated(orgId)).toEqual([]);
    } finally {
      await ctx.runner.start();
    }
    expect(await showValidations(ctx, orgId, commit.checkpoint)).toBe(true);
    const shown = await validated(orgId);
    expect(shown).toEqual([{ id, number: "FA2025-00001", entry_mvt: commit.mvt }]);
    expect(await entries(orgId)).toEqual([
      { mvt: shown[0]?.entry_mvt, number: "VT000001", status: "validated", debit: expect.anything() },
    ]);
  });

  it("shows every validation of a bulk one once its report is answered, numbers gapless", async () => {
    const { orgId, invoice } = await books();
    const ids = [await invoice("10"), await invoice("20"), await invoice("30"), await invoice("40")];
    await ctx.runner.drain();
    const report = await validateDocuments(ctx, orgId, ids, metadata());
    expect(report.refused).toEqual([]);
    // Read at once, no wait of the test's own: the report waited for the last commit's read models.
    const docs = await validated(orgId);
    const posted = await entries(orgId);
    expect(docs.map((d) => d.number)).toEqual([
      "FA2025-00001",
      "FA2025-00002",
      "FA2025-00003",
      "FA2025-00004",
    ]);
    expect(report.validated.map((v) => v.number)).toEqual(docs.map((d) => d.number));
    expect(posted.map((e) => [e.number, e.status])).toEqual([
      ["VT000001", "validated"],
      ["VT000002", "validated"],
      ["VT000003", "validated"],
      ["VT000004", "validated"],
    ]);
    expect(new Set(docs.map((d) => d.entry_mvt))).toEqual(new Set(posted.map((e) => e.mvt)));
  });

  it("reports a bulk validation's numbers from the documents' streams when the read models lag", async () => {
    const { orgId, invoice } = await books();
    const ids = [await invoice("50"), await invoice("60")];
    await ctx.runner.drain();
    // A runner that never shows anything in time: the report cannot read the numbers from the read model.
    const lagging: AppContext = {
      ...ctx,
      runner: { ...ctx.runner, awaitVisible: async () => "lagging" as const },
    };
    const report = await validateDocuments(lagging, orgId, ids, metadata());
    expect(report.validated.map((v) => v.number)).toEqual(["FA2025-00001", "FA2025-00002"]);
  });
});
