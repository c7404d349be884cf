import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { authorizationDecider, unionRights } from "./authorization.ts";

const spec = deciderSpecification(authorizationDecider);
const item = "11111111-1111-4111-8111-111111111111";
const user = "22222222-2222-4222-8222-222222222222";
const assignment = "33333333-3333-4333-8333-333333333333";
const refused = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;
const created = {
  type: "AuthItemCreated",
  data: { itemId: item, name: "Facturation", rights: [{ c: "sales.invoices", r: 6 }] },
} as const;

describe("authorization items", () => {
  it("creates an item with its rights merged per code and sorted", () => {
    spec
      .given([])
      .when({
        type: "CreateAuthItem",
        data: {
          itemId: item,
          name: "  Facturation ",
          rights: [
            { c: "sales.invoices", r: 2 },
            { c: "contacts", r: 4 },
            { c: "sales.invoices", r: 4 },
          ],
        },
      })
      .then([
        {
          type: "AuthItemCreated",
          data: {
            itemId: item,
            name: "Facturation",
            rights: [
              { c: "contacts", r: 4 },
              { c: "sales.invoices", r: 6 },
            ],
          },
        },
      ]);
  });

  it("refuses unknown codes, platform administration, bits outside 2|4|8|16, and a duplicate name", () => {
    const create = (c: string, r: number, name = "Autre") =>
      spec.given([created]).when({
        type: "CreateAuthItem",
        data: { itemId: "44444444-4444-4444-8444-444444444444", name, rights: [{ c, r }] },
      });
    create("nothing.here", 4).thenThrows(refused("auth.unknownCode"));
    create("admin.users", 4).thenThrows(refused("auth.unknownCode"));
    create("contacts", 1).thenThrows(refused("auth.invalidBits"));
    create("contacts", 4, "facturation").thenThrows(refused("auth.duplicateCode"));
  });

  it("refuses to delete an assigned item, and deletes it once unassigned", () => {
    const assigned = {
      type: "AuthAssignmentCreated",
      data: { assignmentId: assignment, itemId: item, userId: user },
    } as const;
    spec
      .given([created, assigned])
      .when({ type: "DeleteAuthItem", data: { itemId: item } })
      .thenThrows(refused("auth.itemAssigned"));
    spec
      .given([created, assigned, { type: "AuthAssignmentDeleted", data: { assignmentId: assignment } }])
      .when({ type: "DeleteAuthItem", data: { itemId: item } })
      .then([{ type: "AuthItemDeleted", data: { itemId: item } }]);
  });

  it("assigns an item once per user", () => {
    const assign = {
      type: "Assign",
      data: { assignmentId: assignment, itemId: item, userId: user },
    } as const;
    spec
      .given([created])
      .when(assign)
      .then([{ type: "AuthAssignmentCreated", data: assign.data }]);
    spec
      .given([created, { type: "AuthAssignmentCreated", data: assign.data }])
      .when({ ...assign, data: { ...assign.data, assignmentId: "55555555-5555-4555-8555-555555555555" } })
      .thenThrows(refused("auth.alreadyAssigned"));
    spec.given([]).when(assign).thenThrows(refused("auth.itemNotFound"));
  });

  it("joins rights bitwise", () => {
    expect(
      unionRights(
        [{ c: "contacts", r: 4 }],
        [
          { c: "contacts", r: 8 },
          { c: "items", r: 2 },
        ],
      ),
    ).toEqual([
      { c: "contacts", r: 12 },
      { c: "items", r: 2 },
    ]);
  });
});
