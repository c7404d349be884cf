import { describe, expect, test } from "vitest";
import { bodyBlocks } from "./release-body.tsx";

describe("a release note's body", () => {
  test("paragraphs split on blank lines, a line break kept inside one, bullet lines as a list", () => {
    expect(
      bodyBlocks("Premier.\nSuite du premier.\n\n- un\n* deux\n• trois\n\r\n  \nDernier <b>gras</b>"),
    ).toEqual([
      { kind: "paragraph", lines: ["Premier.", "Suite du premier."] },
      { kind: "list", items: ["un", "deux", "trois"] },
      { kind: "paragraph", lines: ["Dernier <b>gras</b>"] },
    ]);
  });

  test("a list right after a paragraph line, without a blank line, is still a list", () => {
    expect(bodyBlocks("Nouveau :\n- a\n- b\nFin")).toEqual([
      { kind: "paragraph", lines: ["Nouveau :"] },
      { kind: "list", items: ["a", "b"] },
      { kind: "paragraph", lines: ["Fin"] },
    ]);
  });
});
