import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (about a minute or more each on the two-core machine), slowest first.
 * Vitest runs the files it has no timings for largest first; on a clean clone (CI) it has none, and
 * a one-minute file that happens to be small starts near the end and runs alone while the other
 * workers are idle. Starting these first lets the many short files fill in around them.
 */
const SLOW_FIRST = [
  "tests/e2e/accounting.test.ts",
  "api/src/idempotency-walk.test.ts",
  "tests/accounting/entry-list.test.ts",
  "tests/fuzz/openapi.test.ts",
  "tests/fuzz/cross-organisation.test.ts",
  "tests/e2e/screens.test.ts",
  "tests/e2e/",
];

const rank = (spec: TestSpecification) => {
  const path = spec.moduleId.replaceAll("\\", "/");
  const at = SLOW_FIRST.findIndex((slow) => path.includes(`/${slow}`));
  return at === -1 ? SLOW_FIRST.length : at;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: within a rank (the remaining e2e files, the rest), Vitest's own order.
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
