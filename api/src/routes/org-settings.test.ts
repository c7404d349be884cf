import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("the owner's tax identity of the organisation on %s", (kind) => {
  const { harness, call, register, join } = apiHarness(kind);

  const newOrganisation = async (name: string) => {
    const owner = await register(name);
    const org = await call("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "732829320",
    });
    return { token: org.body.token as string, orgId: org.body.user.org.id as string };
  };

  it("sets SIREN, VAT number, address, VAT regime, débits and fiscal-year start in one command", async () => {
    const { token } = await newOrganisation("Julie");
    const identity = {
      siren: "552 120 222",
      vatNumber: "fr 27 552120222",
      address: { line1: "4 place Bellecour", postalCode: "69002", city: "Lyon", country: "FR" },
      vatRegime: "reel_simplifie",
      vatOnDebits: true,
      fiscalYearStartMonth: 7,
    };
    const saved = await call("PUT", "/org", token, identity);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      siren: "552120222",
      vatNumber: "FR27552120222",
      address: identity.address,
      vatRegime: "reel_simplifie",
      vatOnDebits: true,
      fiscalYearStartMonth: 7,
    });
    expect((await call("GET", "/org", token)).body).toMatchObject({ siren: "552120222", vatOnDebits: true });
    // The same values again change nothing and are not refused.
    expect((await call("PUT", "/org", token, identity)).status).toBe(200);
    // The number can be taken away.
    expect((await call("PUT", "/org", token, { vatNumber: null })).body.vatNumber).toBeNull();
  });

  it("keeps the VAT periodicity with the regime: the réel simplifié's CA12 yearly, the réel normal's CA3 monthly or quarterly", async () => {
    const { token } = await newOrganisation("Lina");
    expect((await call("GET", "/org", token)).body).toMatchObject({
      vatRegime: "reel_normal",
      vatPeriodicity: "monthly",
    });
    expect((await call("PUT", "/org", token, { vatPeriodicity: "quarterly" })).body.vatPeriodicity).toBe(
      "quarterly",
    );
    const refused = await call("PUT", "/org", token, { vatPeriodicity: "yearly" });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: "organisation.vatPeriodicityRegime", errors: [{ path: "vatPeriodicity" }] },
    });
    expect((await call("PUT", "/org", token, { vatRegime: "reel_simplifie" })).body).toMatchObject({
      vatRegime: "reel_simplifie",
      vatPeriodicity: "yearly",
    });
  });

  it("refuses a wrong value with its code and the field it is about, and changes nothing", async () => {
    const { token } = await newOrganisation("Karim");
    const before = (await call("GET", "/org", token)).body;
    const refusal = async (body: unknown) => {
      const answer = await call("PUT", "/org", token, body);
      expect(answer.status).toBe(422);
      return answer.body;
    };
    // SIREN whose Luhn key is wrong.
    expect(await refusal({ siren: "732829321" })).toMatchObject({
      code: "organisation.invalidSiren",
      detail: expect.stringContaining("732829321"),
      errors: [
        { path: "siren", code: "organisation.invalidSiren", message: expect.stringContaining("SIREN") },
      ],
    });
    // A VAT number whose key is wrong.
    expect(await refusal({ vatNumber: "FR00732829320" })).toMatchObject({
      code: "validation.invalidVatNumber",
      errors: [{ path: "vatNumber" }],
    });
    // A valid number, but another company's: the number is at fault when it is sent...
    expect(await refusal({ vatNumber: "FR27552120222" })).toMatchObject({
      code: "organisation.vatNumberSirenMismatch",
      errors: [{ path: "vatNumber" }],
    });
    // ...and the SIREN when the number already stored no longer matches it.
    expect((await call("PUT", "/org", token, { vatNumber: "FR44732829320" })).status).toBe(200);
    expect(await refusal({ siren: "552120222" })).toMatchObject({
      code: "organisation.vatNumberSirenMismatch",
      errors: [{ path: "siren" }],
    });
    expect(
      await refusal({ address: { line1: "", postalCode: "69002", city: "Lyon", country: "FRA" } }),
    ).toMatchObject({
      code: "validation.invalid",
      errors: [{ path: "address.line1" }, { path: "address.country" }],
    });
    expect(await refusal({ vatRegime: "forfait" })).toMatchObject({ errors: [{ path: "vatRegime" }] });
    expect(await refusal({ fiscalYearStartMonth: 13 })).toMatchObject({
      errors: [{ path: "fiscalYearStartMonth" }],
    });
    const after = (await call("GET", "/org", token)).body;
    expect(after).toMatchObject({ siren: before.siren, vatNumber: "FR44732829320", address: before.address });
  });

  it("words the refusal in the caller's language", async () => {
    const { token } = await newOrganisation("Lena");
    const res = await harness.app.request("/api/org", {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        "accept-language": "en",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ vatNumber: "FR00732829320" }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      detail: "Invalid VAT number.",
      errors: [{ path: "vatNumber", message: "Invalid VAT number." }],
    });
  });

  it("is the owner's: an accountant reads the identity but may not change it", async () => {
    const { token, orgId } = await newOrganisation("Marc");
    const accountant = await register("Nora");
    await join(token, accountant, "accountant");
    const session = await call("POST", "/user/orgs/change", accountant.token, { orgId });
    const accountantToken = session.body.token as string;
    expect((await call("GET", "/org", accountantToken)).body.siren).toBe("732829320");
    expect((await call("PUT", "/org", accountantToken, { vatNumber: "FR44732829320" })).status).toBe(403);
  });
});
