import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "./decider.ts";
import {
  checkLineCount,
  checkRecordCount,
  checkXmlShape,
  countLines,
  inflateAllowance,
  inflateRefusal,
} from "./read-limits.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, params: error.params };
    throw error;
  }
  return null;
};

describe("a file's lines, counted on its bytes before it is read", () => {
  it("counts line feeds, carriage returns alone, and a last line without its end", () => {
    expect(countLines(bytes(""))).toBe(0);
    expect(countLines(bytes("a"))).toBe(1);
    expect(countLines(bytes("a\n"))).toBe(1);
    expect(countLines(bytes("a\r\nb\r\n"))).toBe(2);
    expect(countLines(bytes("a\rb\rc"))).toBe(3);
    expect(countLines(bytes("a\nb"))).toBe(2);
  });

  it("equals the lines a split would give, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: "grapheme" }).map((s) => s.replace(/[\r\n]/g, "")),
          { minLength: 1 },
        ),
        (lines) => {
          const text = `${lines.join("\n")}\n`;
          expect(countLines(bytes(text))).toBe(lines.length);
        },
      ),
    );
  });

  it("refuses more lines than the limit allows (a header and several lines a record aside), naming both", () => {
    const file = bytes(`h\n${"x\n".repeat(11)}`);
    expect(refusal(() => checkLineCount(file, { lines: 10 }, 1, 1))).toEqual({
      code: "upload.tooManyLines",
      params: { limit: 10, value: 11, field: "file" },
    });
    expect(refusal(() => checkLineCount(file, { lines: 11 }, 1, 1))).toBeNull();
    expect(refusal(() => checkLineCount(file, { lines: 2 }, 10, 1))).toBeNull();
    expect(refusal(() => checkLineCount(file, {}, 1, 1))).toBeNull();
    expect(refusal(() => checkRecordCount(51, { lines: 50 }))).toEqual({
      code: "upload.tooManyLines",
      params: { limit: 50, value: 51, field: "file" },
    });
  });
});

describe("an XML document's shape, walked once before a tree is built of it", () => {
  const nested = (depth: number) => `<r>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</r>`;

  it("refuses a document nested deeper than the limit, or of more elements", () => {
    expect(refusal(() => checkXmlShape(nested(47), { xmlDepth: 48 }))).toBeNull();
    expect(refusal(() => checkXmlShape(nested(48), { xmlDepth: 48 }))).toEqual({
      code: "upload.xmlTooDeep",
      params: { limit: 48, field: "file" },
    });
    // Self-closing elements count as elements, not as depth.
    const wide = `<r>${"<a/>".repeat(100)}</r>`;
    expect(refusal(() => checkXmlShape(wide, { xmlDepth: 2, xmlElements: 101 }))).toBeNull();
    expect(refusal(() => checkXmlShape(wide, { xmlDepth: 2, xmlElements: 100 }))).toEqual({
      code: "upload.xmlTooManyElements",
      params: { limit: 100, field: "file" },
    });
  });

  it("measures the whole text past a flaw, and says whether it was well-formed", () => {
    expect(checkXmlShape("<r><a>x</a></r>", {})).toEqual({ wellFormed: true });
    expect(checkXmlShape("<r><a>\u0007</a></r>", {})).toEqual({ wellFormed: false });
    // A flaw first, then 100,000 levels: still refused by its depth.
    const flawedThenDeep = `<r>\u0000${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</r>`;
    expect(refusal(() => checkXmlShape(flawedThenDeep, { xmlDepth: 48 }))?.code).toBe("upload.xmlTooDeep");
  });
});

describe("what a compressed stream may inflate to", () => {
  it("is the smaller of its bytes limit and its ratio, refused by the one that bound it", () => {
    const limits = { inflatedBytes: 20_000_000, inflateRatio: 200 };
    expect(inflateAllowance(limits, 65_000)).toBe(13_000_000);
    expect(inflateRefusal(limits, 65_000).code).toBe("upload.inflateRatio");
    expect(inflateAllowance(limits, 1_000_000)).toBe(20_000_000);
    expect(inflateRefusal(limits, 1_000_000).code).toBe("upload.inflatedTooLarge");
    expect(inflateAllowance({}, 1_000)).toBe(Number.POSITIVE_INFINITY);
  });
});
