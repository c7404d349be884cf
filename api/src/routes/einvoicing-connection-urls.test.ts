import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

/**
 * The connection's addresses (issue 25, point 6), on both databases: only http(s) URLs, everywhere;
 * in production (NODE_ENV=production) neither the server itself nor a link-local address — the clouds'
 * metadata service at 169.254.169.254 answers a server's credentials — however the address is written,
 * refused 422 `einvoicing.urlNotAllowed` naming the field, nothing kept. Outside production the local
 * approved platform on 127.0.0.1 stays usable (`einvoicing.test.ts`, `tests/einvoicing/`).
 */
const settings = {
  flowUrl: "https://pa.example/flow-service",
  directoryUrl: "https://pa.example/directory-service",
  tokenUrl: "https://pa.example/oauth/token",
  clientId: "atelier",
  clientSecret: "s3cret-du-client",
};

describe.each(databaseKinds)("the e-invoicing connection's addresses on %s", (kind) => {
  const production = apiHarness(kind, { production: true });
  const development = apiHarness(kind);

  it("in production: refuses loopback and link-local addresses, whatever their spelling, naming the field", async () => {
    const owner = await production.organisation("Prod");
    const refused: [keyof typeof settings, string][] = [
      ["tokenUrl", "http://169.254.169.254/latest/meta-data/iam"],
      ["flowUrl", "http://2852039166/flow-service"],
      ["directoryUrl", "http://169.254.1.1:8080/directory"],
      ["flowUrl", "http://127.0.0.1:9000/flow-service"],
      ["tokenUrl", "http://localhost/oauth/token"],
      ["flowUrl", "http://metadata.google.internal/computeMetadata"],
    ];
    for (const [field, url] of refused) {
      const answer = await production.send(
        "PUT",
        "/einvoicing/connection",
        owner.token,
        { ...settings, [field]: url },
        { lang: "en" },
      );
      expect([url, answer.status, answer.body.code, answer.body.errors?.[0]?.path]).toEqual([
        url,
        422,
        "einvoicing.urlNotAllowed",
        field,
      ]);
    }
    const other = await production.send("PUT", "/einvoicing/connection", owner.token, {
      ...settings,
      flowUrl: "file:///etc/passwd",
    });
    expect([other.status, other.body.code]).toEqual([422, "einvoicing.invalidUrl"]);
    expect((await production.call("GET", "/einvoicing/connection", owner.token)).body.connection).toBeNull();

    const kept = await production.send("PUT", "/einvoicing/connection", owner.token, settings);
    expect(kept.status).toBe(200);
    expect(kept.body.connection).toMatchObject({ flowUrl: settings.flowUrl });
  });

  it("outside production: the machine's own and link-local addresses are accepted, not http(s) is not", async () => {
    const owner = await development.organisation("Dev");
    const local = await development.send("PUT", "/einvoicing/connection", owner.token, {
      ...settings,
      flowUrl: "http://127.0.0.1:9000/flow-service",
      tokenUrl: "http://localhost:9000/oauth/token",
      directoryUrl: "http://169.254.10.10/directory-service",
    });
    expect(local.status).toBe(200);
    const ftp = await development.send("PUT", "/einvoicing/connection", owner.token, {
      ...settings,
      tokenUrl: "ftp://pa.example/token",
    });
    expect([ftp.status, ftp.body.code, ftp.body.errors?.[0]?.path]).toEqual([
      422,
      "einvoicing.invalidUrl",
      "tokenUrl",
    ]);
  });
});
