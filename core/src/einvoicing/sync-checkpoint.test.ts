import { describe, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField } from "../testing/refusals.ts";
import { syncCheckpointDecider } from "./sync-checkpoint.ts";

const spec = deciderSpecification(syncCheckpointDecider);
const move = (updatedAfter: string, flows = 1) => ({
  type: "MoveEInvoicingSyncCheckpoint" as const,
  data: { updatedAfter, flows },
});
const moved = (updatedAfter: string, flows = 1) => ({
  type: "EInvoicingSyncCheckpointMoved" as const,
  data: { updatedAfter, flows },
});

describe("the e-invoicing sync's checkpoint", () => {
  it("moves on to a later flow's updatedAt", () => {
    spec
      .given([])
      .when(move("2026-11-30T08:00:00.000Z", 3))
      .then([moved("2026-11-30T08:00:00.000Z", 3)]);
    spec
      .given([moved("2026-11-30T08:00:00.000Z")])
      .when(move("2026-11-30T08:00:00.001Z"))
      .then([moved("2026-11-30T08:00:00.001Z")]);
  });

  it("never goes back, and records nothing for the same instant (a sync run twice)", () => {
    spec
      .given([moved("2026-11-30T08:00:00.000Z")])
      .when(move("2026-11-30T08:00:00.000Z"))
      .then([]);
    spec
      .given([moved("2026-11-30T08:00:00.000Z")])
      .when(move("2026-11-29T08:00:00.000Z"))
      .then([]);
  });

  it("refuses what is not an instant", () => {
    spec.given([]).when(move("hier")).thenThrows(refusedOnField("validation.invalidDate", "updatedAfter"));
  });
});
