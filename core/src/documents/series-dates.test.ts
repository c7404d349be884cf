import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { type DocumentSeriesEvent, documentSeriesDecider, documentSeriesStreamId } from "./series-dates.ts";

const spec = deciderSpecification(documentSeriesDecider);
const reach = (issueDate: string, number = "FA2025-00009", doc = "d9") => ({
  type: "ReachSeriesDate" as const,
  data: { issueDate, number, doc },
});
const reached = (issueDate: string, number = "FA2025-00001", doc = "d1"): DocumentSeriesEvent => ({
  type: "DocumentSeriesDateReached",
  data: { issueDate, number, doc },
});

it("keeps one stream per gapless counter: per year when the format prints it", () => {
  expect(documentSeriesStreamId({ id: "FA", format: "FA{YYYY}-{#####}" }, "2025-03-04")).toBe(
    "doc-series-FA-2025",
  );
  expect(documentSeriesStreamId({ id: "N", format: "N-{####}" }, "2025-03-04")).toBe("doc-series-N");
});

describe("a numbering sequence's dates", () => {
  it("records its first date, then each later date, once", () => {
    spec
      .given([])
      .when(reach("2025-01-06"))
      .then([reached("2025-01-06", "FA2025-00009", "d9")]);
    spec
      .given([reached("2025-01-06")])
      .when(reach("2025-01-07"))
      .then([reached("2025-01-07", "FA2025-00009", "d9")]);
    spec
      .given([reached("2025-01-06")])
      .when(reach("2025-01-06"))
      .then([]);
  });

  it("refuses a date before its last one", () => {
    spec
      .given([reached("2025-01-03"), reached("2025-01-06")])
      .when(reach("2025-01-05"))
      .thenThrows(refusedWith("doc.dateBeforeLast", { field: "issueDate", last: "2025-01-06" }));
  });
});
