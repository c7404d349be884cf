import { formatDocumentNumber, normaliseSeriesFormat } from "@registre/core";
import { describe, expect, it } from "vitest";
import { exampleNumber, isSeriesFormat } from "./settings-api.ts";

const accepts = (format: string) => {
  try {
    normaliseSeriesFormat(format);
    return true;
  } catch {
    return false;
  }
};

describe("document settings in the browser", () => {
  it("shows the number a format gives, as the core formats it", () => {
    for (const format of ["FA{YYYY}-{#####}", "AV{YY}{MM}-{###}", "D-{#}"])
      expect(exampleNumber(format, "2026-03-14", 7)).toBe(formatDocumentNumber(format, "2026-03-14", 7));
  });

  it("accepts the formats the core accepts", () => {
    for (const format of [
      "FA{YYYY}-{#####}",
      "{#}",
      "FA{YYYY}",
      "FA {#}",
      "FA{#}{#}",
      "A/B{#}",
      "{YYYY}-{#####}",
    ])
      expect(isSeriesFormat(format), format).toBe(accepts(format));
  });
});
