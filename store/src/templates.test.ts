import { canonicalJson } from "@registre/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EncodedPart, templateParts, widthsOfOnes } from "./templates.ts";

type Numbers = Readonly<Record<string, number>>;
const part = (streamId: string, ...data: unknown[]): EncodedPart => ({
  streamId,
  expected: 0,
  events: data.map((d) => ({ type: "E", data: canonicalJson(d) })),
});
/** The templates filled as the server fills them (`registre_append_many_counted`). */
const fill = (t: NonNullable<Awaited<ReturnType<typeof templateParts>>>, numbers: Numbers) =>
  t.parts.map((p) => ({
    ...p,
    events: p.events.map((e) => ({
      ...e,
      data: t.tokens.reduce(
        (text, token, k) =>
          text.replaceAll(token, String(numbers[t.counters[k] ?? ""]).padStart(t.widths[k] ?? 1, "0")),
        e.data,
      ),
    })),
  }));

describe("events templated on the numbers they print", () => {
  const invoice = (n: Numbers) => [
    part("doc-1", { number: `FA2020-${String(n["doc:FA"]).padStart(5, "0")}`, at: "2020-01-01" }),
    part(
      "entry-1",
      { ref: `FA2020-${String(n["doc:FA"]).padStart(5, "0")}`, amount: 1000 },
      { sequence: n.VT, number: `VT${String(n.VT).padStart(6, "0")}` },
    ),
    part("other", { untouched: true }),
  ];

  it("leaves an event too large for a template to the transaction (an imported entry of thousands of lines)", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => ({
      account: "473000",
      label: `ligne ${i} (1.2) [x]`,
    }));
    const large = (n: Numbers) => [part("entry-1", { lines, number: `AN${String(n.AN).padStart(6, "0")}` })];
    expect(await templateParts(["AN"], large)).toBeNull();
    const small = (n: Numbers) => [
      part("entry-1", { lines: lines.slice(0, 3), number: `AN${String(n.AN).padStart(6, "0")}` }),
    ];
    expect(await templateParts(["AN"], small)).not.toBeNull();
  });

  it("finds each printed number, of which counter, and its width; filled, gives the decision", async () => {
    const t = await templateParts(["doc:FA", "VT", "volume"], invoice);
    expect(t).not.toBeNull();
    if (!t) return;
    expect(t.counters).toEqual(["doc:FA", "doc:FA", "VT", "VT"]);
    // Keys in canonical order: the entry's number (six digits) before its sequence (as it comes).
    expect(t.widths).toEqual([5, 5, 6, 1]);
    for (const numbers of [
      { "doc:FA": 1, VT: 1, volume: 1 },
      { "doc:FA": 12, VT: 999_999, volume: 5 },
      { "doc:FA": 123_456, VT: 1_000_000, volume: 5 },
    ])
      expect(fill(t, numbers)).toEqual(invoice(numbers));
    // Tokens differ on every call: data cannot forge one.
    expect((await templateParts(["doc:FA", "VT"], invoice))?.tokens[0]).not.toBe(t.tokens[0]);
  });

  it("gives up when the numbers enter the decision otherwise than printed", async () => {
    // How many events there are.
    expect(
      await templateParts(["VT"], (n) => [part("s", ...Array.from({ length: (n.VT ?? 0) % 3 }, () => ({})))]),
    ).toBeNull();
    // A value computed from the number.
    expect(await templateParts(["VT"], (n) => [part("s", { next: (n.VT ?? 0) + 1 })])).toBeNull();
    // A refusal at some values.
    expect(
      await templateParts(["VT"], (n) => {
        if ((n.VT ?? 0) > 1000) throw new Error("too many");
        return [part("s", { n: n.VT })];
      }),
    ).toBeNull();
  });

  it("reads each place's width in one pass, as the pattern ^seg(0*1)seg…$ would", () => {
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const byPattern = (segments: readonly string[], text: string) => {
      const m = new RegExp(`^${segments.map(literal).join("(0*1)")}$`).exec(text);
      return m ? m.slice(1).map((g) => g.length) : null;
    };
    // A number followed by digits, zeros or ones.
    expect(widthsOfOnes(["FA-", "10"], "FA-00110")).toEqual([3]);
    expect(widthsOfOnes(["", "0", "1"], "0001011")).toEqual([4, 1]);
    expect(widthsOfOnes(["", "0"], "0010")).toEqual([3]);
    expect(widthsOfOnes(["a", "b"], "a00b")).toBeNull();
    const piece = fc.stringMatching(/^[01a\-{}"]{0,4}$/);
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(3), { maxLength: 3 }),
        fc.nat(5),
        (segments, zeros, noise) => {
          const texts = [
            segments.map((s, j) => (j === 0 ? s : `${"0".repeat(zeros[j - 1] ?? 0)}1${s}`)).join(""),
            segments.join("1".repeat(noise % 3)),
            segments.join("0"),
          ];
          for (const text of texts) expect(widthsOfOnes(segments, text)).toEqual(byPattern(segments, text));
        },
      ),
    );
  });
});
