import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PLATFORM_ID } from "./model.ts";
import type { LocalPlatform } from "./server.ts";
import { BUYER, client, SELLER, startWithAccounts } from "./testing/client.ts";
import { expectSchema } from "./testing/openapi.ts";

/**
 * The Directory service over real HTTP, each answer checked against its OpenAPI document: the accounts
 * (received here) and a business the admin API placed on another platform, by SIREN, SIRET and
 * directory line, one by one and searched; errors as application/problem+json.
 */
let platform: LocalPlatform;
let get: (path: string) => Promise<Response>;
let post: (path: string, body: unknown) => Promise<Response>;
const OTHER = { siren: "300000007", siret: "30000000700017", name: "Ailleurs SAS", platformId: "0042" };

beforeAll(async () => {
  platform = await startWithAccounts({}, [{ ...SELLER, siret: "10000000900017" }, BUYER]);
  platform.admin.putDirectoryEntry(OTHER);
  const { auth } = await client(platform, SELLER);
  get = (path) => fetch(`${platform.directoryUrl}${path}`, { headers: auth });
  post = (path, body) =>
    fetch(`${platform.directoryUrl}${path}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
});
afterAll(() => platform.close());

const json = async (response: Response, status = 200) => {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
};

const problem = async (response: Response, status: number) => {
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  const body = await json(response, status);
  expectSchema("directory", "error", body);
  expect(body).toMatchObject({ status, errorCode: expect.any(String), errorMessage: expect.any(String) });
};

describe("legal units (SIREN)", () => {
  it("finds an account's and another platform's business by SIREN and by instance id", async () => {
    const seller = await json(await get("/v1/siren/code-insee:100000009"));
    expectSchema("directory", "legalUnitPayloadHistory", seller);
    expect(seller).toMatchObject({
      siren: "100000009",
      businessName: SELLER.name,
      administrativeStatus: "A",
    });
    const other = await json(await get("/v1/siren/code-insee:300000007"));
    expect(other.businessName).toBe(OTHER.name);
    const byId = await json(await get(`/v1/siren/id-instance:${other.idInstance}`));
    expect(byId).toEqual(other);
    expect(await json(await get("/v1/siren/code-insee:100000009?fields=siren,businessName"))).toEqual({
      siren: "100000009",
      businessName: SELLER.name,
    });
  });

  it("searches by name and SIREN, with limit and ignore", async () => {
    const byName = await json(
      await post("/v1/siren/search", { filters: { businessName: { op: "contains", value: "le " } } }),
    );
    expectSchema("directory", "sirenSearchPost200Response", byName);
    expect(byName.results.map((r: { siren: string }) => r.siren).sort()).toEqual(["100000009", "200000008"]);
    const paged = await json(
      await post("/v1/siren/search", {
        sorting: [{ field: "siren", sortingOrder: "descending" }],
        limit: 1,
        ignore: 1,
      }),
    );
    expect(paged.totalNumberOfResults).toBe(3);
    expect(paged.results.map((r: { siren: string }) => r.siren)).toEqual(["200000008"]);
    const none = await json(
      await post("/v1/siren/search", { filters: { siren: { op: "contains", value: "999" } } }),
    );
    expect(none).toMatchObject({ totalNumberOfResults: 0, results: [] });
  });

  it("answers 404 for a SIREN in no directory, 400 for what is not a SIREN or not a search", async () => {
    await problem(await get("/v1/siren/code-insee:999999999"), 404);
    await problem(await get("/v1/siren/code-insee:12345"), 400);
    await problem(
      await post("/v1/siren/search", { filters: { color: { op: "contains", value: "x" } } }),
      400,
    );
    await problem(await post("/v1/siren/search", { limit: 0 }), 400);
  });
});

describe("facilities (SIRET)", () => {
  it("finds a facility by SIRET, with its legal unit when asked, and searches them", async () => {
    const facility = await json(await get("/v1/siret/code-insee:30000000700017?include=siren"));
    expectSchema("directory", "facilityPayloadHistory", facility);
    expect(facility).toMatchObject({
      siret: OTHER.siret,
      siren: OTHER.siren,
      legalUnit: { businessName: OTHER.name },
    });
    const found = await json(
      await post("/v1/siret/search", { filters: { siren: { op: "contains", value: "100000009" } } }),
    );
    expectSchema("directory", "siretSearchPost200Response", found);
    expect(found.results.map((r: { siret: string }) => r.siret)).toEqual(["10000000900017"]);
    await problem(await get("/v1/siret/code-insee:20000000800015"), 404);
    await problem(await get("/v1/siret/code-insee:2000"), 400);
  });
});

describe("directory lines", () => {
  it("says which platform receives for a SIREN: this one for an account, another for the admin's entry", async () => {
    const lines = await json(
      await post("/v1/directory-line/search", { filters: { siren: { op: "contains", value: "0000" } } }),
    );
    expectSchema("directory", "directoryLineSearchPost200Response", lines);
    const platformOf = Object.fromEntries(
      lines.results.map((l: { siren: string; platform: { platformId: string } }) => [
        l.siren,
        l.platform.platformId,
      ]),
    );
    expect(platformOf).toEqual({
      "100000009": LOCAL_PLATFORM_ID,
      "200000008": LOCAL_PLATFORM_ID,
      "300000007": "0042",
    });
    const line = await json(await get("/v1/directory-line/code:200000008"));
    expectSchema("directory", "directoryLinePayloadHistoryLegalUnitFacilityRoutingCode", line);
    expect(line).toMatchObject({
      addressingIdentifier: "200000008",
      siren: "200000008",
      platform: { platformType: "WK", platformStatus: "Enabled" },
      legalUnit: { businessName: BUYER.name },
    });
    expect(await json(await get(`/v1/directory-line/id-instance:${line.idInstance}`))).toEqual(line);
    await problem(await get("/v1/directory-line/code:999999999"), 404);
  });

  it("offers no writing of the directory: 501", async () => {
    await problem(await post("/v1/directory-line", { addressingInformation: { siren: "100000009" } }), 501);
    await problem(await post("/v1/routing-code/search", {}), 501);
  });
});
