import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("platform administration of users and organisations on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);

  it("lists and finds users, their organisations and what they did; an organisation's members and log", async () => {
    await registerUser(
      harness.ctx,
      { email: `admin.${kind}@registre.fr`, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const admin = (
      await call("POST", "/login", undefined, { email: `admin.${kind}@registre.fr`, password: "motdepasse1" })
    ).body.token as string;
    const user = await register("Olivier");
    const org = await call("POST", "/user/orgs", user.token, {
      name: "Menuiserie Olivier",
      siren: "732829320",
    });
    const orgId = org.body.user.org.id as string;
    await call("PUT", "/org", org.body.token, { name: "Menuiserie Olivier & Fils" });

    const found = await call("GET", "/registre/users?q=olivier", admin);
    expect(found.body).toMatchObject({
      total: 1,
      items: [{ id: user.id, name: "Olivier", platformAdmin: false, orgs: 1 }],
    });
    expect((await call("GET", `/registre/users/${user.id}`, admin)).body).toMatchObject({
      email: user.email,
    });
    expect((await call("GET", `/registre/users/${user.id}/orgs`, admin)).body.items).toEqual([
      { id: orgId, name: "Menuiserie Olivier & Fils", siren: "732829320", profile: "owner" },
    ]);
    const userLog = await call("GET", `/registre/users/${user.id}/logs`, admin);
    expect(userLog.body.items.map((i: { type: string }) => i.type)).toEqual(
      expect.arrayContaining(["UserRegistered", "OrganisationCreated", "MemberAdded", "OrganisationRenamed"]),
    );
    const members = await call("GET", `/registre/orgs/${orgId}/users`, admin);
    expect(members.body.items).toEqual([expect.objectContaining({ id: user.id, role: "owner" })]);
    const orgLog = await call("GET", `/registre/orgs/${orgId}/logs`, admin);
    // Newest first: the rename, then the books set up on creation, the owner and the organisation.
    expect(orgLog.body.items.map((i: { type: string }) => i.type)).toEqual([
      "OrganisationRenamed",
      "FiscalYearOpened",
      "JournalsInitialised",
      "ChartInitialised",
      "MemberAdded",
      "OrganisationCreated",
    ]);
    expect((await call("GET", `/registre/users/${crypto.randomUUID()}`, admin)).status).toBe(404);
    expect((await call("GET", "/registre/users", org.body.token)).status).toBe(403);
  });
});
