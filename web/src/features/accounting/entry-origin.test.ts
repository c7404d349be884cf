import { describe, expect, test } from "vitest";
import { entryOrigin } from "./api.ts";

describe("entryOrigin", () => {
  test("reads the known fields of an entry's origin", () => {
    expect(entryOrigin({ origin: { kind: "reversal", of: "m1" } })).toEqual({ kind: "reversal", of: "m1" });
    expect(
      entryOrigin({ origin: { kind: "adjustment", yearId: "y1", adjustment: "stock", file: "x" } }),
    ).toEqual({ kind: "adjustment", yearId: "y1", adjustment: "stock" });
  });

  test("leaves out a field that is not text, as the API's free record allows", () => {
    expect(entryOrigin({ origin: { kind: 3, of: null, yearId: { id: "y1" } } })).toEqual({});
  });
});
