import { describe, expect, it } from "vitest";
import { firstLoadBudgetBytes, kb, measureFirstLoad } from "../../web/scripts/bundle-size.ts";
import { ensureWebBuild } from "./support.ts";

/** Issue 9 §3: the JavaScript of a first page load (entry chunk and its static imports) stays within 250 KB gzip. */
describe("first-load JavaScript", () => {
  it("fits the 250 KB gzip budget, the screens' chunks loading lazily", async () => {
    await ensureWebBuild();
    const load = measureFirstLoad();
    console.log(`first-load JavaScript: ${kb(load.gzipBytes)} gzip in ${load.files.length} files`);
    expect(load.gzipBytes).toBeLessThanOrEqual(firstLoadBudgetBytes);
    // The feature screens are not in the first load: without lazy routes there would be no lazy chunk.
    expect(load.lazyFiles).toBeGreaterThan(10);
    expect(
      load.files.some((file) => /closing-|entries-page|entry-|reports-pages|years-pages/.test(file.file)),
    ).toBe(false);
    // The kit's heavy parts come with the screens that use them: @mantine/dates and dayjs (the date
    // field), zod and @mantine/form (the forms).
    expect(load.files.some((file) => /assets\/(date-input|form)-/.test(file.file))).toBe(false);
  });
});
