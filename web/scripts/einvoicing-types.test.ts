import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { einvoicingServices, generateServiceTypes } from "./einvoicing-types.ts";

describe("the e-invoicing standard's types (api/src/einvoicing/openapi/)", () => {
  for (const service of einvoicingServices) {
    it(`of the ${service.name} service are those of its OpenAPI document`, async () => {
      const committed = readFileSync(service.types, "utf8");
      const fresh = await generateServiceTypes(service.document);
      expect(
        committed === fresh,
        `${service.types} is stale: run \`npm run einvoicing-types --workspace @registre/web\``,
      ).toBe(true);
      const doc = JSON.parse(readFileSync(service.document, "utf8")) as { paths: Record<string, unknown> };
      const paths = Object.keys(doc.paths);
      expect(paths.length).toBeGreaterThan(3);
      expect(paths.filter((path) => !fresh.includes(`    "${path}": {`))).toEqual([]);
    });
  }
});
