import type { Font, GlyphRun } from "fontkit";

/** Words kept per font; the cache is emptied when full (a catalogue's words fit many times over). */
const MAX_WORDS = 20_000;

type Shaped = Pick<GlyphRun, "glyphs" | "positions" | "advanceWidth">;

/**
 * Shaping a word (GSUB and GPOS lookups: Inter's contextual alternates, kerning) was most of the
 * time of a page, and the same words come back in every document. pdfkit caches shaped words only
 * per document, so the font's own `layout` is memoised here for the process: the glyphs (read only)
 * are shared, the positions copied for each caller, since pdfkit scales them in place.
 * Only plain calls are cached (pdfkit passes no features unless the text options ask for some).
 */
export const memoiseLayout = (font: Font): void => {
  const layout = font.layout.bind(font);
  const cache = new Map<string, GlyphRun>();
  const copy = (run: GlyphRun): Shaped => {
    const positions = run.positions.map((p) => ({
      xAdvance: p.xAdvance,
      yAdvance: p.yAdvance,
      xOffset: p.xOffset,
      yOffset: p.yOffset,
    }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const p of positions) width += p.xAdvance;
        return width;
      },
    };
  };
  const memoised = (text: string, ...rest: unknown[]): Shaped => {
    if (rest.some((r) => r !== undefined)) return layout(text, ...(rest as []));
    let run = cache.get(text);
    if (!run) {
      if (cache.size >= MAX_WORDS) cache.clear();
      run = layout(text);
      cache.set(text, run);
    }
    return copy(run);
  };
  (font as { layout: unknown }).layout = memoised;
};
