import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalPlatform } from "./server.ts";
import { client, fixture, SELLER, startWithAccounts, UC1_CII } from "./testing/client.ts";
import { expectSchema } from "./testing/openapi.ts";

/**
 * The faults the admin API sets, as a client of the standard API sees them: the platform down (503 on
 * every standard call, the token's too; the admin API still answers), an acknowledgement error forced,
 * every answer slowed.
 */
let platform: LocalPlatform;
beforeAll(async () => {
  platform = await startWithAccounts({}, [SELLER]);
});
afterAll(() => platform.close());

const faults = (body: unknown) =>
  fetch(`${platform.url}/admin/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("faults", () => {
  it("answers 503 to every standard call while down, in each service's error shape, and recovers", async () => {
    const seller = await client(platform, SELLER);
    expect((await faults({ down: true })).status).toBe(200);
    const calls: [string, RequestInit, "flow" | "directory" | null][] = [
      [
        platform.tokenUrl,
        { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials" }) },
        null,
      ],
      [`${platform.flowUrl}/v1/healthcheck`, { headers: seller.auth }, "flow"],
      [
        `${platform.flowUrl}/v1/flows/search`,
        { method: "POST", headers: seller.auth, body: JSON.stringify({ where: { ackStatus: "Ok" } }) },
        "flow",
      ],
      [`${platform.flowUrl}/v1/flows/00000000-0000-0000-0000-000000000000`, { headers: seller.auth }, "flow"],
      [`${platform.directoryUrl}/v1/healthcheck`, { headers: seller.auth }, "directory"],
      [`${platform.directoryUrl}/v1/siren/code-insee:100000009`, { headers: seller.auth }, "directory"],
    ];
    for (const [url, init, service] of calls) {
      const response = await fetch(url, init);
      expect(response.status, url).toBe(503);
      const body = await response.json();
      if (service) expectSchema(service, service === "flow" ? "Error" : "error", body);
      if (service === "flow") expect(body.errorCode).toBe("RESOURCE_ERROR");
    }
    const down = await seller.submit({ flowSyntax: "CII" }, fixture(UC1_CII));
    expect(down.status).toBe(503);
    // The admin API is not the platform's standard API: it answers, and nothing was stored.
    const listed = await fetch(`${platform.url}/admin/flows`);
    expect(listed.status).toBe(200);
    expect((await listed.json()).flows).toEqual([]);

    expect(await (await faults({ down: false })).json()).toMatchObject({ down: false });
    expect((await fetch(`${platform.flowUrl}/v1/healthcheck`, { headers: seller.auth })).status).toBe(200);
  });

  it("acknowledges every flow Error with the reason set, until it is cleared", async () => {
    const seller = await client(platform, SELLER);
    await faults({ ackError: "VirusFound" });
    const refused = await seller.submitOk({ trackingId: "FAULT-1", flowSyntax: "CII" }, fixture(UC1_CII));
    expect((await seller.settled(refused.flowId)).acknowledgement.details).toEqual([
      expect.objectContaining({ level: "Error", reasonCode: "VirusFound" }),
    ]);
    await faults({ ackError: null });
    const accepted = await seller.submitOk({ trackingId: "FAULT-1", flowSyntax: "CII" }, fixture(UC1_CII));
    expect((await seller.settled(accepted.flowId)).acknowledgement.status).toBe("Ok");
  });

  it("slows every standard answer by slowMs", async () => {
    const seller = await client(platform, SELLER);
    await faults({ slowMs: 300 });
    const started = performance.now();
    expect((await fetch(`${platform.flowUrl}/v1/healthcheck`, { headers: seller.auth })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await faults({ slowMs: 0 });
  });

  it("refuses a fault it does not know", async () => {
    for (const body of [{ ackError: "Nope" }, { slowMs: -1 }, { down: "yes" }]) {
      const response = await faults(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: "INVALID_FIELD" });
    }
    expect(await (await fetch(`${platform.url}/admin/faults`)).json()).toEqual({
      down: false,
      ackError: null,
      slowMs: 0,
    });
  });
});
