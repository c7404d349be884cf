import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

describe.each(databaseKinds)("contact preferences (/contacts/pref) on %s", (kind) => {
  const { call, register, join } = apiHarness(kind);

  it("keeps mine and the organisation's; mine win over the organisation's, which win over the defaults", async () => {
    const owner = await register("Paule");
    const org = await call("POST", "/user/orgs", owner.token, { name: "Atelier Paule", siren: "552120222" });
    const token = org.body.token as string;
    const accountant = await register("Remi");
    await join(token, accountant, "accountant");
    const other = (await call("POST", "/user/orgs/change", accountant.token, { orgId: org.body.user.org.id }))
      .body.token as string;

    expect((await call("GET", "/contacts/pref/me", token)).body).toEqual({
      sort: "name",
      type: null,
      status: "active",
      tab: "overview",
      source: "default",
    });
    expect((await call("GET", "/contacts/pref", token)).body).toEqual({ me: null, org: null });

    // The organisation's, by who may change the organisation: everyone's defaults.
    const orgPrefs = await call("PUT", "/contacts/pref/org", token, { sort: "-createdAt", type: "customer" });
    expect(orgPrefs).toMatchObject({
      status: 200,
      body: { scope: "org", sort: "-createdAt", type: "customer", status: "active", tab: "overview" },
    });
    expect((await call("GET", "/contacts/pref/me", other)).body).toMatchObject({
      sort: "-createdAt",
      type: "customer",
      source: "org",
    });
    const refused = await call("PUT", "/contacts/pref/org", other, { tab: "history" });
    expect(refused).toMatchObject({ status: 403, body: { code: "identity.forbidden" } });

    // Mine: only mine.
    const mine = await call("POST", "/contacts/pref", other, { scope: "me", tab: "job", status: "all" });
    expect(mine).toMatchObject({
      status: 201,
      body: { scope: "me", sort: "name", type: null, status: "all", tab: "job" },
    });
    expect((await call("GET", "/contacts/pref/me", other)).body).toMatchObject({
      tab: "job",
      source: "user",
    });
    expect((await call("GET", "/contacts/pref/me", token)).body.source).toBe("org");
    const changed = await call("PUT", "/contacts/pref/me", other, { sort: "city" });
    expect(changed.body).toMatchObject({ sort: "city", tab: "job", status: "all" });
    expect((await call("GET", "/contacts/pref", other)).body).toMatchObject({
      me: { sort: "city", tab: "job" },
      org: { sort: "-createdAt" },
    });

    // Bad values and scopes are refused.
    const bad = await call("PUT", "/contacts/pref/me", other, { tab: "nowhere" });
    expect(bad.status).toBe(422);
    expect((await call("PUT", "/contacts/pref/everyone", other, { tab: "job" })).status).toBe(422);
  });
});
