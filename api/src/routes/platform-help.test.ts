import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("help articles on %s", (kind) => {
  const { harness, call, send, organisation } = apiHarness(kind);

  it("are written by the platform administrator, one per screen, and read by every member", async () => {
    await registerUser(
      harness.ctx,
      { email: `help.${kind}@registre.fr`, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const token = (
      await call("POST", "/login", undefined, { email: `help.${kind}@registre.fr`, password: "motdepasse1" })
    ).body.token as string;
    const article = {
      screen: "/org/contacts/",
      titleFr: "Vos contacts",
      titleEn: "Your contacts",
      bodyFr: "Clients et fournisseurs.\n\n- Recherche par SIREN",
      bodyEn: "Customers and suppliers.\n\n- Search by SIREN",
    };
    const created = await call("POST", "/help", token, article);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...article, screen: "/org/contacts" });
    const id = created.body.id as string;
    const duplicate = await send("POST", "/help", token, { ...article, titleFr: "Autre" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: "help.duplicateScreen" });
    const noTitle = await send("POST", "/help", token, { ...article, screen: "/org/items", titleEn: " " });
    expect(noTitle.status).toBe(422);
    expect(JSON.stringify(noTitle.body)).toContain("titleEn");
    const badScreen = await send("POST", "/help", token, { ...article, screen: "pas un chemin" });
    expect(badScreen.status).toBe(422);
    expect(badScreen.body.code).toBe("help.invalidScreen");

    const changed = await call("PUT", `/help/${id}`, token, { titleEn: "Contacts" });
    expect(changed.body).toMatchObject({ titleEn: "Contacts", titleFr: "Vos contacts" });
    expect((await call("PUT", `/help/${crypto.randomUUID()}`, token, { titleEn: "x" })).status).toBe(404);

    const member = await organisation("Rose");
    expect((await call("GET", "/help?screen=/org/contacts", member.token)).body.items).toEqual([
      expect.objectContaining({ id, titleEn: "Contacts" }),
    ]);
    expect((await call("GET", "/help?screen=/org/items", member.token)).body.items).toEqual([]);
    expect((await call("GET", `/help/${id}`, member.token)).body.bodyFr).toBe(article.bodyFr);
    expect((await call("POST", "/help", member.token, article)).status).toBe(403);
    expect((await call("PUT", `/help/${id}`, member.token, { titleFr: "x" })).status).toBe(403);
    expect((await call("GET", "/help", undefined)).status).toBe(401);
  });
});
