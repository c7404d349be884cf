import type { CommandMetadata } from "@registre/core";
import { readModels } from "@registre/projections";
import { createEventStore, openDatabase } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWireCounter, type WireCounter } from "../../../tests/bench/wire-count.ts";
import { openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { invoicingBooks } from "../testing/documents-setup.ts";
import { validateDocument } from "./validation.ts";

const DAY = "2025-02-03";
/** After the validation's debounced notification went out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

// Round trips are the server's: counted on the wire, so on PostgreSQL only. The commands go through
// the counting proxy; the projection runner reads and writes the read models on its own connections
// (woken by the notification), so that only the command's own round trips are counted.
describe("an invoice's validation on the wire (postgres)", () => {
  let base: TestDatabase;
  let counter: WireCounter;
  let direct: AppContext;
  let ctx: AppContext;
  const metadata = (): CommandMetadata => ({
    commandId: ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: "u",
  });
  beforeAll(async () => {
    base = await openTestDatabase("postgres");
    const url = new URL(base.url ?? "");
    counter = await startWireCounter({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${counter.port}`;
    direct = { ...(await openContext({}, base)), clock: () => new Date(`${DAY}T10:00:00Z`) };
    await direct.runner.start();
    const database = await openDatabase({ url: url.toString(), maxConnections: 4 });
    ctx = { ...direct, database, store: createEventStore(database) };
  });
  afterAll(async () => {
    await direct?.runner.stop();
    await ctx?.database.close();
    await counter?.close();
    await base?.close();
  });

  it("is two round trips (the reads and the look-up in one statement, the commit in one), and its notification", async () => {
    const { orgId, invoice } = await invoicingBooks(ctx, "Atelier Facturation", DAY, metadata);
    const drafts = [await invoice("100"), await invoice("2000.50"), await invoice("30")];
    const validate = async (id: string, meta = metadata()) => {
      await settle();
      counter.reset();
      const mvt = await validateDocument(ctx, orgId, id, meta, DAY);
      await settle();
      return { mvt, trips: counter.roundTrips() };
    };
    // The sequence's first number: its stream is read once the document is (a second statement), and
    // the organisation's counters tell that no number was taken before it (no read model to wait for).
    expect((await validate(drafts[0] ?? "")).trips).toBe(5);
    // From then on the sequence's stream is read with the rest.
    expect((await validate(drafts[1] ?? "")).trips).toBe(3);
    const again = metadata();
    const third = await validate(drafts[2] ?? "", again);
    expect(third.trips).toBe(3);
    // A retry answers the first result and takes nothing.
    expect((await validateDocument(ctx, orgId, drafts[2] ?? "", again, DAY)) === third.mvt).toBe(true);
    await direct.runner.drain();
    const docs = await readModels(direct.database)
      .selectFrom("documents")
      .select(["number", "entry_mvt"])
      .where("org_id", "=", orgId)
      .orderBy("number")
      .execute();
    const entries = await readModels(direct.database)
      .selectFrom("entries")
      .select(["number", "mvt", "debit"])
      .where("org_id", "=", orgId)
      .where("journal", "=", "VT")
      .orderBy("number")
      .execute();
    expect(docs.map((d) => d.number)).toEqual(["FA2025-00001", "FA2025-00002", "FA2025-00003"]);
    expect(entries.map((e) => [e.number, Number(e.debit)])).toEqual([
      ["VT000001", 12000],
      ["VT000002", 240060],
      ["VT000003", 3600],
    ]);
    expect(docs.map((d) => d.entry_mvt)).toEqual(entries.map((e) => e.mvt));
  });
});
