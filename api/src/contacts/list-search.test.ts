import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { listContacts } from "./queries.ts";

describe.each(databaseKinds)("the contacts list's search by name, however it is planned, on %s", (kind) => {
  const { harness, send, organisation } = apiHarness(kind);

  it("answers the same pages through the trigram index, the name window and the sort of every match", async () => {
    const { token, orgId } = await organisation("Dora");
    const names = [
      "Atelier Zola",
      "Atelier Albert",
      "Boulangerie Atelier",
      "Cabinet Roux",
      "Atelier Morel",
      "Zinc atelier",
    ];
    for (const name of names)
      expect((await send("POST", "/contacts", token, { kind: "company", name, types: [] })).status).toBe(201);
    const matching = names
      .filter((n) => n.toLowerCase().includes("atelier"))
      .sort((a, b) => a.localeCompare(b));
    const page = async (cap: number, offset: number, limit: number, sort: "name" | "-name" = "name") =>
      (
        await listContacts(harness.ctx, orgId, { status: "active", sort, offset, limit, q: "atelier" }, cap)
      ).items.map((c) => c.name);
    // Under the cap: the matches fetched and sorted.
    expect(await page(1000, 0, 50)).toEqual(matching);
    // Past the cap (2): the first contacts by name hold the page…
    expect(await page(2, 0, 2)).toEqual(matching.slice(0, 2));
    expect(await page(2, 1, 2)).toEqual(matching.slice(1, 3));
    // …or not (a page further than the matches): every match sorted.
    expect(await page(2, 3, 5)).toEqual(matching.slice(3));
    expect(await page(2, 0, 2, "-name")).toEqual([...matching].reverse().slice(0, 2));
    expect(await page(1000, 0, 50, "-name")).toEqual([...matching].reverse());
  });
});
