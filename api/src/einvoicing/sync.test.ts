import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import type { EInvoicingPlatforms } from "../ports/index.ts";
import { PlatformError } from "../ports/index.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform } from "../testing/einvoicing-setup.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { syncAll, syncOrganisation } from "./sync.ts";

/**
 * The sync's faults (issue 25, point 6), on both databases, with the platform in memory: the platform
 * down for a while — from the start, or in the middle of a page — loses nothing and doubles nothing, the
 * backlog drains once it is back; a received file that is no invoice (a PDF without XML, random bytes)
 * or hostile XML (billion laughs, deep nesting, huge) is refused and marked refused in the inbox, never
 * thrown, and the sync goes on with the next flows.
 */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/einvoicing/${name}`, import.meta.url)));
const CII = "UC1_F202500003_00-INV_20250701_CII.xml";
const UBL = "UC4_F202500006_00-INV_20250701_UBL.xml";

describe.each(databaseKinds)("the e-invoicing sync's faults on %s", (kind) => {
  const fake = fakePlatform();
  /** Faults of one call: `failOnce` makes the next file download of that flow fail as out of reach. */
  const flaky = new Set<string>();
  const platforms: EInvoicingPlatforms = {
    connect: (connection) => {
      const client = fake.platforms.connect(connection);
      return {
        ...client,
        getFlowFile: async (flowId, fileKind, options) => {
          if (flaky.delete(flowId))
            throw new PlatformError({
              status: null,
              errorCode: "TIMEOUT",
              errorMessage: "timed out",
              transient: true,
              operation: "getFlowFile",
            });
          return client.getFlowFile(flowId, fileKind, options);
        },
      };
    },
  };
  const { harness, call, register } = apiHarness(kind, {}, { einvoicing: platforms });

  const connected = async (name: string) => {
    const o = await documentsOrganisation(call, register, name);
    const account = randomUUID();
    await connectToFakePlatform(harness.ctx, o.orgId, account);
    return { ...o, account };
  };
  const inbox = async (token: string) =>
    (await call("GET", "/einvoicing/received", token)).body as {
      total: number;
      items: { flowId: string; state: string; refusal: { code: string } | null }[];
    };
  const purchases = async (token: string) =>
    (await call("GET", "/docs?direction=purchases", token)).body.total as number;

  it("the platform down: the sync throws for the schedule to try again, nothing recorded; back, the backlog drains once", async () => {
    const o = await connected("Panne");
    const flows = [
      fake.deliver(o.account, fixture(CII), "CII", CII),
      fake.deliver(o.account, fixture(UBL), "UBL", UBL),
    ];
    fake.faults.down = true;
    try {
      await expect(syncOrganisation(harness.ctx, o.orgId)).rejects.toMatchObject({ transient: true });
      const all = await syncAll(harness.ctx);
      expect(all.failed).toContain(o.orgId);
    } finally {
      fake.faults.down = false;
    }
    expect((await inbox(o.token)).total).toBe(0);
    expect(await purchases(o.token)).toBe(0);

    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ flows: 2, received: 2 });
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ flows: 0, received: 0 });
    const after = await inbox(o.token);
    expect(after.items.map((i) => [i.flowId, i.state]).sort()).toEqual(
      flows.map((f) => [f.flowId, "imported"]).sort(),
    );
    expect(await purchases(o.token)).toBe(2);
  });

  it("out of reach in the middle of a page: what was done stays done, the rest follows at the next run, nothing twice", async () => {
    const o = await connected("Milieu");
    const first = fake.deliver(o.account, fixture(CII), "CII", CII);
    const second = fake.deliver(o.account, fixture(UBL), "UBL", UBL);
    const third = fake.deliver(o.account, fixture(CII), "CII", `again-${CII}`);
    flaky.add(second.flowId);
    await expect(syncOrganisation(harness.ctx, o.orgId)).rejects.toMatchObject({ transient: true });
    expect((await inbox(o.token)).items.map((i) => i.flowId)).toEqual([first.flowId]);

    await syncOrganisation(harness.ctx, o.orgId);
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ flows: 0 });
    const after = await inbox(o.token);
    expect(after.total).toBe(3);
    expect(after.items.map((i) => i.flowId).sort()).toEqual(
      [first.flowId, second.flowId, third.flowId].sort(),
    );
    expect(await purchases(o.token)).toBe(3);
  });

  it("a file that is no invoice, or hostile: refused in the inbox, never thrown, the next flows imported", async () => {
    const o = await connected("Hostile");
    const text = (s: string) => new TextEncoder().encode(s);
    const cases: [string, Uint8Array, "CII" | "Factur-X", string][] = [
      [
        "a PDF without XML",
        text("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF"),
        "Factur-X",
        "einvoice.notInvoice",
      ],
      [
        "random bytes",
        new Uint8Array(8192).map((_, i) => (i * 7919 + 13) % 256),
        "CII",
        "einvoice.unsupportedFile",
      ],
      [
        "billion laughs",
        text(
          `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]><rsm:CrossIndustryInvoice>&lol9;</rsm:CrossIndustryInvoice>`,
        ),
        "CII",
        "einvoice.unsafeXml",
      ],
      [
        "nested 100,000 deep",
        text(`<a>${"<b>".repeat(100_000)}${"</b>".repeat(100_000)}</a>`),
        "CII",
        "upload.xmlTooDeep",
      ],
      ["21 MB", new Uint8Array(21 * 1024 * 1024).fill(60), "CII", "upload.tooLarge"],
    ];
    const refused = cases.map(([name, bytes, syntax]) =>
      fake.deliver(o.account, bytes, syntax, `${name}.xml`),
    );
    const good = fake.deliver(o.account, fixture(UBL), "UBL", UBL);

    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({
      flows: cases.length + 1,
      received: cases.length + 1,
      partial: false,
    });
    const items = new Map((await inbox(o.token)).items.map((i) => [i.flowId, i]));
    expect(refused.map((f) => [items.get(f.flowId)?.state, items.get(f.flowId)?.refusal?.code])).toEqual(
      cases.map(([, , , code]) => ["refused", code]),
    );
    expect(items.get(good.flowId)?.state).toBe("imported");
    expect(await purchases(o.token)).toBe(1);
  });
});
