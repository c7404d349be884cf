import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("organisation users on %s", (kind) => {
  const { call, register } = apiHarness(kind);

  it("lets the owner add a registered user as accountant, list, read and remove members, never the last owner", async () => {
    const owner = await register("Sophie");
    const org = await call("POST", "/user/orgs", owner.token, {
      name: "Cabinet Lefèvre",
      siren: "732829320",
    });
    const ownerToken = org.body.token as string;
    const accountant = await register("Hugo");
    const unknown = await call("POST", "/contacts/users", ownerToken, {
      email: "personne@exemple.fr",
      profile: "accountant",
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: "user.notFound", detail: "Utilisateur introuvable." },
    });
    const added = await call("POST", "/contacts/users", ownerToken, {
      email: accountant.email.toUpperCase(),
      profile: "accountant",
    });
    expect(added).toMatchObject({
      status: 201,
      body: { id: accountant.id, name: "Hugo", role: "accountant" },
    });
    const list = await call("GET", "/contacts/users", ownerToken);
    expect(list.body.items.map((u: { name: string; role: string }) => [u.name, u.role])).toEqual([
      ["Hugo", "accountant"],
      ["Sophie", "owner"],
    ]);
    expect((await call("GET", `/contacts/users/${accountant.id}`, ownerToken)).body).toMatchObject({
      email: accountant.email,
    });
    const profiles = await call("GET", "/contacts/users/available", ownerToken);
    expect(profiles.body.items.map((p: { profile: string }) => p.profile)).toEqual(["owner", "accountant"]);
    // The accountant reads the members but may not add any.
    const accountantSession = await call("POST", "/user/orgs/change", accountant.token, {
      orgId: org.body.user.org.id,
    });
    const accountantToken = accountantSession.body.token as string;
    expect((await call("GET", "/contacts/users", accountantToken)).status).toBe(200);
    expect(
      (await call("POST", "/contacts/users", accountantToken, { email: owner.email, profile: "owner" }))
        .status,
    ).toBe(403);
    const lastOwner = await call("DELETE", `/contacts/users/${owner.id}`, ownerToken);
    expect(lastOwner).toMatchObject({ status: 409, body: { code: "organisation.lastOwner" } });
    expect((await call("DELETE", `/contacts/users/${accountant.id}`, ownerToken)).status).toBe(204);
    expect((await call("GET", "/contacts/users", ownerToken)).body.items).toHaveLength(1);
  });

  it("answers 404 for a member of another organisation, never their data", async () => {
    const a = await register("Alice");
    const orgA = await call("POST", "/user/orgs", a.token, { name: "Org A", siren: "552120222" });
    const b = await register("Bruno");
    const orgB = await call("POST", "/user/orgs", b.token, { name: "Org B", siren: "732829320" });
    const read = await call("GET", `/contacts/users/${b.id}`, orgA.body.token as string);
    expect(read).toMatchObject({ status: 404, body: { code: "user.notFound" } });
    const remove = await call("DELETE", `/contacts/users/${b.id}`, orgA.body.token as string);
    expect(remove.status).toBe(404);
    expect((await call("GET", "/contacts/users", orgB.body.token as string)).body.items).toHaveLength(1);
  });
});
