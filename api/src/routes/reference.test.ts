import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("the platform's reference lists on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);

  const admin = async () => {
    await registerUser(
      harness.ctx,
      { email: `ref.admin.${kind}@registre.fr`, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    return (
      await call("POST", "/login", undefined, {
        email: `ref.admin.${kind}@registre.fr`,
        password: "motdepasse1",
      })
    ).body.token as string;
  };

  it("serves the seeded lists to anyone signed in: units, every country, the NAF sous-classes, jobs, BICs", async () => {
    const user = await register("Lecteur");
    const units = (await call("GET", "/registre/units", user.token)).body.items;
    expect(units).toContainEqual({ code: "C62", label: "pièce (unité)", labelEn: "piece (unit)" });
    expect(units).toContainEqual({ code: "LS", label: "forfait", labelEn: "lump sum" });
    const countries = (await call("GET", "/registre/countries", user.token)).body.items;
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ code: "DE", label: "Allemagne", labelEn: "Germany" });
    const activities = (await call("GET", "/registre/activities", user.token)).body.items;
    expect(activities).toHaveLength(732);
    expect((await call("GET", "/registre/activities/62.01Z", user.token)).body.label).toBe(
      "Programmation informatique",
    );
    expect((await call("GET", "/registre/bics?q=bnp", user.token)).body.items[0].code).toBe("BNPAFRPP");
    expect((await call("GET", "/registre/jobs", user.token)).body.items.length).toBeGreaterThan(10);
    expect((await call("GET", "/registre/units", undefined)).status).toBe(401);
  });

  it("lets a platform administrator add, change and remove an entry, each an event; others are refused", async () => {
    const user = await register("Curieux");
    const token = await admin();
    expect(
      (await call("POST", "/registre/units", user.token, { code: "NAR", label: "article" })).status,
    ).toBe(403);
    const added = await call("POST", "/registre/units", token, {
      code: "nar",
      label: "article",
      labelEn: "item",
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ code: "NAR", label: "article", labelEn: "item" });
    const twice = await call("POST", "/registre/units", token, { code: "NAR", label: "article" });
    expect(twice).toMatchObject({
      status: 409,
      body: { code: "reference.duplicateCode", detail: "Code en double (NAR)." },
    });
    const bad = await call("POST", "/registre/countries", token, { code: "FRA", label: "France" });
    expect(bad.body).toMatchObject({ code: "reference.invalidCode", errors: [{ path: "code" }] });
    expect((await call("PUT", "/registre/units/NAR", user.token, { label: "x" })).status).toBe(403);
    expect((await call("PUT", "/registre/units/NAR", token, { label: "article vendu" })).body.label).toBe(
      "article vendu",
    );
    expect((await call("DELETE", "/registre/units/NAR", user.token)).status).toBe(403);
    expect((await call("DELETE", "/registre/units/NAR", token)).status).toBe(204);
    expect((await call("GET", "/registre/units/NAR", user.token)).status).toBe(404);
    const types = (
      await harness.ctx.store.readStream("00000000-0000-0000-0000-000000000000", "reference-units")
    ).map((e) => e.type);
    expect(types).toEqual([
      "ReferenceListSeeded",
      "ReferenceEntryAdded",
      "ReferenceEntryChanged",
      "ReferenceEntryRemoved",
    ]);
    const rows = () =>
      harness.ctx.database.db
        .selectFrom("reference_entries")
        .selectAll()
        .orderBy("kind")
        .orderBy("code")
        .execute();
    const live = await rows();
    await harness.ctx.runner.rebuild("reference_data");
    expect(await rows()).toEqual(live);
  });
});
