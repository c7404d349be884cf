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
    expect(load.files.some((file) => /closing-pages|entries-pages|reports-pages/.test(file.file))).toBe(
      false,
    );
  });
});
