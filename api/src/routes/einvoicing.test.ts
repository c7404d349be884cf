import { connectionStreamId } from "@registre/core";
import { type LocalPlatform, startLocalPlatform } from "@registre/local-platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { connectedOrganisations, loadConnection } from "../einvoicing/connection.ts";
import { apiHarness } from "../testing/api-harness.ts";

/**
 * The connection to an approved platform, end to end: the routes, the HTTP adapter, and the local
 * approved platform (`@registre/local-platform`, a real HTTP server on this machine) — its directory,
 * its OAuth client and its faults.
 */
describe.each(databaseKinds)("the e-invoicing connection on %s", (kind) => {
  const { call, send, organisation, harness } = apiHarness(kind);
  let platform: LocalPlatform;
  let owner: { token: string; orgId: string };
  let other: { token: string; orgId: string };
  const SIREN = "552120222"; // the harness's organisations'
  const settings = () => ({
    flowUrl: `${platform.url}/flow-service`,
    directoryUrl: `${platform.url}/directory-service`,
    tokenUrl: `${platform.url}/oauth/token`,
    clientId: `atelier-${kind}`,
  });

  beforeAll(async () => {
    platform = await startLocalPlatform();
    platform.admin.putAccount({
      siren: SIREN,
      name: "Atelier Martin",
      clientId: `atelier-${kind}`,
      clientSecret: "s3cret-du-client",
    });
    platform.admin.putDirectoryEntry({ siren: "356000000", name: "La Poste", platformId: "PA-AUTRE" });
    owner = await organisation("Martin");
    other = await organisation("Durand");
  });
  afterAll(async () => platform?.close());

  it("has none at first, and refuses a connection without its secret or with a bad address, naming the field", async () => {
    const none = await call("GET", "/einvoicing/connection", owner.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      connection: null,
      webhookUrl: `http://localhost:3000/api/einvoicing/webhook/${owner.orgId}`,
    });
    const noSecret = await send("PUT", "/einvoicing/connection", owner.token, settings(), { lang: "en" });
    expect([noSecret.status, noSecret.body.code, noSecret.body.errors[0].path]).toEqual([
      422,
      "einvoicing.clientSecretRequired",
      "clientSecret",
    ]);
    expect(noSecret.body.detail).toBe("The client secret the platform gave you is required.");
    const badUrl = await send("PUT", "/einvoicing/connection", owner.token, {
      ...settings(),
      tokenUrl: "ftp://plateforme/token",
      clientSecret: "x",
    });
    expect([badUrl.status, badUrl.body.code, badUrl.body.errors[0].path]).toEqual([
      422,
      "einvoicing.invalidUrl",
      "tokenUrl",
    ]);
    const both = await send("PUT", "/einvoicing/connection", owner.token, {
      ...settings(),
      clientSecret: "x",
      webhookSecret: "un-secret-assez-long",
      generateWebhookSecret: true,
    });
    expect([both.status, both.body.code]).toEqual([422, "einvoicing.webhookSecretTwice"]);
    expect((await call("GET", "/einvoicing/connection", owner.token)).body.connection).toBeNull();
  });

  it("keeps the secrets sealed: answered only as set, the webhook's shown once, the same on a retry", async () => {
    const key = crypto.randomUUID();
    const input = { ...settings(), clientSecret: "s3cret-du-client", generateWebhookSecret: true };
    const set = await send("PUT", "/einvoicing/connection", owner.token, input, { key });
    expect(set.status).toBe(200);
    expect(set.body.connection).toEqual({ ...settings(), clientSecretSet: true, webhookSecretSet: true });
    const webhookSecret = set.body.generatedWebhookSecret as string;
    expect(webhookSecret).toMatch(/^whsec_[\w-]{43}$/);
    expect(JSON.stringify(set.body)).not.toContain("s3cret-du-client");
    const again = await send("PUT", "/einvoicing/connection", owner.token, input, { key });
    expect(again.body.generatedWebhookSecret).toBe(webhookSecret);
    const read = await call("GET", "/einvoicing/connection", owner.token);
    expect(read.body.connection).toEqual(set.body.connection);
    expect(read.body.generatedWebhookSecret).toBeUndefined();
    const log = JSON.stringify(
      await harness.ctx.store.readStream(owner.orgId, connectionStreamId(owner.orgId)),
    );
    expect(log).not.toContain("s3cret-du-client");
    expect(log).not.toContain(webhookSecret);
    expect(await loadConnection(harness.ctx, owner.orgId)).toEqual({
      orgId: owner.orgId,
      ...settings(),
      clientSecret: "s3cret-du-client",
      webhookSecret,
    });
    expect(await loadConnection(harness.ctx, other.orgId)).toBeNull();
    expect(await connectedOrganisations(harness.ctx)).toContain(owner.orgId);
    expect(await connectedOrganisations(harness.ctx)).not.toContain(other.orgId);
    expect((await call("GET", "/einvoicing/connection", other.token)).body.connection).toBeNull();
  });

  it("tests the connection: the healthcheck, then the organisation's own directory entry", async () => {
    const tested = await send("POST", "/einvoicing/connection/test", owner.token, undefined, { lang: "en" });
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(true);
    expect(tested.body.steps.map((s: { step: string; outcome: string }) => [s.step, s.outcome])).toEqual([
      ["healthcheck", "ok"],
      ["directory", "ok"],
    ]);
    expect(tested.body.lookup.siren).toBe(SIREN);
    expect(tested.body.lookup.legalUnit.businessName).toBe("Atelier Martin");
    expect(tested.body.lookup.lines.length).toBeGreaterThan(0);
    expect(tested.body.lookup.lines.every((l: { siren: string }) => l.siren === SIREN)).toBe(true);
  });

  it("says the platform is down, or the credentials refused, as an outcome in words, never a 5xx", async () => {
    platform.admin.setFaults({ down: true });
    try {
      const down = await send("POST", "/einvoicing/connection/test", owner.token, undefined, { lang: "fr" });
      expect(down.status).toBe(200);
      expect(down.body.ok).toBe(false);
      expect(down.body.steps[0]).toMatchObject({
        step: "healthcheck",
        outcome: "failed",
        code: "einvoicing.test.unreachable",
        status: 503,
      });
      expect(down.body.steps[0].message).toContain("La plateforme ne répond pas");
      expect(down.body.steps[1]).toMatchObject({ step: "directory", outcome: "skipped" });
      const lookup = await call("GET", "/einvoicing/directory/356000000", owner.token);
      expect([lookup.status, lookup.body.code]).toEqual([503, "einvoicing.platformUnavailable"]);
    } finally {
      platform.admin.setFaults({ down: false });
    }
    const wrong = await send("PUT", "/einvoicing/connection", owner.token, {
      ...settings(),
      clientSecret: "faux",
    });
    expect(wrong.body.connection.webhookSecretSet).toBe(true);
    const refused = await send("POST", "/einvoicing/connection/test", owner.token, undefined, { lang: "en" });
    expect(refused.body.steps[0]).toMatchObject({
      outcome: "failed",
      code: "einvoicing.test.credentialsRefused",
      errorCode: "TOKEN_REFUSED",
    });
    expect(refused.body.steps[0].message).toBe(
      "The platform refuses the client id or secret (TOKEN_REFUSED).",
    );
    await send("PUT", "/einvoicing/connection", owner.token, {
      ...settings(),
      clientSecret: "s3cret-du-client",
    });
  });

  it("looks a customer up in the directory: a business elsewhere, one unknown, a SIREN malformed", async () => {
    const found = await call("GET", "/einvoicing/directory/356000000", owner.token);
    expect(found.status).toBe(200);
    expect(found.body.legalUnit.businessName).toBe("La Poste");
    expect(found.body.lines.length).toBeGreaterThan(0);
    const unknown = await call("GET", "/einvoicing/directory/111111118", owner.token);
    expect(unknown.body).toEqual({ siren: "111111118", legalUnit: null, lines: [] });
    const malformed = await call("GET", "/einvoicing/directory/12345", owner.token);
    expect(malformed.status).toBe(422);
    const alone = await call("GET", "/einvoicing/directory/356000000", other.token);
    expect([alone.status, alone.body.code]).toEqual([409, "einvoicing.notConnected"]);
    const untested = await call("POST", "/einvoicing/connection/test", other.token);
    expect([untested.status, untested.body.code]).toEqual([409, "einvoicing.notConnected"]);
  });

  it("is removed, and removing none answers the same", async () => {
    expect((await send("DELETE", "/einvoicing/connection", owner.token)).status).toBe(204);
    expect((await call("GET", "/einvoicing/connection", owner.token)).body.connection).toBeNull();
    expect(await loadConnection(harness.ctx, owner.orgId)).toBeNull();
    expect(await connectedOrganisations(harness.ctx)).not.toContain(owner.orgId);
    expect((await send("DELETE", "/einvoicing/connection", owner.token)).status).toBe(204);
  });
});
