import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

describe.each(databaseKinds)("a contact's avatar on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind, {
    dataDir: mkdtempSync(join(tmpdir(), "registre-avatar-")),
  });
  const upload = (token: string, id: string, bytes: Uint8Array<ArrayBuffer>, type = "image/png") => {
    const form = new FormData();
    form.append("file", new File([bytes], "avatar", { type }));
    return harness.app.request(`/api/contacts/${id}/avatars`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const organisation = async (name: string) => {
    const { token } = await register(name);
    const org = await call("POST", "/user/orgs", token, { name: `Atelier ${name}`, siren: "552120222" });
    const orgToken = org.body.token as string;
    const contact = await call("POST", "/contacts", orgToken, {
      kind: "person",
      firstName: "Inès",
      lastName: name,
    });
    return { token: orgToken, id: contact.body.id as string };
  };

  it("keeps an uploaded picture fitted in 512×512 as PNG and WebP, in the contact's history, and removes it", async () => {
    const { token, id } = await organisation("Avocette");
    expect((await call("GET", `/contacts/${id}/avatars`, token)).status).toBe(404);
    const image = await sharp({ create: { width: 900, height: 1800, channels: 3, background: "#7a3d1c" } })
      .jpeg()
      .toBuffer();
    const res = await upload(token, id, new Uint8Array(image), "image/jpeg");
    expect(res.status).toBe(200);
    const { avatar } = (await res.json()) as { avatar: { png: string; webp: string; width: number } };
    expect(avatar).toMatchObject({ width: 256, height: 512 });
    expect((await call("GET", `/contacts/${id}/avatars`, token)).body).toEqual(avatar);
    const webp = await harness.app.request(avatar.webp);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe("webp");
    const png = await harness.app.request(avatar.png);
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).format).toBe("png");

    expect((await call("DELETE", `/contacts/${id}/avatars`, token)).status).toBe(204);
    expect((await call("GET", `/contacts/${id}`, token)).body.avatar).toBeNull();
    expect((await call("GET", `/contacts/${id}/avatars`, token)).status).toBe(404);
    const history = await call("GET", `/contacts/${id}/histories`, token);
    expect(history.body.items.slice(0, 2).map((l: { text: string }) => l.text)).toEqual([
      "Photo retirée.",
      "Photo changée.",
    ]);
  });

  it("refuses what is not an image, and serves no path outside the avatars", async () => {
    const { token, id } = await organisation("Becasse");
    const refused = await upload(token, id, new TextEncoder().encode("%PDF-1.7 pas une image"));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "validation.invalidFile" });
    expect((await upload(token, id, new Uint8Array())).status).toBe(422);
    const org = await call("GET", "/org", token);
    expect((await harness.app.request(`/api/files/avatars/${org.body.id}/..%2F..%2Fdb`)).status).toBe(422);
    expect((await call("GET", `/contacts/${id}`, token)).body.avatar).toBeNull();
  });
});
