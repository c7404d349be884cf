import { randomUUID } from "node:crypto";
import { organisationStreamId } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { streamHistoryProjector } from "./stream-history.ts";
import { hostileTexts, projectorSpecification } from "./testing/index.ts";

describe.each(databaseKinds)("stream history read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, streamHistoryProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given events of several streams, then one row each: who did what when, with the event's data", async () => {
    const org = randomUUID();
    const user = randomUUID();
    const stream = organisationStreamId(org);
    const data = { name: "Atelier", previousName: "Ancien nom" };
    await spec
      .given(
        {
          orgId: org,
          streamId: stream,
          type: "OrganisationRenamed",
          data,
          at: "2026-03-01T10:00:00.000Z",
          userId: user,
        },
        { orgId: org, streamId: `chart-${org}`, type: "AccountClosed", data: { number: "512000" } },
        { orgId: org, streamId: stream, type: "OrganisationLogoChanged", data: { logo: null } },
      )
      .then({
        stream_history: [
          {
            org_id: org,
            stream_id: stream,
            version: 1,
            position: expect.any(Number),
            type: "OrganisationRenamed",
            at: new Date("2026-03-01T10:00:00.000Z"),
            user_id: user,
            data,
          },
          {
            org_id: org,
            stream_id: `chart-${org}`,
            version: 1,
            position: expect.any(Number),
            type: "AccountClosed",
            at: new Date("2026-01-01T00:00:00.000Z"),
            user_id: null,
            data: { number: "512000" },
          },
          {
            org_id: org,
            stream_id: stream,
            version: 2,
            position: expect.any(Number),
            type: "OrganisationLogoChanged",
            at: new Date("2026-01-01T00:00:00.000Z"),
            user_id: null,
            data: { logo: null },
          },
        ],
      });
  });

  it("given data no bulk writer should mangle, then each row holds it exactly, rebuilt too", async () => {
    const org = randomUUID();
    const stream = organisationStreamId(org);
    const given = hostileTexts.map((text) => ({
      orgId: org,
      streamId: stream,
      type: "OrganisationRenamed",
      data: { name: text, previousName: `${text}\\` },
      userId: text.slice(0, 12),
    }));
    await spec.given(...given).then({
      stream_history: given.map((g, i) => ({
        org_id: org,
        stream_id: stream,
        version: i + 1,
        position: expect.any(Number),
        type: "OrganisationRenamed",
        at: new Date("2026-01-01T00:00:00.000Z"),
        user_id: g.userId,
        data: g.data,
      })),
    });
  });
});
