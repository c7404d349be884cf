import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { importItems } from "./items-import.ts";

/** A file of `n` items: references R-0001…, one per line after the header. */
const file = (n: number) =>
  new TextEncoder().encode(
    `Référence;Libellé;Prix de vente HT\r\n${Array.from(
      { length: n },
      (_, i) => `R-${String(i + 1).padStart(4, "0")};Article ${i + 1};${10 + (i % 7)},50\r\n`,
    ).join("")}`,
  );

describe.each(databaseKinds)("items import, the whole file or nothing on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);
  const options = { format: "csv", dryRun: false, acknowledgeDuplicates: false, locale: "fr" } as const;
  const metadata = (): CommandMetadata => ({
    commandId: randomUUID(),
    at: new Date().toISOString(),
    userId: "test",
  });
  const references = async (token: string) =>
    ((await send("GET", "/items?status=all&limit=200", token)).body.items as { reference: string }[])
      .map((i) => i.reference)
      .sort();

  it("refuses the whole file when another command takes one of its references after the check", async () => {
    const { token, orgId } = await organisation("Romane");
    // 1,500 items: more than the old batches of 1,000, the taken reference in the second thousand.
    const result = await importItems(harness.ctx, orgId, file(1500), metadata(), {
      ...options,
      onChecked: async () => {
        const taken = await send("POST", "/items", token, {
          use: "sale",
          kind: "goods",
          reference: "r-1200",
          label: "Pris entre-temps",
          unit: "C62",
          vatRate: "20",
        });
        expect(taken.status).toBe(201);
      },
    });
    expect(result).toMatchObject({
      written: false,
      created: 0,
      errors: [
        {
          line: 1201,
          field: "reference",
          code: "item.duplicateReference",
          message: "Code en double (R-1200).",
        },
      ],
    });
    await harness.ctx.runner.drain();
    // Nothing of the file was written, not even the items before the taken one, and the references the
    // file had claimed before it are free again.
    expect(await references(token)).toEqual(["r-1200"]);
    const freed = await send("POST", "/items", token, {
      use: "sale",
      kind: "goods",
      reference: "R-0007",
      label: "Libre",
      unit: "C62",
      vatRate: "20",
    });
    expect(freed.status).toBe(201);
  });

  it("refuses the whole file when an item takes one of its references between its plan and its commit (the reservation)", async () => {
    const { token, orgId } = await organisation("Timothee");
    let planned = 0;
    const result = await importItems(harness.ctx, orgId, file(300), metadata(), {
      ...options,
      // The plan read the references (the read model did not have it): the creation commits first.
      onPlanned: async () => {
        if (planned++ > 0) return;
        const taken = await send("POST", "/items", token, {
          use: "sale",
          kind: "goods",
          reference: "r-0250",
          label: "Pris entre-temps",
          unit: "C62",
          vatRate: "20",
        });
        expect(taken.status).toBe(201);
      },
    });
    expect(planned).toBe(1);
    expect(result).toMatchObject({
      written: false,
      created: 0,
      errors: [{ line: 251, field: "reference", code: "item.duplicateReference" }],
    });
    await harness.ctx.runner.drain();
    expect(await references(token)).toEqual(["r-0250"]);
    const health = await (await harness.app.request("/api/health")).json();
    expect(health.status).toBe("ok");
    const items = (await harness.ctx.runner.status()).find((s) => s.name === "items");
    expect(items?.failures.filter((f) => f.orgId === orgId)).toEqual([]);
  });

  it("imports a reference a deleted item freed, and its items hold theirs", async () => {
    const { token, orgId } = await organisation("Ulysse");
    const item = (reference: string) => ({
      use: "sale",
      kind: "goods",
      reference,
      label: "Avant",
      unit: "C62",
      vatRate: "20",
    });
    const gone = await send("POST", "/items", token, item("R-0001"));
    expect((await send("DELETE", `/items/${gone.body.id}`, token)).status).toBe(204);
    expect(await importItems(harness.ctx, orgId, file(2), metadata(), options)).toMatchObject({
      written: true,
      created: 2,
    });
    expect(await references(token)).toEqual(["R-0001", "R-0002"]);
    // The imported items hold their references: a creation is refused even where the read model lags.
    await harness.ctx.database.db.deleteFrom("items").where("org_id", "=", orgId).execute();
    const twin = await send("POST", "/items", token, item("r-0002"));
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: "item.duplicateReference", errors: [{ path: "reference" }] });
  });

  it("writes a file of 1,500 items in commits the event loop can wait for, and once when it is run again under the same command", async () => {
    const { token, orgId } = await organisation("Sacha");
    const once = metadata();
    const progress: number[] = [];
    const first = await importItems(harness.ctx, orgId, file(1500), once, {
      ...options,
      onProgress: (done) => progress.push(done),
    });
    expect(first).toMatchObject({ written: true, created: 1500, errors: [] });
    expect(progress).toEqual([500, 1000, 1500]);
    const again = await importItems(harness.ctx, orgId, file(1500), once, options);
    expect(again).toMatchObject({ written: true, created: 1500, errors: [] });
    const count = await harness.ctx.database.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .where("type", "=", "ItemCreated")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1500);
    expect((await send("GET", "/items?q=R-0001", token)).body.total).toBe(1);
  });
});
