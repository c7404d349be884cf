import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { memoiseLayout } from "./shaping.ts";

const open = () => {
  const file = createRequire(import.meta.url).resolve(
    "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  );
  const font = fontkit.create(readFileSync(file));
  if (!("layout" in font)) throw new Error("not a font");
  return font;
};

describe("memoiseLayout", () => {
  it("answers the font's own shaping, and a copy of the positions each time (pdfkit scales them in place)", () => {
    const reference = open();
    const font = open();
    memoiseLayout(font);
    for (const word of ["Facture", "1\u202f234,56\u00a0€", "d'œuvre", "->"]) {
      const expected = reference.layout(word);
      const first = font.layout(word);
      for (const p of first.positions) p.xAdvance *= 3;
      const second = font.layout(word);
      expect(second.glyphs.map((g) => g.id)).toEqual(expected.glyphs.map((g) => g.id));
      expect(second.positions.map((p) => p.xAdvance)).toEqual(expected.positions.map((p) => p.xAdvance));
      expect(second.advanceWidth).toBe(expected.advanceWidth);
    }
  });
});
