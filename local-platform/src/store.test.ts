import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalPlatform } from "./server.ts";
import { client, fixture, SELLER, startWithAccounts, UC1_CII } from "./testing/client.ts";

/**
 * The platform's state kept in its data file: accounts, tokens, flows and the clock survive a restart
 * (a flow still Pending is acknowledged after it; no updatedAt is given twice even when the clock goes
 * back); and the product never imports the platform.
 */
const dir = mkdtempSync(join(tmpdir(), "local-platform-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the data file", () => {
  it("keeps accounts, tokens and flows across a restart, and acknowledges a flow left Pending", async () => {
    const dataFile = join(dir, "nested", "platform.json");
    const first = await startWithAccounts({ dataFile, ackDelayMs: 60_000 }, [SELLER]);
    const seller = await client(first, SELLER);
    const { flowId } = await seller.submitOk({ trackingId: "KEEP-1", flowSyntax: "CII" }, fixture(UC1_CII));
    await first.close();
    expect(JSON.parse(readFileSync(dataFile, "utf8")).flows).toHaveLength(1);

    const second = await startLocalPlatform({ dataFile, ackDelayMs: 5, log: () => {} });
    try {
      // The token granted before the restart is still good.
      const search = await fetch(`${second.flowUrl}/v1/flows/${flowId}`, { headers: seller.auth });
      expect(search.status).toBe(200);
      await second.admin.idle();
      const again = await fetch(`${second.flowUrl}/v1/flows/${flowId}`, { headers: seller.auth });
      expect((await again.json()).acknowledgement.status).toBe("Ok");
    } finally {
      await second.close();
    }
  });

  it("never gives an updatedAt twice, even when the clock is set back across a restart", async () => {
    const dataFile = join(dir, "clock.json");
    const late = new Date("2026-10-01T12:00:00.000Z");
    const first = await startWithAccounts({ dataFile, now: () => late }, [SELLER]);
    const c1 = await client(first, SELLER);
    await c1.submitOk({ trackingId: "CLOCK-1", flowSyntax: "CII" }, fixture(UC1_CII));
    await first.admin.idle();
    await first.close();
    const early = new Date("2026-01-01T00:00:00.000Z");
    const second = await startLocalPlatform({ dataFile, now: () => early, ackDelayMs: 5, log: () => {} });
    try {
      const c2 = await client(second, SELLER);
      await c2.submitOk({ trackingId: "CLOCK-2", flowSyntax: "CII" }, fixture(UC1_CII));
      await second.admin.idle();
      const stamps = second.admin.flows().map((f) => f.updatedAt);
      expect(new Set(stamps).size).toBe(stamps.length);
      const [one, two] = ["CLOCK-1", "CLOCK-2"].map(
        (t) => second.admin.flows().find((f) => f.trackingId === t)?.submittedAt ?? "",
      );
      expect((two ?? "") > (one ?? "")).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe("the product", () => {
  it("never imports the local platform outside its tests: it talks to it over HTTP only", () => {
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const sources = (d: string): string[] =>
      readdirSync(d).flatMap((name) => {
        const path = join(d, name);
        // Tests and their helpers (a `testing` folder) may start a platform in-process.
        if (statSync(path).isDirectory())
          return name === "node_modules" || name === "testing" ? [] : sources(path);
        return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const importers = ["core", "store", "projections", "api", "web"]
      .flatMap((w) => sources(join(root, w, "src")))
      .filter((file) => readFileSync(file, "utf8").includes("@registre/local-platform"));
    // The one exception: `registre serve`'s shell starts the platform beside Registre for the demo, by a
    // dynamic import outside any request's path (and goes without it when it is not installed).
    expect(importers.map((file) => file.slice(root.length))).toEqual(["api/src/cli/local-platform.ts"]);
  });
});
