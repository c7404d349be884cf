import { randomUUID } from "node:crypto";
import { authorizationStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { authorizationProjector } from "./authorization.ts";
import { type GivenEvent, projectorSpecification } from "./testing/index.ts";

describe.each(databaseKinds)("authorization read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, authorizationProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given items and assignments created, changed and deleted, then what is left, rights as stored", async () => {
    const org = randomUUID();
    const [clerk, auditor, a1, a2, user] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const event = (type: string, data: unknown): GivenEvent => ({
      orgId: org,
      streamId: authorizationStreamId(org),
      type,
      data,
    });
    const rights = [{ c: "entries", r: 3 }];
    await spec
      .given(
        event("AuthItemCreated", { itemId: clerk, name: "Saisie", rights: [{ c: "entries", r: 1 }] }),
        event("AuthItemCreated", { itemId: auditor, name: "Révision", rights: [] }),
        event("AuthItemChanged", { itemId: clerk, name: "Saisie et validation", rights }),
        event("AuthAssignmentCreated", { assignmentId: a1, itemId: auditor, userId: user }),
        event("AuthAssignmentChanged", { assignmentId: a1, itemId: clerk, userId: user }),
        event("AuthAssignmentCreated", { assignmentId: a2, itemId: auditor, userId: user }),
        event("AuthAssignmentDeleted", { assignmentId: a2 }),
        event("AuthItemDeleted", { itemId: auditor }),
      )
      .then({
        auth_items: [{ org_id: org, item_id: clerk, name: "Saisie et validation", rights }],
        auth_assignments: [{ org_id: org, assignment_id: a1, item_id: clerk, user_id: user }],
      });
  });
});
