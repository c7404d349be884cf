import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import type { Environment } from "../bootstrap.ts";
import { parseS3Url, s3FileStore } from "../files/store.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { fileForm, tinyPdf } from "../testing/files.ts";
import { startS3 } from "../testing/s3.ts";

describe.each(databaseKinds)("files in an S3-compatible store (S3_URL, s3rver) on %s", (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), "registre-s3-api-"));
  const env: { -readonly [K in keyof Environment]: Environment[K] } = { dataDir };
  let s3: Awaited<ReturnType<typeof startS3>>;
  // Before the harness's own beforeAll, which opens the context from `env`.
  beforeAll(async () => {
    s3 = await startS3();
    env.s3Url = s3.url;
  });
  afterAll(() => s3?.close());
  const { harness, call, register } = apiHarness(kind, env);
  const post = (token: string, path: string, form: FormData) =>
    harness.app.request(`/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });

  it("keeps attachments and logos in the bucket, where another server reads them; says so in the session", async () => {
    const o = await documentsOrganisation(call, register, "Nuage");
    const account = await call("POST", "/user/orgs/change", o.token, { orgId: o.orgId });
    expect(account.body.user.storageProvider).toBe("s3");
    const token = account.body.token as string;
    const doc = await call("POST", "/docs", token, {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-03-02",
    });
    const pdf = tinyPdf();
    const attached = await post(token, `/docs/${doc.body.id}/files`, fileForm("devis signé.pdf", pdf));
    expect(attached.status).toBe(201);
    const { fileId } = (await attached.json()) as { fileId: string };
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#204060" } })
      .png()
      .toBuffer();
    const logo = await post(token, "/org/logo", fileForm("logo.png", new Uint8Array(image)));
    expect(logo.status).toBe(200);
    const logoUrl = ((await logo.json()) as { logo: { png: string } }).logo.png;

    // Nothing of it in the data folder: a second server, with a data folder of its own, reads it all.
    const other = createApp({
      ...harness.ctx,
      files: s3FileStore(parseS3Url(s3.url)),
      filesDir: mkdtempSync(join(tmpdir(), "registre-other-")),
    });
    const download = await other.request(`/api/docs/${doc.body.id}/files/${fileId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    const served = await other.request(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("still serves a logo the data folder kept before S3_URL was set", async () => {
    const o = await documentsOrganisation(call, register, "Ancien");
    const fileId = "0123456789abcdef0123456789abcdef";
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#aa0000" } })
      .png()
      .toBuffer();
    mkdirSync(join(dataDir, "files", "logos", o.orgId), { recursive: true });
    writeFileSync(join(dataDir, "files", "logos", o.orgId, `${fileId}.png`), png);
    const res = await harness.app.request(`/api/files/logos/${o.orgId}/${fileId}.png`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  });
});
