import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import {
  type ItemReferenceEvent,
  itemReferenceChanges,
  itemReferenceDecider,
  itemReferenceEventTypes,
  itemReferenceKey,
} from "./reference.ts";

const spec = deciderSpecification(itemReferenceDecider);
const claim = (item: string, reference = "CH-01") => ({
  type: "ClaimItemReference" as const,
  data: { item, reference },
});
const release = (item: string) => ({ type: "ReleaseItemReference" as const, data: { item } });
const claimed = (item: string, reference = "CH-01"): ItemReferenceEvent => ({
  type: "ItemReferenceClaimed",
  data: { item, reference },
});
const released = (item: string): ItemReferenceEvent => ({ type: "ItemReferenceReleased", data: { item } });

it("names every event type once", () => {
  expect(new Set(itemReferenceEventTypes).size).toBe(2);
});

describe("the key of a reference", () => {
  it("is the cleaned reference, case aside", () => {
    expect(itemReferenceKey("  Ch-01 ")).toBe("ch-01");
    expect(itemReferenceKey("CH  01")).toBe(itemReferenceKey("ch 01"));
    expect(itemReferenceKey("ÉTÉ-1")).toBe("été-1");
  });
});

describe("claiming a reference", () => {
  it("takes a free reference", () => {
    spec
      .given([])
      .when(claim("a", " CH-01 "))
      .then([claimed("a", "CH-01")]);
  });

  it("takes a reference released by a deleted item", () => {
    spec
      .given([claimed("a"), released("a")])
      .when(claim("b", "ch-01"))
      .then([claimed("b", "ch-01")]);
  });

  it("refuses a reference another item holds, naming the field, as the read model's check does", () => {
    spec
      .given([claimed("a")])
      .when(claim("b", "ch-01"))
      .thenThrows(refusedOnField("item.duplicateReference", "reference", 409));
    spec
      .given([claimed("a")])
      .when(claim("b", "ch-01"))
      .thenThrows(refusedWith("item.duplicateReference", { field: "reference", value: "ch-01" }));
  });

  it("changes nothing when its holder claims it again (a retried decision)", () => {
    spec
      .given([claimed("a")])
      .when(claim("a"))
      .then([]);
  });
});

describe("releasing a reference", () => {
  it("frees it when its holder lets it go", () => {
    spec
      .given([claimed("a")])
      .when(release("a"))
      .then([released("a")]);
  });

  it("changes nothing for another item, nor for an item created before reservations", () => {
    spec
      .given([claimed("a")])
      .when(release("b"))
      .then([]);
    spec.given([]).when(release("a")).then([]);
    spec
      .given([claimed("a"), released("a")])
      .when(release("a"))
      .then([]);
  });
});

describe("the reservations of a change of reference", () => {
  it("claims the reference of a new item", () => {
    expect(itemReferenceChanges("a", null, "CH-01")).toEqual([
      { key: "ch-01", command: claim("a", "CH-01") },
    ]);
  });

  it("releases the old reference and claims the new one", () => {
    expect(itemReferenceChanges("a", "CH-01", "CH-02")).toEqual([
      { key: "ch-01", command: release("a") },
      { key: "ch-02", command: claim("a", "CH-02") },
    ]);
  });

  it("keeps the reservation through a change of case or spaces", () => {
    expect(itemReferenceChanges("a", "CH-01", " ch-01")).toEqual([]);
  });

  it("releases the reference of a deleted item", () => {
    expect(itemReferenceChanges("a", "CH-01", null)).toEqual([{ key: "ch-01", command: release("a") }]);
  });
});
