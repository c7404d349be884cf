import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("the organisation's logo on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind, {
    dataDir: mkdtempSync(join(tmpdir(), "registre-logo-")),
  });
  const upload = (token: string, bytes: Uint8Array<ArrayBuffer>, type = "image/png") => {
    const form = new FormData();
    form.append("file", new File([bytes], "logo", { type }));
    return harness.app.request("/api/org/logo", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it("keeps an uploaded image fitted in 512×512 as PNG and WebP, served by hash, and removes it", async () => {
    const { token } = await register("Julie");
    const org = await call("POST", "/user/orgs", token, { name: "Atelier Julie", siren: "732829320" });
    const orgToken = org.body.token as string;
    const image = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#1c3d5a" } })
      .jpeg()
      .toBuffer();
    const res = await upload(orgToken, new Uint8Array(image), "image/jpeg");
    expect(res.status).toBe(200);
    const { logo } = (await res.json()) as {
      logo: { png: string; webp: string; width: number; height: number };
    };
    expect(logo).toMatchObject({ width: 512, height: 256 });
    const webp = await harness.app.request(logo.webp);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe("webp");
    const png = await harness.app.request(logo.png);
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).format).toBe("png");
    expect((await call("GET", "/org", orgToken)).body.logo).toEqual(logo);
    expect((await call("DELETE", "/org/logo", orgToken)).status).toBe(204);
    expect((await call("GET", "/org", orgToken)).body.logo).toBeNull();
  });

  it("refuses what is not an image, and serves no path outside the logos", async () => {
    const { token } = await register("Karim");
    const org = await call("POST", "/user/orgs", token, { name: "Atelier Karim", siren: "552120222" });
    const refused = await upload(
      org.body.token as string,
      new TextEncoder().encode("%PDF-1.7 pas une image"),
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: "validation.invalidFile",
      detail: expect.stringContaining("Fichier vide ou invalide"),
    });
    const empty = await upload(org.body.token as string, new Uint8Array());
    expect(empty.status).toBe(422);
    // A name that is not a logo's is refused by its shape, before anything is looked up.
    expect((await harness.app.request(`/api/files/logos/${org.body.user.org.id}/..%2F..%2Fdb`)).status).toBe(
      422,
    );
    expect((await call("GET", "/org", org.body.token as string)).body.logo).toBeNull();
  });
});
