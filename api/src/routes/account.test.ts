import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)(
  "the personal account's addresses, e-mails, phones and legal identities on %s",
  (kind) => {
    const { call, register } = apiHarness(kind);

    it("adds, lists, changes and removes a phone number, normalised to E.164", async () => {
      const { token } = await register("Lea");
      const added = await call("POST", "/account/phones", token, {
        type: "cellular",
        number: "06 12 34 56 78",
      });
      expect(added).toMatchObject({ status: 201, body: { type: "cellular", number: "+33612345678" } });
      const id = added.body.id as string;
      expect((await call("GET", "/account/phones", token)).body).toEqual({
        items: [{ id, type: "cellular", number: "+33612345678" }],
      });
      const changed = await call("PUT", `/account/phones/${id}`, token, {
        type: "work",
        number: "+33 1 23 45 67 89",
      });
      expect(changed.body).toEqual({ id, type: "work", number: "+33123456789" });
      expect((await call("DELETE", `/account/phones/${id}`, token)).status).toBe(204);
      expect((await call("GET", "/account/phones", token)).body).toEqual({ items: [] });
      expect((await call("DELETE", `/account/phones/${id}`, token)).status).toBe(404);
    });

    it("refuses invalid values with the spec's messages and records nothing", async () => {
      const { token } = await register("Lea");
      const phone = await call("POST", "/account/phones", token, { type: "cellular", number: "12" });
      expect(phone).toMatchObject({
        status: 422,
        body: { code: "validation.invalidPhone", detail: "Numéro de téléphone invalide." },
      });
      const siret = await call("POST", "/account/legal", token, {
        companyName: "Petit SARL",
        siret: "73282932000075",
      });
      expect(siret.body.code).toBe("validation.invalidSiret");
      const missing = await call("POST", "/account/addresses", token, {
        street: "1 rue Haute",
        city: "Lyon",
        country: "FR",
      });
      expect(missing.body.code).toBe("validation.required");
      for (const k of ["phones", "legal", "addresses"])
        expect((await call("GET", `/account/${k}`, token)).body).toEqual({ items: [] });
    });

    it("keeps an address once among the e-mails (Duplicate email)", async () => {
      const { token } = await register("Lea");
      await call("POST", "/account/emails", token, { type: "work", email: "lea@petit.fr" });
      const again = await call("POST", "/account/emails", token, { type: "billing", email: "LEA@petit.fr" });
      expect(again).toMatchObject({
        status: 409,
        body: { code: "account.duplicateEmail", detail: "Adresse e-mail en double." },
      });
    });

    it("stores a legal identity and an address, and never shows one user's items to another", async () => {
      const { token } = await register("Lea");
      const legal = await call("POST", "/account/legal", token, {
        companyName: "Boulangerie Martin",
        siret: "732 829 320 00074",
        vatNumber: "FR44732829320",
      });
      expect(legal.body).toMatchObject({
        companyName: "Boulangerie Martin",
        siret: "73282932000074",
        vatNumber: "FR44732829320",
      });
      const address = await call("POST", "/account/addresses", token, {
        street: "12 rue des Artisans",
        postcode: "69002",
        city: "Lyon",
        country: "fr",
      });
      expect(address.body).toMatchObject({ country: "FR" });
      const { token: other } = await register("Lea");
      expect((await call("GET", "/account/legal", other)).body).toEqual({ items: [] });
      const foreign = await call("PUT", `/account/legal/${legal.body.id}`, other, { companyName: "Volé" });
      expect(foreign.status).toBe(404);
    });
  },
);

describe.each(databaseKinds)("the organisation's own settings on %s", (kind) => {
  const { call, register } = apiHarness(kind);

  it("lets the owner read and change the organisation's name and e-mail, and records both in its history", async () => {
    const { token } = await register("Paul");
    const created = await call("POST", "/user/orgs", token, { name: "Garage Moreau", siren: "552120222" });
    const orgToken = created.body.token as string;
    expect((await call("GET", "/org", orgToken)).body).toMatchObject({
      name: "Garage Moreau",
      email: null,
    });
    const changed = await call("PUT", "/org", orgToken, {
      name: "Garage Moreau & Fils",
      email: "Contact@Garage-Moreau.fr",
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { name: "Garage Moreau & Fils", email: "contact@garage-moreau.fr" },
    });
    const invalid = await call("PUT", "/org", orgToken, { email: "pas une adresse" });
    expect(invalid).toMatchObject({ status: 422, body: { code: "validation.invalidEmail" } });
    // Without an organisation, there is no organisation right.
    expect((await call("GET", "/org", token)).status).toBe(401);
  });
});
