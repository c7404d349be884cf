import { randomUUID } from "node:crypto";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import {
  findSessionAccess,
  openSession,
  revokeSession,
  SESSION_EXTEND_EVERY_MS,
  SESSION_TTL_MS,
} from "./sessions.ts";
import { hashToken } from "./tokens.ts";

describe.each(databaseKinds)("a request's session and access on %s", (kind) => {
  let database: TestDatabase;
  const t0 = new Date("2026-11-24T12:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const expiry = async (token: string) =>
    (
      await database.db
        .selectFrom("sessions")
        .select("expires_at")
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirstOrThrow()
    ).expires_at;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The read models the statement joins (memberships, authorization items).
    await createProjectionRunner(database, createEventStore(database), allProjectors).setup();
  });
  afterAll(() => database?.close());

  it("reads the profile and every assigned item's rights with the session, in its organisation only", async () => {
    const [userId, orgId, otherOrg, item, otherItem] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const rights = (value: unknown) => sql`(${JSON.stringify(value)}::text)::jsonb`;
    const db = database.db;
    await db
      .insertInto("memberships")
      .values({ org_id: orgId, user_id: userId, profile: "accountant", added_at: t0 })
      .execute();
    await db
      .insertInto("auth_items")
      .values([
        { org_id: orgId, item_id: item, name: "Caisse", rights: rights([{ c: "bank", r: 15 }]) },
        { org_id: otherOrg, item_id: otherItem, name: "Autre", rights: rights([{ c: "hr", r: 15 }]) },
      ])
      .execute();
    await db
      .insertInto("auth_assignments")
      .values([
        { org_id: orgId, assignment_id: randomUUID(), item_id: item, user_id: userId },
        { org_id: otherOrg, assignment_id: randomUUID(), item_id: otherItem, user_id: userId },
      ])
      .execute();
    const token = await openSession(database, userId, orgId, t0);
    const access = await findSessionAccess(database, token, at(1000));
    expect(access).toMatchObject({ userId, orgId, profile: "accountant", items: [[{ c: "bank", r: 15 }]] });

    // Without an organisation, or in one the user is not a member of: no profile, no items.
    const none = await openSession(database, userId, null, t0);
    expect(await findSessionAccess(database, none, at(1000))).toMatchObject({
      orgId: null,
      profile: null,
      items: [],
    });
    const stranger = await openSession(database, randomUUID(), orgId, t0);
    expect(await findSessionAccess(database, stranger, at(1000))).toMatchObject({ profile: null, items: [] });
  });

  it("extends a session in use at most once a minute, and never an expired, revoked or ticket one", async () => {
    const userId = randomUUID();
    const token = await openSession(database, userId, null, t0);
    const first = await expiry(token);
    expect(first.getTime()).toBe(t0.getTime() + SESSION_TTL_MS);

    // Within the minute: read, not written.
    expect(await findSessionAccess(database, token, at(SESSION_EXTEND_EVERY_MS - 1000))).not.toBeNull();
    expect((await expiry(token)).getTime()).toBe(first.getTime());
    // Past it: extended from that request.
    const later = at(SESSION_EXTEND_EVERY_MS + 1000);
    expect(await findSessionAccess(database, token, later)).not.toBeNull();
    expect((await expiry(token)).getTime()).toBe(later.getTime() + SESSION_TTL_MS);

    // Expired: refused, not revived.
    const lapsed = await openSession(database, userId, null, t0);
    expect(await findSessionAccess(database, lapsed, at(SESSION_TTL_MS + 1))).toBeNull();
    expect((await expiry(lapsed)).getTime()).toBe(t0.getTime() + SESSION_TTL_MS);
    // Revoked, or a login ticket: refused.
    const revoked = await openSession(database, userId, null, t0);
    await revokeSession(database, hashToken(revoked), at(10));
    expect(await findSessionAccess(database, revoked, at(SESSION_EXTEND_EVERY_MS * 2))).toBeNull();
    const ticket = await openSession(database, userId, null, t0, "ticket");
    expect(await findSessionAccess(database, ticket, at(1000))).toBeNull();
  });
});
