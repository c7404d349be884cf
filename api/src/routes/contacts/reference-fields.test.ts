import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";

describe.each(databaseKinds)("contact fields read from the platform lists on %s", (kind) => {
  const { send, organisation } = apiHarness(kind);

  it("takes countries, APE codes and jobs as the lists' codes, from a code or a label", async () => {
    const { token } = await organisation("Loriot");
    const created = await send("POST", "/contacts", token, {
      kind: "person",
      firstName: "Anne",
      lastName: "Loriot",
      job: "gérant",
      addresses: [
        { kind: "billing", line1: "1 rue Haute", postalCode: "1000", city: "Bruxelles", country: "be" },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ job: "GERANT", addresses: [{ country: "BE" }] });
    const id = created.body.id as string;
    const changed = await send("PUT", `/contacts/${id}`, token, { job: "Chartered accountant" });
    expect(changed.body.job).toBe("EXPERT-COMPTABLE");
    const firm = await send("POST", "/contacts", token, { kind: "company", name: "Loriot Conseil" });
    const legal = await send("POST", `/contacts/${firm.body.id}/legals`, token, { apeCode: "6920z" });
    expect(legal.status).toBe(201);
    expect(legal.body.apeCode).toBe("69.20Z");
    const link = await send("POST", `/contacts/${id}/contacts`, token, {
      contactId: firm.body.id,
      job: "DAF",
    });
    expect(link.body.job).toBe("DAF");
  });

  it("refuses a value not in its list, naming the field, in French or English", async () => {
    const { token } = await organisation("Sittelle");
    const unknownCountry = await send("POST", "/contacts", token, {
      kind: "company",
      name: "Sittelle SA",
      addresses: [{ kind: "billing", line1: "1 rue", postalCode: "75001", city: "Paris", country: "ZZ" }],
    });
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.body.code).toBe("contact.unknownCountry");
    expect(unknownCountry.body.errors).toEqual([
      {
        path: "addresses.0.country",
        code: "contact.unknownCountry",
        message: "Pays inconnu (ZZ) : choisissez-le dans la liste.",
      },
    ]);
    const unknownApe = await send(
      "POST",
      "/contacts",
      token,
      { kind: "company", name: "Sittelle SA", legal: { apeCode: "99.99Z" } },
      { lang: "en" },
    );
    expect(unknownApe.body).toMatchObject({
      code: "contact.unknownActivity",
      errors: [{ path: "legal.apeCode", message: "Unknown APE code (99.99Z): pick it from the NAF list." }],
    });
    const firm = await send("POST", "/contacts", token, { kind: "company", name: "Sittelle SA" });
    expect(firm.status).toBe(201);
    const badJob = await send("PUT", `/contacts/${firm.body.id}`, token, { job: "Astronaute" });
    expect(badJob.body).toMatchObject({ code: "contact.unknownJob", errors: [{ path: "job" }] });
    const badAddress = await send("POST", `/contacts/${firm.body.id}/addresses`, token, {
      kind: "billing",
      line1: "2 rue",
      postalCode: "75002",
      city: "Paris",
      country: "XX",
    });
    expect(badAddress).toMatchObject({ status: 422, body: { errors: [{ path: "country" }] } });
    // Nothing was written by the refusals.
    expect((await send("GET", `/contacts/${firm.body.id}`, token)).body.addresses).toEqual([]);
  });
});
