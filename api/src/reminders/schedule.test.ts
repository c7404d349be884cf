import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { createSchedule, readSchedule } from "@registre/projections";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import type { AppContext } from "../context.ts";
import { startServer } from "../server.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { nextParisDay, REMINDERS_JOB, remindersJob } from "./scheduler.ts";

const DAY = 86_400_000;

describe("the reminders' next run", () => {
  it("is the next midnight in France, winter and summer", () => {
    expect(nextParisDay(new Date("2026-11-30T10:00:00Z"))).toEqual(new Date("2026-11-30T23:00:00Z"));
    expect(nextParisDay(new Date("2026-07-01T10:00:00Z"))).toEqual(new Date("2026-07-01T22:00:00Z"));
    // 00:30 in Paris on 2 July, 22:30 UTC on the 1st: the day after is the 3rd.
    expect(nextParisDay(new Date("2026-07-01T22:30:00Z"))).toEqual(new Date("2026-07-02T22:00:00Z"));
    // The day the clocks go back (25 October 2026): the next midnight is in winter time.
    expect(nextParisDay(new Date("2026-10-25T12:00:00Z"))).toEqual(new Date("2026-10-25T23:00:00Z"));
    expect(nextParisDay(new Date("2026-03-29T12:00:00Z"))).toEqual(new Date("2026-03-29T22:00:00Z"));
  });
});

describe.each(databaseKinds)("the reminders on the schedule on %s", (kind) => {
  const { harness, call, send, register, mailsTo } = apiHarness(kind);
  const address = `scheduled.${kind}@alpha.fr`;
  let o: Awaited<ReturnType<typeof documentsOrganisation>>;

  beforeAll(async () => {
    o = await documentsOrganisation(call, register, `Planning${kind}`);
    await o.ok("POST", `/contacts/${o.customerId}/emails`, { address });
    const today = parisDate(new Date());
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: today,
      dueDate: today,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
    });
    await o.ok("PUT", `/docs/${created.id}/status/validated`);
    await send("PUT", "/reminders/settings", o.token, { automatic: true });
  });

  it("sends the reminders due when the job's time comes, once, and records the run", async () => {
    // Two days from now: the first level is due.
    let now = new Date(Date.now() + 2 * DAY);
    const ctx: AppContext = { ...harness.ctx, clock: () => now };
    const schedule = createSchedule(ctx.database, [remindersJob(ctx)], { clock: ctx.clock });
    await schedule.register();
    const registered = (await readSchedule(ctx.database)).find((j) => j.name === REMINDERS_JOB);
    expect(registered?.nextRunAt).toEqual(new Date(now.getTime() + 60_000));
    expect(await schedule.tick()).toEqual({});
    now = new Date(now.getTime() + 61_000);
    const started = now;
    expect(await schedule.tick()).toEqual({ [REMINDERS_JOB]: "ran" });
    expect(mailsTo(address)).toHaveLength(1);
    const job = (await readSchedule(ctx.database)).find((j) => j.name === REMINDERS_JOB);
    expect(job).toMatchObject({
      lastOutcome: "ok",
      lastSummary: expect.stringMatching(/^1 sent, 0 not sent \(\d+ organisations\)$/),
      nextRunAt: nextParisDay(started),
      runs: 1,
    });
    // The next day's run sends nothing more for that level.
    now = new Date(nextParisDay(started).getTime() + 1000);
    expect(await schedule.tick()).toEqual({ [REMINDERS_JOB]: "ran" });
    expect(mailsTo(address)).toHaveLength(1);
  });

  it("is registered by a server, unless it was started with REMINDERS=off", async () => {
    const scheduled = async (reminders: "on" | "off") => {
      const server = await startServer({
        database: await openTestDatabase(kind),
        dataDir: mkdtempSync(join(tmpdir(), "registre-schedule-")),
        port: 0,
        host: "127.0.0.1",
        seed: false,
        reminders,
      });
      try {
        return (await readSchedule(server.ctx.database)).map((j) => j.name);
      } finally {
        await server.close();
      }
    };
    expect(await scheduled("off")).not.toContain(REMINDERS_JOB);
    expect(await scheduled("on")).toContain(REMINDERS_JOB);
  });
});
