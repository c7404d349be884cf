import { PLATFORM_ORG, userStreamId } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";

/** The platform administrator's writes: users created, changed, closed; memberships; organisations archived. */
describe.each(databaseKinds)("platform administration's writes on %s", (kind) => {
  const { harness, call, send, register, organisation } = apiHarness(kind);
  let n = 0;
  const admin = async () => {
    const email = `admin${++n}.${kind}@registre.fr`;
    await registerUser(
      harness.ctx,
      { email, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const login = await call("POST", "/login", undefined, { email, password: "motdepasse1" });
    return { token: login.body.token as string, id: login.body.user.id as string };
  };

  it("creates, changes and closes users; only the platform administrator may", async () => {
    const { token, id: adminId } = await admin();
    const created = await call("POST", "/registre/users", token, {
      email: `Irene.${kind}@Exemple.fr`,
      password: "motdepasse1",
      name: "Irène",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Irène",
      email: `irene.${kind}@exemple.fr`,
      platformAdmin: false,
    });
    const userId = created.body.id as string;
    // The new user signs in with the password given.
    expect(
      (
        await call("POST", "/login", undefined, {
          email: `irene.${kind}@exemple.fr`,
          password: "motdepasse1",
        })
      ).status,
    ).toBe(200);
    const again = await send("POST", "/registre/users", token, {
      email: `irene.${kind}@exemple.fr`,
      password: "motdepasse1",
      name: "Autre",
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("identity.emailUsed");
    const badEmail = await send("POST", "/registre/users", token, {
      email: "pas-un-mail",
      password: "motdepasse1",
      name: "X",
    });
    expect(badEmail.status).toBe(422);

    const changed = await call("PUT", `/registre/users/${userId}`, token, {
      name: "Irène Morel",
      platformAdmin: true,
    });
    expect(changed.body).toMatchObject({ name: "Irène Morel", platformAdmin: true });
    const own = await send("PUT", `/registre/users/${adminId}`, token, { platformAdmin: false });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("platform.ownAdminRight");
    expect(
      (await call("PUT", `/registre/users/${crypto.randomUUID()}`, token, { name: "Personne" })).status,
    ).toBe(404);

    // Closing: the user leaves its organisations, cannot sign in; its history stays.
    const member = await register("Jules");
    const org = await organisation("Karima");
    const added = await call("POST", "/registre/orgs/users", token, {
      orgId: org.orgId,
      userId: member.id,
      profile: "accountant",
    });
    expect(added.status).toBe(201);
    expect((await call("DELETE", `/registre/users/${member.id}`, token)).status).toBe(204);
    expect((await call("GET", `/registre/orgs/${org.orgId}/users`, token)).body.items).toHaveLength(1);
    expect(
      (await call("POST", "/login", undefined, { email: member.email, password: "motdepasse1" })).status,
    ).toBe(401);
    expect((await call("GET", "/user/orgs", member.token)).status).toBe(401);
    expect((await call("GET", `/registre/users/${member.id}`, token)).status).toBe(404);
    const closed = await harness.ctx.store.readStream(PLATFORM_ORG, userStreamId(member.id));
    expect(closed.at(-1)?.type).toBe("UserClosed");
    // The last owner of an organisation cannot be closed; nor can the administrator close itself.
    const owner = (await call("GET", `/registre/orgs/${org.orgId}/users`, token)).body.items[0].id as string;
    const lastOwner = await send("DELETE", `/registre/users/${owner}`, token);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.code).toBe("organisation.lastOwner");
    expect((await send("DELETE", `/registre/users/${adminId}`, token)).body.code).toBe("platform.closeSelf");

    // Nobody else may.
    for (const [method, path] of [
      ["POST", "/registre/users"],
      ["PUT", `/registre/users/${userId}`],
      ["DELETE", `/registre/users/${userId}`],
      ["GET", "/registre/orgs/users"],
      ["DELETE", `/registre/orgs/${org.orgId}`],
      ["GET", `/registre/orgs/${org.orgId}/contacts`],
    ] as const)
      expect(
        (await call(method, path, org.token, method === "DELETE" || method === "GET" ? undefined : {}))
          .status,
      ).toBe(403);
  });

  it("manages memberships: listed, added, profile changed, removed; the last owner kept", async () => {
    const { token } = await admin();
    const org = await organisation("Lucie");
    const user = await register("Marc");
    const ownerId = (await call("GET", `/registre/orgs/${org.orgId}/users`, token)).body.items[0]
      .id as string;
    const add = await call("POST", "/registre/orgs/users", token, {
      orgId: org.orgId,
      userId: user.id,
      profile: "accountant",
    });
    const id = `${org.orgId}.${user.id}`;
    expect(add.body).toMatchObject({
      id,
      orgId: org.orgId,
      userId: user.id,
      profile: "accountant",
      name: "Marc",
    });
    expect(
      (
        await send("POST", "/registre/orgs/users", token, {
          orgId: org.orgId,
          userId: user.id,
          profile: "owner",
        })
      ).status,
    ).toBe(409);
    const listed = await call("GET", `/registre/orgs/users?org=${org.orgId}`, token);
    expect(listed.body.total).toBe(2);
    expect((await call("GET", `/registre/orgs/users?user=${user.id}`, token)).body.items).toEqual([
      expect.objectContaining({ id, orgName: expect.any(String) }),
    ]);
    expect((await call("PUT", `/registre/orgs/users/${id}`, token, { profile: "owner" })).body.profile).toBe(
      "owner",
    );
    // Two owners now: the first may become an accountant; then the second is the last one.
    expect(
      (await call("PUT", `/registre/orgs/users/${org.orgId}.${ownerId}`, token, { profile: "accountant" }))
        .body.profile,
    ).toBe("accountant");
    const last = await send("DELETE", `/registre/orgs/users/${id}`, token);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("organisation.lastOwner");
    expect((await call("DELETE", `/registre/orgs/users/${org.orgId}.${ownerId}`, token)).status).toBe(204);
    expect((await call("GET", `/registre/orgs/users/${org.orgId}.${ownerId}`, token)).status).toBe(404);
    const badProfile = await send("POST", "/registre/orgs/users", token, {
      orgId: org.orgId,
      userId: ownerId,
      profile: "roi",
    });
    expect(badProfile.status).toBe(422);
    expect(JSON.stringify(badProfile.body)).toContain("profile");
    expect((await call("GET", "/registre/orgs/users/pas-un-id", token)).status).toBe(422);
  });

  it("archives an organisation: members out, its books kept and exportable by the administrator", async () => {
    const { token } = await admin();
    const org = await organisation("Nadia");
    await send("POST", "/contacts", org.token, { kind: "company", name: "Client Durable" });
    const contacts = await call("GET", `/registre/orgs/${org.orgId}/contacts`, token);
    expect(contacts.body.items).toEqual([expect.objectContaining({ name: "Client Durable" })]);

    const archived = await call(
      "DELETE",
      `/registre/orgs/${org.orgId}?reason=${encodeURIComponent("Demande du client")}`,
      token,
    );
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: org.orgId, reason: "Demande du client" });
    // Members lose access; nothing more changes; archived twice is a conflict.
    expect((await call("GET", `/registre/orgs/${org.orgId}/users`, token)).body.items).toEqual([]);
    expect((await call("GET", "/contacts", org.token)).status).toBe(403);
    const twice = await send("DELETE", `/registre/orgs/${org.orgId}`, token);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("organisation.archived");
    expect((await call("DELETE", `/registre/orgs/${crypto.randomUUID()}`, token)).status).toBe(404);
    const log = await call("GET", `/registre/orgs/${org.orgId}/logs`, token);
    expect(log.body.items.slice(0, 2).map((i: { type: string }) => i.type)).toEqual([
      "OrganisationArchived",
      "MemberRemoved",
    ]);

    // The books are all there: contacts, fiscal years, the FEC.
    expect((await call("GET", `/registre/orgs/${org.orgId}/contacts`, token)).body.total).toBe(1);
    const years = await call("GET", `/registre/orgs/${org.orgId}/years`, token);
    expect(years.body.items.length).toBeGreaterThan(0);
    const fec = await harness.app.request(
      `/api/registre/orgs/${org.orgId}/fec?year=${years.body.items[0].id}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(fec.status).toBe(200);
    expect(fec.headers.get("content-disposition")).toContain("FEC");
    expect((await fec.text()).split("\n")[0]).toContain("JournalCode");
    const refused = await harness.app.request(
      `/api/registre/orgs/${org.orgId}/fec?year=${years.body.items[0].id}`,
      {
        headers: { authorization: `Bearer ${org.token}` },
      },
    );
    expect(refused.status).toBe(403);
  });
});
