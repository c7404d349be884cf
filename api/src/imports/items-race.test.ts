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
    // Nothing of the file was written, not even the items before the taken one.
    expect(await references(token)).toEqual(["r-1200"]);
  });

  it("writes a file of 1,500 items in one commit, and once when it is run again under the same command", async () => {
    const { token, orgId } = await organisation("Sacha");
    const once = metadata();
    const progress: number[] = [];
    const first = await importItems(harness.ctx, orgId, file(1500), once, {
      ...options,
      onProgress: (done) => progress.push(done),
    });
    expect(first).toMatchObject({ written: true, created: 1500, errors: [] });
    expect(progress).toEqual([1500]);
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
