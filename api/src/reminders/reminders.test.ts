import { lateness, parisDate } from "@registre/core";
import { createEventStore, openDatabase } from "@registre/store";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, type TestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { LATE_PAYMENT_RATES } from "../documents/late.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { runDueReminders, withRemindersLock } from "./scheduler.ts";

const DAY = 86_400_000;
const today = () => parisDate(new Date());
const NBSP = "\u00a0";
/** The context `days` days from now: what the daily run sees then (sessions last 14 days). */
const later = (ctx: AppContext, days: number): AppContext => ({
  ...ctx,
  clock: () => new Date(Date.now() + days * DAY),
});

describe.each(databaseKinds)("reminders of late sales invoices on %s", (kind) => {
  const { harness, call, send, register, mailsTo } = apiHarness(kind);
  let o: Awaited<ReturnType<typeof documentsOrganisation>>;
  const invoices: string[] = [];

  /** An invoice of today due today, validated: late from tomorrow. */
  const lateInvoice = async (contactId: string, quantity = "10") => {
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: today(),
      dueDate: today(),
      contactId,
      lines: [{ kind: "item", itemId: o.itemId, quantity }],
    });
    await o.ok("PUT", `/docs/${created.id}/status/validated`);
    return created.id as string;
  };
  /** `call` on an app whose clock is `days` ahead. */
  const callLater = async (days: number, method: string, path: string, body?: unknown, lang = "fr") => {
    const app = createApp(later(harness.ctx, days));
    const res = await app.request(`/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${o.token}`,
        "accept-language": lang,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    o = await documentsOrganisation(call, register, `Relance${kind}`);
    await o.ok("POST", `/contacts/${o.customerId}/emails`, { address: `compta.${kind}@alpha.fr` });
    const settings = await send("PUT", "/reminders/settings", o.token, {
      levels: [
        { level: 1, days: 1 },
        { level: 2, days: 3 },
        { level: 3, days: 10 },
      ],
    });
    expect(settings.body).toMatchObject({
      automatic: false,
      levels: [{ days: 1 }, { days: 3 }, { days: 10 }],
    });
    invoices.push(await lateInvoice(o.customerId), await lateInvoice(o.customerId, "2"));
  });

  it("refuses levels that do not increase, naming the field", async () => {
    const refused = await send("PUT", "/reminders/settings", o.token, {
      levels: [
        { level: 1, days: 5 },
        { level: 2, days: 5 },
        { level: 3, days: 10 },
      ],
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: "reminders.daysNotIncreasing", errors: [{ path: "levels.1.days" }] },
    });
  });

  it("lists the late invoices with the level due, and sends the friendly reminder of one", async () => {
    expect((await call("GET", "/reminders", o.token)).body.items).toEqual([]);
    const list = await callLater(2, "GET", "/reminders");
    expect(list.body.items.map((i: { id: string }) => i.id).sort()).toEqual([...invoices].sort());
    expect(list.body.items[0]).toMatchObject({
      daysLate: 2,
      dueLevel: 1,
      remindersSent: [],
      indemnity: 4000,
    });
    const sent = await callLater(2, "POST", "/reminders/send", { ids: [invoices[0]] });
    expect(sent.body).toMatchObject({
      sent: [{ id: invoices[0], level: 1, to: [`compta.${kind}@alpha.fr`] }],
      refused: [],
    });
    const [mail] = mailsTo(`compta.${kind}@alpha.fr`);
    expect(mail?.headers.get("subject")).toMatch(/^Rappel — facture FA\d{4}-\d{5} arrivée à échéance$/);
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    const again = await callLater(2, "POST", "/reminders/send", { ids: [invoices[0]] });
    expect(again.body.refused).toMatchObject([{ id: invoices[0], code: "reminders.notLate" }]);
    const after = await callLater(2, "GET", "/reminders");
    expect(after.body.items.find((i: { id: string }) => i.id === invoices[0])).toMatchObject({
      remindersSent: [1],
      dueLevel: null,
    });
  });

  it("sends the formal notice with the late-payment penalty and the €40 indemnity, in bulk", async () => {
    const bulk = await callLater(11, "POST", "/reminders/send", { ids: invoices });
    expect(bulk.body.sent.map((s: { level: number }) => s.level)).toEqual([3, 3]);
    const notice = mailsTo(`compta.${kind}@alpha.fr`).find((m) =>
      m.headers.get("subject")?.startsWith("Mise en demeure"),
    );
    const row = (await call("GET", `/docs/${invoices[0]}`, o.token)).body;
    const figures = lateness({
      dueDate: row.dueDate,
      on: parisDate(new Date(Date.now() + 11 * DAY)),
      amountDue: row.due,
      penaltyRate: null,
      ...LATE_PAYMENT_RATES,
      business: true,
    });
    expect(figures.penalty).toBeGreaterThan(0);
    const text = notice?.text ?? "";
    expect(text).toContain(
      `indemnité forfaitaire pour frais de recouvrement (article D441-5 du Code de commerce)${NBSP}: 40,00${NBSP}€`,
    );
    expect(text).toContain(`${NBSP}: ${(figures.penalty / 100).toFixed(2).replace(".", ",")}${NBSP}€`);
    expect(text).toContain("sommes suivantes");
    const history = (await call("GET", `/docs/histories?docId=${invoices[0]}`, o.token)).body.events;
    expect(
      history
        .filter((e: { type: string }) => e.type === "DocumentEmailed")
        .map((e: { email: { reminderLevel: number } }) => e.email.reminderLevel),
    ).toEqual([3, 1]);
  });

  it("reports an invoice whose customer has no address as not sent, the others going on", async () => {
    const bare = await o.ok("POST", "/contacts", {
      kind: "company",
      name: `Sans Mail ${kind}`,
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "2 rue Haute", postalCode: "69001", city: "Lyon" }],
      legal: { siren: "542 051 180" },
    });
    const id = await lateInvoice(bare.id);
    const report = await callLater(2, "POST", "/reminders/send", { ids: [id] }, "en");
    expect(report.body).toMatchObject({
      sent: [],
      refused: [{ id, code: "mail.missingTo", message: "Missing to." }],
    });
  });
});

