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
      foldedPanels: [],
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

  it("folds a contact's panels away for me, for every contact, and shows them again", async () => {
    const owner = await register("Zoe");
    const org = await call("POST", "/user/orgs", owner.token, { name: "Atelier Zoe", siren: "552120222" });
    const token = org.body.token as string;
    const other = await register("Yves");
    await join(token, other, "accountant");
    const otherToken = (await call("POST", "/user/orgs/change", other.token, { orgId: org.body.user.org.id }))
      .body.token as string;
    const contact = await call("POST", "/contacts", token, {
      kind: "company",
      name: "Panneaux SA",
      types: [],
    });
    const id = contact.body.id as string;

    const folded = await call("PUT", `/contacts/${id}/panel/meta`, token, { folded: true });
    expect(folded).toEqual({ status: 200, body: { foldedPanels: ["meta"] } });
    await call("PUT", `/contacts/${id}/panel/iban`, token, { folded: true });
    // Folding a folded panel again records nothing; the order is the screen's.
    const again = await call("PUT", `/contacts/${id}/panel/meta`, token, { folded: true });
    expect(again.body).toEqual({ foldedPanels: ["iban", "meta"] });
    expect((await call("GET", "/contacts/pref/me", token)).body.foldedPanels).toEqual(["iban", "meta"]);
    // Mine only.
    expect((await call("GET", "/contacts/pref/me", otherToken)).body.foldedPanels).toEqual([]);
    const shown = await call("PUT", `/contacts/${id}/panel/iban`, token, { folded: false });
    expect(shown.body).toEqual({ foldedPanels: ["meta"] });

    // The overview is never folded; an unknown panel or contact is refused.
    expect((await call("PUT", `/contacts/${id}/panel/overview`, token, { folded: true })).status).toBe(422);
    expect((await call("PUT", `/contacts/${id}/panel/nowhere`, token, { folded: true })).status).toBe(422);
    const unknown = await call("PUT", `/contacts/${crypto.randomUUID()}/panel/meta`, token, { folded: true });
    expect(unknown).toMatchObject({ status: 404, body: { code: "contact.notFound" } });
  });
});
