import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanReceivedText, findUnstorableText, textFlaw, unstorableText } from "./text-safety.ts";

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

describe("cleanReceivedText", () => {
  it("drops NUL, BEL, DEL, C1 controls, a DOS end-of-file, bidirectional overrides and isolates, lone surrogates", () => {
    expect(cleanReceivedText("\u0000LE \u0007FOURNISSEUR\u001a")).toBe("LE FOURNISSEUR");
    expect(cleanReceivedText("\u202eerutcaF\u202c \u2066x\u2069 \u202ay\u202d")).toBe("erutcaF x y");
    expect(cleanReceivedText("del\u007f next\u0085 \ud800lone\udc00")).toBe("del next lone");
    // What is not noise stays: letters of any script, emoji (a pair of surrogates), no-break spaces.
    expect(cleanReceivedText("Café 😀 ∑ 中文 \u202f")).toBe("Café 😀 ∑ 中文 \u202f");
  });

  it("makes tabs and line breaks spaces in a single-line field, keeps them in a multi-line one; NFC", () => {
    expect(cleanReceivedText("LE\r\nFOURNISSEUR\tSAS\n")).toBe("LE FOURNISSEUR SAS ");
    expect(cleanReceivedText("Ligne 1\r\nLigne\u0000 2\tfin", { multiline: true })).toBe(
      "Ligne 1\r\nLigne 2\tfin",
    );
    expect(cleanReceivedText("Cafe\u0301")).toBe("Café");
  });

  it("leaves nothing the API's guard refuses, nor what it would have to clean again", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.boolean(), (text, multiline) => {
        const clean = cleanReceivedText(text, { multiline });
        expect(textFlaw(clean)).toBeUndefined();
        expect(clean).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
        if (!multiline) expect(clean).not.toMatch(/[\t\r\n]/);
        expect(cleanReceivedText(clean, { multiline })).toBe(clean);
      }),
    );
  });
});
