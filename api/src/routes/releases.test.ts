import { PLATFORM_ORG } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";

const note = {
  version: "2026.12",
  date: "2026-12-01",
  titleFr: "Tableaux de bord",
  titleEn: "Dashboards",
  bodyFr:
    "Le tableau de bord montre le chiffre d’affaires.\n\n- Prévision de trésorerie\n- <script>alert(1)</script>",
  bodyEn: "The dashboard shows revenue.\n\n- Cash forecast",
};

describe.each(databaseKinds)("the product's release notes on %s", (kind) => {
  const { harness, call, register, organisation } = apiHarness(kind);

  let adminToken: Promise<string> | undefined;
  const admin = () => {
    adminToken ??= signInAdmin();
    return adminToken;
  };
  const signInAdmin = async () => {
    await registerUser(
      harness.ctx,
      {
        email: `releases.admin.${kind}@registre.fr`,
        password: "motdepasse1",
        name: "Admin",
        platformAdmin: true,
      },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    return (
      await call("POST", "/login", undefined, {
        email: `releases.admin.${kind}@registre.fr`,
        password: "motdepasse1",
      })
    ).body.token as string;
  };

  it("the platform administrator writes, changes, publishes, withdraws and removes notes; members read published ones only", async () => {
    // A member of an organisation, in its session.
    const member = await organisation("Membre");
    const token = await admin();
    expect((await call("GET", "/registre/releases", member.token)).body).toEqual({ items: [] });
    expect((await call("GET", "/registre/releases", undefined)).status).toBe(401);
    // Only the platform administrator writes.
    expect((await call("POST", "/registre/releases", member.token, note)).status).toBe(403);

    const draft = await call("POST", "/registre/releases", token, note);
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ ...note, published: false, publishedAt: null });
    const id = draft.body.id as string;
    // A draft is the administrator's alone.
    expect((await call("GET", "/registre/releases", token)).body.items).toHaveLength(1);
    expect((await call("GET", "/registre/releases", member.token)).body.items).toEqual([]);
    expect((await call("GET", `/registre/releases/${id}`, member.token)).status).toBe(404);
    expect((await call("PUT", `/registre/releases/${id}`, member.token, { published: true })).status).toBe(
      403,
    );

    const published = await call("PUT", `/registre/releases/${id}`, token, {
      published: true,
      titleEn: "New dashboards",
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, titleEn: "New dashboards" });
    expect(published.body.publishedAt).toEqual(expect.any(String));
    const older = await call("POST", "/registre/releases", token, {
      ...note,
      version: "2026.11",
      date: "2026-11-02",
      titleFr: "Relances",
      published: true,
    });
    expect(older.status).toBe(201);
    // Members read the published notes, newest first, the texts as written (never interpreted).
    const read = (await call("GET", "/registre/releases", member.token)).body.items;
    expect(read.map((n: { version: string }) => n.version)).toEqual(["2026.12", "2026.11"]);
    expect(read[0].bodyFr).toContain("<script>alert(1)</script>");
    expect((await call("GET", `/registre/releases/${id}`, member.token)).body.titleEn).toBe("New dashboards");

    // Back to a draft: gone for members.
    await call("PUT", `/registre/releases/${id}`, token, { published: false });
    expect((await call("GET", "/registre/releases", member.token)).body.items).toHaveLength(1);
    expect((await call("DELETE", `/registre/releases/${id}`, member.token)).status).toBe(403);
    expect((await call("DELETE", `/registre/releases/${id}`, token)).status).toBe(204);
    expect((await call("GET", `/registre/releases/${id}`, token)).status).toBe(404);
    expect((await call("PUT", `/registre/releases/${id}`, token, { published: true })).body.code).toBe(
      "release.notFound",
    );

    const types = (await harness.ctx.store.readStream(PLATFORM_ORG, "releases")).map((e) => e.type);
    expect(types).toEqual([
      "ReleaseNoteWritten",
      "ReleaseNoteChanged",
      "ReleaseNotePublished",
      "ReleaseNoteWritten",
      "ReleaseNotePublished",
      "ReleaseNoteWithdrawn",
      "ReleaseNoteRemoved",
    ]);
    const rows = () =>
      harness.ctx.database.db.selectFrom("release_notes").selectAll().orderBy("id").execute();
    const live = await rows();
    await harness.ctx.runner.rebuild("releases");
    expect(await rows()).toEqual(live);
    await call("DELETE", `/registre/releases/${older.body.id}`, token);
  });

  it("refuses bad input with a problem naming the field, and changes nothing", async () => {
    const token = await admin();
    const before = (await call("GET", "/registre/releases", token)).body.items.length;
    const refused = async (input: Record<string, unknown>, field: string, status = 422) => {
      const res = await call("POST", "/registre/releases", token, { ...note, ...input });
      expect(res.status, field).toBe(status);
      expect(
        res.body.errors?.map((e: { path: string }) => e.path),
        field,
      ).toContain(field);
      return res;
    };
    await refused({ titleFr: "" }, "titleFr");
    await refused({ bodyEn: undefined }, "bodyEn");
    await refused({ date: "2026-02-30" }, "date");
    await refused({ version: "<b>" }, "version");
    await refused({ bodyFr: "x".repeat(20_001) }, "bodyFr");
    // Blank once cleaned: the core's refusal, on its field.
    const blank = await refused({ titleEn: "   " }, "titleEn");
    expect(blank.body.code).toBe("validation.required");
    const first = await call("POST", "/registre/releases", token, { ...note, version: "3.0" });
    expect(first.status).toBe(201);
    const twice = await refused({ version: "3.0" }, "version", 409);
    expect(twice.body).toMatchObject({
      code: "release.duplicateVersion",
      detail: "Une note existe déjà pour la version 3.0.",
    });
    const put = await call("PUT", `/registre/releases/${first.body.id}`, token, { date: "31/12/2026" });
    expect(put.status).toBe(422);
    expect((await call("GET", "/registre/releases/not-a-uuid", token)).status).toBe(422);
    expect((await call("GET", "/registre/releases", token)).body.items).toHaveLength(before + 1);
    expect((await call("GET", `/registre/releases/${first.body.id}`, token)).body.date).toBe(note.date);
    await call("DELETE", `/registre/releases/${first.body.id}`, token);
  });

  it("marks what is new since the member's last visit, and records the visit only when something new was seen", async () => {
    const token = await admin();
    const member = await register("Lectrice");
    const other = await register("Autre");
    const write = async (version: string, date: string) =>
      (await call("POST", "/registre/releases", token, { ...note, version, date, published: true })).body;
    const first = await write("4.0", "2026-10-01");
    const news = (await call("GET", "/releases", member.token)).body;
    expect(news).toMatchObject({ lastSeen: null, unread: 1, items: [{ version: "4.0", new: true }] });

    expect((await call("POST", "/releases/seen", member.token, { upTo: first.publishedAt })).status).toBe(
      204,
    );
    expect((await call("GET", "/releases", member.token)).body).toMatchObject({
      lastSeen: first.publishedAt,
      unread: 0,
      items: [{ version: "4.0", new: false }],
    });
    // Another member's visits are their own.
    expect((await call("GET", "/releases", other.token)).body.unread).toBe(1);

    // A draft is not news; a note published later is.
    const draft = (
      await call("POST", "/registre/releases", token, { ...note, version: "4.2", date: "2026-10-20" })
    ).body;
    const second = await write("4.1", "2026-10-15");
    const after = (await call("GET", "/releases", member.token)).body;
    expect(after.unread).toBe(1);
    expect(after.items.map((n: { version: string; new: boolean }) => [n.version, n.new])).toEqual([
      ["4.1", true],
      ["4.0", false],
    ]);
    // Seeing again what was seen records nothing; a moment beyond the newest note counts as the newest.
    await call("POST", "/releases/seen", member.token, { upTo: first.publishedAt });
    await call("POST", "/releases/seen", member.token, { upTo: "2999-01-01T00:00:00.000Z" });
    expect((await call("GET", "/releases", member.token)).body).toMatchObject({
      lastSeen: second.publishedAt,
      unread: 0,
    });
    const userId = member.id;
    const visits = await harness.ctx.store.readStream(PLATFORM_ORG, `release-visits-${userId}`);
    expect(visits.map((e) => e.data)).toEqual([
      { userId, upTo: first.publishedAt },
      { userId, upTo: second.publishedAt },
    ]);
    expect((await call("POST", "/releases/seen", member.token, { upTo: "hier" })).status).toBe(422);
    expect((await call("GET", "/releases", undefined)).status).toBe(401);
    for (const n of [first, second, draft]) await call("DELETE", `/registre/releases/${n.id}`, token);
  });
});
