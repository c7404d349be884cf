import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { registerUser } from "../identity/users.ts";
import { integerParam } from "../platform/params.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("platform parameters and organisation types on %s", (kind) => {
  const { harness, call, send, organisation } = apiHarness(kind);

  it("lists the known parameters with their defaults, changes them typed, adds and removes others", async () => {
    await registerUser(
      harness.ctx,
      { email: `params.${kind}@registre.fr`, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const token = (
      await call("POST", "/login", undefined, {
        email: `params.${kind}@registre.fr`,
        password: "motdepasse1",
      })
    ).body.token as string;
    const list = await call("GET", "/params", token);
    expect(list.body.items.slice(0, 2)).toEqual([
      expect.objectContaining({ key: "trialDays", type: "integer", value: "30", known: true }),
      expect.objectContaining({ key: "graceDays", type: "integer", value: "14", known: true }),
    ]);
    expect(await integerParam(harness.ctx, "trialDays")).toBe(30);

    expect((await call("PUT", "/params/trialDays", token, { value: " 45 " })).body.value).toBe("45");
    expect(await integerParam(harness.ctx, "trialDays")).toBe(45);
    const notInteger = await send("PUT", "/params/trialDays", token, { value: "un mois" });
    expect(notInteger.status).toBe(422);
    expect(notInteger.body).toMatchObject({ code: "params.invalidValue" });
    expect(JSON.stringify(notInteger.body)).toContain("value");
    const badSiren = await send("PUT", "/params/sellerSiren", token, { value: "123456789" });
    expect(badSiren.status).toBe(422);
    expect((await call("PUT", "/params/sellerSiren", token, { value: "732 829 320" })).body.value).toBe(
      "732829320",
    );
    expect((await call("GET", "/params/trialDays", token)).body.value).toBe("45");

    const added = await call("POST", "/params", token, {
      key: "monthlyPrice",
      type: "money",
      value: "19,9",
      description: "Prix mensuel HT",
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ key: "monthlyPrice", value: "19.90", known: false });
    expect(
      (await send("POST", "/params", token, { key: "monthlyPrice", type: "text", value: "x" })).status,
    ).toBe(409);
    expect((await send("POST", "/params", token, { key: "Bad key", type: "text", value: "x" })).status).toBe(
      422,
    );
    expect(
      (await send("POST", "/params", token, { key: "flag", type: "boolean", value: "oui" })).status,
    ).toBe(422);
    const known = await send("DELETE", "/params/trialDays", token);
    expect(known.status).toBe(409);
    expect(known.body.code).toBe("params.required");
    expect((await call("DELETE", "/params/monthlyPrice", token)).status).toBe(204);
    expect((await call("GET", "/params/monthlyPrice", token)).status).toBe(404);
    expect((await call("GET", "/params/trialDays", token)).body.value).toBe("45");

    // An organisation's member reads the organisation types, not the parameters.
    const member = await organisation("Paule");
    for (const [method, path] of [
      ["GET", "/params"],
      ["POST", "/params"],
      ["PUT", "/params/trialDays"],
      ["DELETE", "/params/graceDays"],
    ] as const)
      expect(
        (await call(method, path, member.token, method === "POST" || method === "PUT" ? {} : undefined))
          .status,
      ).toBe(403);
    const types = await call("GET", "/organizations/types", member.token);
    expect(types.body.items).toEqual(
      expect.arrayContaining([
        {
          code: "5499",
          short: "SARL",
          labelFr: "Société à responsabilité limitée",
          labelEn: "Limited liability company",
          tax: "IS",
        },
      ]),
    );
    expect((await call("GET", "/organizations/types", undefined)).status).toBe(401);
  });
});
