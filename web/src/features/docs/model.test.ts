import { transformTargets as coreTargets, documentTransitions as coreTransitions } from "@registre/core";
import { describe, expect, it } from "vitest";
import { documentTransitions, statusActions, transformTargets } from "./model.ts";

describe("documents model", () => {
  it("is the core's lifecycle table and transform targets", () => {
    expect(documentTransitions).toEqual(coreTransitions);
    expect(transformTargets).toEqual(coreTargets);
  });

  it("offers validation apart from the status changes", () => {
    expect(statusActions("invoice", "draft")).toEqual([]);
    expect(statusActions("invoice", "validated")).toEqual(["sent"]);
    expect(statusActions("quote", "draft")).toEqual(["sent", "accepted", "refused", "cancelled"]);
  });
});
