import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("authorization items and assignments on %s", (kind) => {
  const { call, register, join } = apiHarness(kind);

  it("grants a member what an assigned item allows, and takes it back when unassigned", async () => {
    const owner = await register("Claire");
    const org = await call("POST", "/user/orgs", owner.token, {
      name: "Fiduciaire Roux",
      siren: "732829320",
    });
    const ownerToken = org.body.token as string;
    const accountant = await register("Marc");
    await join(ownerToken, accountant, "accountant");
    const session = await call("POST", "/user/orgs/change", accountant.token, {
      orgId: org.body.user.org.id,
    });
    const token = session.body.token as string;
    const someone = await register("Nina");
    const invite = () =>
      call("POST", "/contacts/users", token, { email: someone.email, profile: "accountant" });
    expect((await invite()).status).toBe(403);

    const item = await call("POST", "/auth/items", ownerToken, {
      name: "Gestion des utilisateurs",
      rights: [{ c: "contacts.users", r: 2 }],
    });
    expect(item).toMatchObject({
      status: 201,
      body: { name: "Gestion des utilisateurs", rights: [{ c: "contacts.users", r: 2 }] },
    });
    const assigned = await call("POST", "/auth/assignments", ownerToken, {
      itemId: item.body.id,
      userId: accountant.id,
    });
    expect(assigned).toMatchObject({ status: 201, body: { itemId: item.body.id, userId: accountant.id } });
    expect((await invite()).status).toBe(201);

    const busy = await call("DELETE", `/auth/items/${item.body.id}`, ownerToken);
    expect(busy).toMatchObject({ status: 409, body: { code: "auth.itemAssigned" } });
    expect((await call("DELETE", `/auth/assignments/${assigned.body.id}`, ownerToken)).status).toBe(204);
    expect((await invite()).status).toBe(403);
    expect((await call("DELETE", `/auth/items/${item.body.id}`, ownerToken)).status).toBe(204);
    expect((await call("GET", "/auth/items", ownerToken)).body).toEqual({ items: [] });
  });

  it("refuses unknown codes, platform codes, duplicates, and strangers", async () => {
    const owner = await register("Eva");
    const org = await call("POST", "/user/orgs", owner.token, { name: "Atelier Roux", siren: "552120222" });
    const token = org.body.token as string;
    expect(
      (await call("POST", "/auth/items", token, { name: "X", rights: [{ c: "admin.users", r: 4 }] })).body
        .code,
    ).toBe("auth.unknownCode");
    await call("POST", "/auth/items", token, { name: "Lecture", rights: [{ c: "contacts", r: 4 }] });
    const duplicate = await call("POST", "/auth/items", token, { name: "lecture", rights: [] });
    expect(duplicate).toMatchObject({ status: 409, body: { code: "auth.duplicateCode" } });
    const items = await call("GET", "/auth/items", token);
    const stranger = await register("Zoe");
    const refused = await call("POST", "/auth/assignments", token, {
      itemId: items.body.items[0].id,
      userId: stranger.id,
    });
    expect(refused).toMatchObject({ status: 404, body: { code: "user.notFound" } });
  });
});