describe.each(databaseKinds)("the daily reminders run on %s", (kind) => {
  const { harness, call, send, register, mailsTo } = apiHarness(kind);
  let o: Awaited<ReturnType<typeof documentsOrganisation>>;
  let invoiceId: string;
  const address = `daily.${kind}@alpha.fr`;

  beforeAll(async () => {
    o = await documentsOrganisation(call, register, `Auto${kind}`);
    await o.ok("POST", `/contacts/${o.customerId}/emails`, { address });
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: today(),
      dueDate: today(),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
    });
    invoiceId = created.id;
    await o.ok("PUT", `/docs/${invoiceId}/status/validated`);
  });

  it("sends nothing for an organisation that did not turn automatic reminders on", async () => {
    const run = await runDueReminders(later(harness.ctx, 2));
    expect(run).toMatchObject({ organisations: 0, sent: 0 });
    expect(mailsTo(address)).toHaveLength(0);
  });

  it("sends each level due once: a second run the same day sends nothing", async () => {
    await send("PUT", "/reminders/settings", o.token, { automatic: true });
    expect(await runDueReminders(later(harness.ctx, 2))).toMatchObject({ organisations: 1, sent: 1 });
    expect(await runDueReminders(later(harness.ctx, 2))).toMatchObject({ organisations: 1, sent: 0 });
    expect(mailsTo(address)).toHaveLength(1);
    expect(await runDueReminders(later(harness.ctx, 16))).toMatchObject({ sent: 1 });
    expect(await runDueReminders(later(harness.ctx, 20))).toMatchObject({ sent: 0 });
    expect(mailsTo(address).map((m) => m.headers.get("subject")?.split(" — ")[0])).toEqual([
      "Rappel",
      "Deuxième relance",
    ]);
  });

  it("runs one at a time: a run while another holds the lock does nothing", async () => {
    const ctx = later(harness.ctx, 31);
    const inner = await withRemindersLock(ctx, () => runDueReminders(ctx));
    expect(inner).toBeNull();
    const both = await Promise.all([runDueReminders(ctx), runDueReminders(ctx)]);
    expect(both.filter((run) => run === null)).toHaveLength(1);
    expect(both.find((run) => run)?.sent).toBe(1);
    expect(mailsTo(address)).toHaveLength(3);
  });

  // PostgreSQL only: several servers share one database there (PGlite serves one process).
  if (kind === "postgres")
    it("sends once with two servers running concurrently (advisory lock)", async () => {
      const url = (harness.ctx.database as TestDatabase).url as string;
      const second = await openDatabase({ url, maxConnections: 4 });
      try {
        const other: AppContext = { ...harness.ctx, database: second, store: createEventStore(second) };
        const created = await o.ok("POST", "/docs", {
          kind: "invoice",
          direction: "sales",
          issueDate: today(),
          dueDate: today(),
          contactId: o.customerId,
          lines: [{ kind: "item", itemId: o.itemId, quantity: "3" }],
        });
        await o.ok("PUT", `/docs/${created.id}/status/validated`);
        const before = mailsTo(address).length;
        // The second server is refused while the first holds the lock…
        const held = await withRemindersLock(later(harness.ctx, 2), () => runDueReminders(later(other, 2)));
        expect(held).toBeNull();
        // …and two runs at once send the new invoice's reminder once.
        const runs = await Promise.all([
          runDueReminders(later(harness.ctx, 2)),
          runDueReminders(later(other, 2)),
        ]);
        expect(runs.reduce((n, run) => n + (run?.sent ?? 0), 0)).toBe(1);
        expect(mailsTo(address)).toHaveLength(before + 1);
      } finally {
        await second.close();
      }
    });
});
