import { describe, expect, it } from "vitest";
import type { Doc } from "./api.ts";
import { allQuantities, quantitiesOf } from "./quantities-picker.tsx";

const doc = {
  lines: [
    { kind: "title", id: "T1", label: "Lot" },
    { kind: "item", id: "L1", label: "Table", quantity: "3" },
    { kind: "free", id: "L2", label: "Pose", quantity: "2" },
  ],
} as unknown as Doc;

describe("quantities of a partial transform or credit note", () => {
  it("sends nothing for the whole document", () => {
    expect(quantitiesOf(doc, allQuantities, "fr")).toBeUndefined();
  });

  it("sends the chosen lines' quantities as typed, the others left out", () => {
    expect(quantitiesOf(doc, { mode: "lines", typed: { L1: "1,5" }, chosen: { L2: false } }, "fr")).toEqual({
      L1: "1.5",
    });
    expect(quantitiesOf(doc, { mode: "lines", typed: {}, chosen: {} }, "fr")).toEqual({ L1: "3", L2: "2" });
  });

  it("refuses a quantity that does not read, or no line at all", () => {
    expect(quantitiesOf(doc, { mode: "lines", typed: { L1: "deux" }, chosen: {} }, "fr")).toBeNull();
    expect(
      quantitiesOf(doc, { mode: "lines", typed: {}, chosen: { L1: false, L2: false } }, "fr"),
    ).toBeNull();
  });
});
