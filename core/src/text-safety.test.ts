import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnstorableText, textFlaw, unstorableText } from "./text-safety.ts";

describe("textFlaw", () => {
  it("refuses NUL, lone surrogates and control characters, but not tab and line breaks", () => {
    expect(textFlaw("Evil\u0000Corp")).toBe("nul");
    expect(textFlaw("lone \ud800")).toBe("surrogate");
    expect(textFlaw("\udc00 first")).toBe("surrogate");
    expect(textFlaw("bell\u0007")).toBe("control");
    expect(textFlaw("next line\u0085")).toBe("control");
    expect(textFlaw("del\u007f")).toBe("control");
    expect(textFlaw("a\tb\nc\r\n")).toBeUndefined();
    expect(textFlaw("Café 😀 ∑ 中文 \u202f")).toBeUndefined();
  });

  it("agrees with String.prototype.isWellFormed on surrogates, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const wellFormed = (text as string & { isWellFormed(): boolean }).isWellFormed();
        expect(unstorableText(text)).toBe(text.includes("\u0000") || !wellFormed);
      }),
    );
  });
});

describe("findUnstorableText", () => {
  it("names the first unstorable text of a value, keys included", () => {
    expect(findUnstorableText({ lines: [{ label: "ok" }, { label: "x\u0000" }] })).toBe("lines.1.label");
    expect(findUnstorableText({ "k\ud800": 1 })).toBe("k\ud800");
    expect(findUnstorableText(["\udfff"])).toBe("0");
    expect(findUnstorableText({ a: [1, null, true, { b: "fine\u0007" }] })).toBeUndefined();
  });
});
