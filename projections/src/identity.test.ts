import { randomUUID } from "node:crypto";
import { organisationStreamId, PLATFORM_ORG, userStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { membershipsProjector, usersProjector } from "./identity.ts";
import { projectorSpecification } from "./testing/index.ts";

describe.each(databaseKinds)("users and memberships read models on %s", (kind) => {
  let database: TestDatabase;
  let users: ReturnType<typeof projectorSpecification>;
  let memberships: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    users = projectorSpecification(database, usersProjector);
    memberships = projectorSpecification(database, membershipsProjector);
  });
  afterAll(async () => {
    await users?.close();
    await memberships?.close();
    await database?.close();
  });

  it("given a user registered then renamed, then one row with the new name and the registration time", async () => {
    const userId = randomUUID();
    const stream = userStreamId(userId);
    await users
      .given(
        {
          orgId: PLATFORM_ORG,
          streamId: stream,
          type: "UserRegistered",
          at: "2026-05-01T08:00:00.000Z",
          data: { userId, email: "marie@cabinet.fr", name: "Marie" },
        },
        { orgId: PLATFORM_ORG, streamId: stream, type: "UserRenamed", data: { name: "Marie Curie" } },
      )
      .then(
        {
          users: [
            {
              user_id: userId,
              email: "marie@cabinet.fr",
              name: "Marie Curie",
              created_at: new Date("2026-05-01T08:00:00.000Z"),
            },
          ],
        },
        { only: (row) => row.user_id === userId },
      );
  });

  it("given members added, one's profile changed and another removed, then the members left with their profile", async () => {
    const org = randomUUID();
    const [anne, paul] = [randomUUID(), randomUUID()];
    const stream = organisationStreamId(org);
    await memberships
      .given(
        {
          orgId: org,
          streamId: stream,
          type: "MemberAdded",
          at: "2026-05-01T08:00:00.000Z",
          data: { userId: anne, profile: "owner" },
        },
        { orgId: org, streamId: stream, type: "MemberAdded", data: { userId: paul, profile: "accountant" } },
        {
          orgId: org,
          streamId: stream,
          type: "MemberAdded",
          at: "2026-06-01T08:00:00.000Z",
          data: { userId: anne, profile: "accountant" },
        },
        { orgId: org, streamId: stream, type: "MemberRemoved", data: { userId: paul } },
      )
      .then({
        // A profile changed keeps the date the member was first added.
        memberships: [
          {
            org_id: org,
            user_id: anne,
            profile: "accountant",
            added_at: new Date("2026-05-01T08:00:00.000Z"),
          },
        ],
      });
  });
});
