import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { openContext } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { seedDemo } from "./demo.ts";

describe("the demo organisation", () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ctx = await openContext({}, await openTestDatabase("pglite"));
    await ctx.runner.start();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  it("is created once, on an empty database, with the worked example's identity", async () => {
    const id = await seedDemo(ctx);
    expect(id).not.toBeNull();
    expect(await seedDemo(ctx)).toBeNull();
    const rows = await ctx.database.db.selectFrom("organisations").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        org_id: id,
        name: "Atelier Démo SARL",
        siren: "123456782",
        vat_number: "FR11123456782",
        vat_on_debits: true,
      }),
    ]);
  });
});
