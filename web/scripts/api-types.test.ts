import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiTypesPath, generateApiTypes, openApiDocument } from "./api-types.ts";

describe("the web's API types", () => {
  it("are those of the API's OpenAPI document as it is now", async () => {
    const committed = readFileSync(apiTypesPath, "utf8");
    const fresh = await generateApiTypes();
    // A diff of ten thousand lines would say less than this.
    expect(
      committed === fresh,
      "web/src/lib/api-types.ts is stale: run `npm run api-types --workspace @registre/web`",
    ).toBe(true);
  });

  it("type every operation of the document and list its enums from it", async () => {
    const [doc, fresh] = await Promise.all([openApiDocument(), generateApiTypes()]);
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !fresh.includes(`    "${path}": {`))).toEqual([]);
    const journal = doc.components?.schemas?.Journal as unknown as {
      properties: { kind: { enum: string[] } };
    };
    expect(fresh).toContain(
      `export const journalKindValues = ${JSON.stringify(journal.properties.kind.enum).replaceAll(",", ", ")} as const`,
    );
  });
});
