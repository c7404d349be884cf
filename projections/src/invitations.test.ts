import { randomUUID } from "node:crypto";
import { type CommandMetadata, type OrganisationEvent, organisationStreamId } from "@registre/core";
import { createEventStore, type EventStore } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { invitationsProjector } from "./invitations.ts";
import { createProjectionRunner } from "./runner.ts";

const owner = "0b6c1c1e-0000-4000-8000-000000000001";
const hugo = "0b6c1c1e-0000-4000-8000-000000000002";
const meta = (at: string, userId?: string): CommandMetadata => ({ commandId: randomUUID(), at, userId });
const invited = (invitationId: string, email: string): OrganisationEvent => ({
  type: "MemberInvited",
  data: { invitationId, email, profile: "accountant", expiresAt: "2026-12-08T12:00:00.000Z" },
});

describe.each(databaseKinds)("invitations read model on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("given invitations and their answers, then one row each with its status; a rebuild equals it", async () => {
    const org = randomUUID();
    const other = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const stream = organisationStreamId(org);
    await store.append(org, stream, "any", [invited(a, "hugo@cabinet.fr"), invited(b, "paul@cabinet.fr")], {
      metadata: meta("2026-11-24T12:00:00.000Z", owner),
    });
    await store.append(org, stream, "any", [invited(c, "zoe@cabinet.fr")], {
      // A command without a user id (the CLI) is recorded with no inviter.
      metadata: meta("2026-11-24T12:30:00.000Z", "cli"),
    });
    await store.append(
      org,
      stream,
      "any",
      [
        { type: "InvitationAccepted", data: { invitationId: a, userId: hugo } },
        { type: "MemberAdded", data: { userId: hugo, profile: "accountant" } },
      ],
      { metadata: meta("2026-11-25T09:00:00.000Z", hugo) },
    );
    await store.append(org, stream, "any", [{ type: "InvitationDeclined", data: { invitationId: b } }], {
      metadata: meta("2026-11-25T10:00:00.000Z"),
    });
    await store.append(org, stream, "any", [{ type: "InvitationRevoked", data: { invitationId: c } }], {
      metadata: meta("2026-11-25T11:00:00.000Z", owner),
    });
    await store.append(other, organisationStreamId(other), "any", [invited(d, "hugo@cabinet.fr")], {
      metadata: meta("2026-11-26T08:00:00.000Z", owner),
    });

    const runner = createProjectionRunner(database, store, [invitationsProjector], { batchSize: 2 });
    await runner.setup();
    await runner.drain();
    const rows = () =>
      database.db
        .selectFrom("invitations")
        .selectAll()
        .where("org_id", "in", [org, other])
        .orderBy("invited_at")
        .orderBy("email")
        .execute();
    const live = await rows();
    const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
    expect(
      live.map((r) => [r.email, r.status, r.invited_by, r.user_id, iso(r.answered_at), iso(r.expires_at)]),
    ).toEqual([
      ["hugo@cabinet.fr", "accepted", owner, hugo, "2026-11-25T09:00:00.000Z", "2026-12-08T12:00:00.000Z"],
      ["paul@cabinet.fr", "declined", owner, null, "2026-11-25T10:00:00.000Z", "2026-12-08T12:00:00.000Z"],
      ["zoe@cabinet.fr", "revoked", null, null, "2026-11-25T11:00:00.000Z", "2026-12-08T12:00:00.000Z"],
      ["hugo@cabinet.fr", "pending", owner, null, null, "2026-12-08T12:00:00.000Z"],
    ]);
    await runner.rebuild("invitations");
    expect(await rows()).toEqual(live);
    await runner.stop();
  });
});
