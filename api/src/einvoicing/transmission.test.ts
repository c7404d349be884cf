import { type DocumentEvent, documentDecider, isLive, parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import type { EInvoicingPlatforms } from "../ports/index.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform } from "../testing/einvoicing-setup.ts";
import { replaceDuplicateFlow } from "./duplicate-flow.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { einvoicingReactors, sendingDependencies } from "./reactors.ts";
import { sendingReactor } from "./sending.ts";
import { syncOrganisation } from "./sync.ts";
import { transmissionAnswer } from "./transmission-view.ts";
import { webhookSignature } from "./webhook.ts";

/**
 * Sending and the statuses through the API (issue 25), on both databases, with a platform in memory
 * implementing the port (`fake-platform.testing.ts`): the sending reactor of the API's context submits
 * a validated invoice once, the sync records its acknowledgement and its lifecycle statuses once, the
 * invoice's transmission and history show them; a platform down holds the reactor, which drains the
 * backlog once it is back, nothing doubled; an acknowledgement in error shows its reasons; B2C and
 * foreign customers are not sent; the webhook is verified before it syncs.
 */
const WEBHOOK_SECRET = "whsec-test-0123456789abcdef";

describe.each(databaseKinds)("e-invoicing: sending and statuses on %s", (kind) => {
  const fake = fakePlatform();
  /** Accounts where another server submits the same file just before this one's submission (a race). */
  const racing = new Set<string>();
  const platforms: EInvoicingPlatforms = {
    connect: (connection) => {
      const client = fake.platforms.connect(connection);
      return {
        ...client,
        submitFlow: async (info, file, options) => {
          if (racing.delete(connection.clientId)) await client.submitFlow(info, file);
          return client.submitFlow(info, file, options);
        },
      };
    },
  };
  const { harness, call, register } = apiHarness(
    kind,
    {},
    { reactors: einvoicingReactors, einvoicing: platforms, reactorRetryMs: { first: 100, max: 400 } },
  );

  const connected = async (name: string) => {
    const o = await documentsOrganisation(call, register, name);
    await connectToFakePlatform(harness.ctx, o.orgId, o.orgId, { webhookSecret: WEBHOOK_SECRET });
    return o;
  };
  type Org = Awaited<ReturnType<typeof connected>>;

  const invoice = async (o: Org, contactId = o.customerId) => {
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    const validated = await o.ok("PUT", `/docs/${created.id}/status/validated`);
    return { id: created.id as string, number: validated.number as string };
  };

  const transmission = (o: Org, id: string) => o.ok("GET", `/docs/${id}/transmission`);

  /** Waits for the reactor, then answers the invoice's transmission once `done` holds (10 s at most). */
  const until = async (o: Org, id: string, done: (t: { state: string }) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const t = await transmission(o, id);
      if (done(t) || Date.now() > deadline) return t;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("submits a validated invoice once, then records its acknowledgement and statuses once", async () => {
    fake.directory.add("732829320");
    const o = await connected("Envoi");
    const { id, number } = await invoice(o);
    const sent = await until(o, id, (t) => t.state !== "waiting");
    expect(sent).toMatchObject({
      state: "submitted",
      connected: true,
      submission: { trackingId: number, syntax: "Factur-X", profile: "CIUS", processingRule: "B2B" },
      acknowledgement: null,
      statuses: [],
    });
    const mine = fake.submissions.filter((s) => s.account === o.orgId);
    expect(mine).toMatchObject([{ account: o.orgId, trackingId: number, sha256: sent.submission.sha256 }]);
    // The invoice went out: it is sent.
    await harness.ctx.runner.drain(["documents"]);
    expect((await o.ok("GET", `/docs/${id}`)).status).toBe("sent");

    fake.settle();
    fake.sendStatus(o.orgId, number, 200);
    const first = await syncOrganisation(harness.ctx, o.orgId);
    expect(first).toMatchObject({ acknowledgements: 1, statuses: 1, partial: false });
    // The same flows again (a sync run twice, a webhook): nothing more.
    fake.sendStatus(o.orgId, number, 205);
    const second = await syncOrganisation(harness.ctx, o.orgId);
    expect(second).toMatchObject({ acknowledgements: 0, statuses: 1 });
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ flows: 0 });
    const shown = await transmission(o, id);
    expect(shown).toMatchObject({
      state: "acknowledged",
      acknowledgement: { status: "Ok", details: [] },
      statuses: [{ code: 200 }, { code: 205 }],
    });
    const history = await o.ok("GET", `/docs/histories?docId=${id}`);
    const types = history.events.map((e: { type: string }) => e.type);
    expect(
      types.filter((t: string) => t.startsWith("DocumentTransmission") || t.startsWith("DocumentLifecycle")),
    ).toEqual([
      "DocumentLifecycleStatusReceived",
      "DocumentLifecycleStatusReceived",
      "DocumentTransmissionAcknowledged",
      "DocumentTransmissionSubmitted",
    ]);
    expect(
      history.events.find((e: { type: string }) => e.type === "DocumentLifecycleStatusReceived"),
    ).toMatchObject({ transmission: { code: 205 } });
  });

  it("sends the CII XML alone when the document settings say so", async () => {
    fake.directory.add("732829320");
    const o = await connected("Cii");
    await o.ok("PUT", "/docs/settings", { einvoiceSyntax: "cii" });
    const { id, number } = await invoice(o);
    const sent = await until(o, id, (t) => t.state !== "waiting");
    expect(sent).toMatchObject({
      state: "submitted",
      submission: { syntax: "CII", fileName: `${number}.xml` },
    });
    const [flow] = fake.flows().filter((f) => f.account === o.orgId);
    expect(flow).toMatchObject({ flowSyntax: "CII", trackingId: number });
  });

  it("holds the sending while the platform is down, then drains the backlog in order, nothing doubled", async () => {
    const o = await connected("Panne");
    fake.faults.down = true;
    const invoices = [await invoice(o), await invoice(o), await invoice(o)];
    await harness.ctx.runner.drain();
    for (const { id } of invoices) expect((await transmission(o, id)).state).toBe("waiting");
    expect(fake.submissions.filter((s) => s.account === o.orgId)).toEqual([]);
    fake.faults.down = false;
    for (const { id } of invoices)
      expect((await until(o, id, (t) => t.state === "submitted")).state).toBe("submitted");
    expect(fake.submissions.filter((s) => s.account === o.orgId).map((s) => s.trackingId)).toEqual(
      invoices.map((i) => i.number),
    );
  });

  it("shows an acknowledgement in error with the platform's reasons", async () => {
    const o = await connected("Rejet");
    fake.faults.ackError = "InvalidSchema";
    const { id } = await invoice(o);
    await until(o, id, (t) => t.state === "submitted");
    fake.settle();
    fake.faults.ackError = null;
    await syncOrganisation(harness.ctx, o.orgId);
    expect(await transmission(o, id)).toMatchObject({
      state: "rejected",
      acknowledgement: {
        status: "Error",
        details: [{ level: "Error", reasonCode: "InvalidSchema", reasonMessage: "refused: InvalidSchema" }],
      },
    });
  });

  it("a duplicate the platform refuses at once (AlreadyExistingFlow): the flow already there is taken, nothing sent twice", async () => {
    fake.directory.add("732829320");
    const o = await connected("Doublon");
    // Another server submitted the same invoice between this one's search and its submission.
    racing.add(o.orgId);
    fake.faults.refuseDuplicates = true;
    try {
      const { id, number } = await invoice(o);
      const sent = await until(o, id, (t) => t.state !== "waiting");
      const mine = fake.submissions.filter((s) => s.account === o.orgId);
      expect(mine.map((s) => s.trackingId)).toEqual([number]);
      expect(sent).toMatchObject({
        state: "submitted",
        submission: { flowId: mine[0]?.flowId, trackingId: number },
      });
    } finally {
      fake.faults.refuseDuplicates = false;
    }
  });

  it("a duplicate the platform accepts, then acknowledges AlreadyExistingFlow: the original carries the invoice, acknowledged Ok with its statuses", async () => {
    fake.directory.add("732829320");
    const o = await connected("Tardif");
    racing.add(o.orgId);
    const { id, number } = await invoice(o);
    const sent = await until(o, id, (t) => t.state !== "waiting");
    const [original, duplicate] = fake.submissions.filter((s) => s.account === o.orgId);
    // This server's flow is the second: the platform refuses it as a duplicate of the other server's.
    expect(sent).toMatchObject({ state: "submitted", submission: { flowId: duplicate?.flowId } });
    expect(original?.trackingId).toBe(number);
    fake.settle();
    fake.sendStatus(o.orgId, number, 200);
    // The original's Ok comes first (another flow's, then), the duplicate's refusal after it: the
    // transmission moves to the original, whose acknowledgement is recorded with it.
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ statuses: 1, partial: false });
    fake.sendStatus(o.orgId, number, 205);
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ statuses: 1, partial: false });
    const shown = await transmission(o, id);
    expect(shown).toMatchObject({
      state: "acknowledged",
      submission: { flowId: original?.flowId, trackingId: number, sha256: original?.sha256 },
      acknowledgement: { flowId: original?.flowId, status: "Ok", details: [] },
      statuses: [{ code: 200 }, { code: 205 }],
      replaced: { from: duplicate?.flowId, to: original?.flowId },
    });
    // Everything again (a sync from the start, a second server): nothing more recorded.
    const before = await harness.ctx.store.readStream(o.orgId, `doc-${id}`);
    const again = await replaceDuplicateFlow(
      harness.ctx,
      o.orgId,
      fake.platforms.connect({ clientId: o.orgId } as never),
      fake.flows().find((f) => f.flowId === duplicate?.flowId) as never,
      true,
    );
    expect(again).toBe("passed");
    expect(await harness.ctx.store.readStream(o.orgId, `doc-${id}`)).toHaveLength(before.length);
    // Replayed from its stream alone, the document shows the same transmission.
    const replayed = (before as unknown as DocumentEvent[]).reduce(
      documentDecider.evolve,
      documentDecider.initialState(),
    );
    expect(isLive(replayed) && transmissionAnswer(replayed, true)).toEqual({
      ...shown,
      internalCreditNote: { offered: false, creditNote: null },
    });
    const history = await o.ok("GET", `/docs/histories?docId=${id}`);
    expect(
      history.events.find((e: { type: string }) => e.type === "DocumentTransmissionFlowReplaced"),
    ).toMatchObject({ transmission: { flowId: original?.flowId, reason: duplicate?.flowId } });
  });

  it("a duplicate refused while the original is still Pending: the original carries the invoice, its Ok recorded when it comes", async () => {
    fake.directory.add("732829320");
    const o = await connected("Enattente");
    racing.add(o.orgId);
    const { id, number } = await invoice(o);
    await until(o, id, (t) => t.state !== "waiting");
    const [original, duplicate] = fake.submissions.filter((s) => s.account === o.orgId);
    fake.settle([duplicate?.flowId ?? ""]);
    await syncOrganisation(harness.ctx, o.orgId);
    expect(await transmission(o, id)).toMatchObject({
      state: "submitted",
      submission: { flowId: original?.flowId, trackingId: number },
      acknowledgement: null,
      replaced: { from: duplicate?.flowId, to: original?.flowId },
    });
    fake.settle();
    expect(await syncOrganisation(harness.ctx, o.orgId)).toMatchObject({ acknowledgements: 1 });
    expect(await transmission(o, id)).toMatchObject({
      state: "acknowledged",
      acknowledgement: { flowId: original?.flowId, status: "Ok" },
    });
  });

  it("does not send to a consumer, nor to a customer abroad, nor anything for an organisation not connected", async () => {
    const o = await connected("Horsperimetre");
    const person = await o.ok("POST", "/contacts", {
      kind: "person",
      firstName: "Jeanne",
      lastName: "Martin",
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "2 rue Neuve", postalCode: "33000", city: "Bordeaux" }],
    });
    const abroad = await o.ok("POST", "/contacts", {
      kind: "company",
      name: "Acme Inc",
      types: ["customer"],
      addresses: [
        { kind: "billing", line1: "1 Main Street", postalCode: "10001", city: "New York", country: "US" },
      ],
    });
    const b2c = await invoice(o, person.id);
    const foreign = await invoice(o, abroad.id);
    expect(await until(o, b2c.id, (t) => t.state !== "waiting")).toMatchObject({
      state: "notSent",
      notSent: { reason: "b2c" },
    });
    expect(await until(o, foreign.id, (t) => t.state !== "waiting")).toMatchObject({
      state: "notSent",
      notSent: { reason: "international" },
    });
    expect(fake.submissions.filter((s) => s.account === o.orgId)).toEqual([]);

    const alone = await documentsOrganisation(call, register, "Seul");
    const { id } = await invoice(alone as Org);
    await harness.ctx.runner.drain();
    expect(await transmission(alone as Org, id)).toMatchObject({ state: "notConnected", connected: false });
  });

  it("syncs on a signed webhook, and refuses a bad signature, a stale one and another organisation's flow", async () => {
    fake.directory.add("732829320");
    const o = await connected("Webhook");
    const other = await connected("Voisin");
    const { id, number } = await invoice(o);
    await until(o, id, (t) => t.state === "submitted");
    fake.settle();
    const [flow] = fake.flows().filter((f) => f.account === o.orgId && f.trackingId === number);
    const post = (orgId: string, body: string, timestamp: string, signature: string) =>
      harness.app.request(`/api/einvoicing/webhook/${orgId}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-timestamp": timestamp,
          "x-webhook-signature": signature,
        },
        body,
      });
    const body = JSON.stringify({ flowInfo: { flowId: flow?.flowId, updatedAt: flow?.updatedAt } });
    const now = String(Math.floor(Date.now() / 1000));
    const bad = await post(o.orgId, body, now, webhookSignature("not the secret", now, body));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: "einvoicing.webhookUnverified" });
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await post(o.orgId, body, old, webhookSignature(WEBHOOK_SECRET, old, body));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: "einvoicing.webhookStale" });
    // Signed with the other organisation's (same) secret, but the flow is not the other's.
    const elsewhere = await post(other.orgId, body, now, webhookSignature(WEBHOOK_SECRET, now, body));
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: "einvoicing.webhookOtherOrganisation" });
    expect((await transmission(o, id)).state).toBe("submitted");

    const good = await post(o.orgId, body, now, webhookSignature(WEBHOOK_SECRET, now, body));
    expect(good.status).toBe(202);
    expect(await good.json()).toEqual({ synced: true });
    expect((await transmission(o, id)).state).toBe("acknowledged");
  });
});

describe.each(databaseKinds)("e-invoicing: a crash between the submission and its record on %s", (kind) => {
  const fake = fakePlatform();
  fake.directory.add("732829320");
  let crashes = 0;
  const { harness, call, register } = apiHarness(
    kind,
    {},
    {
      // The submission's record fails once, as a server dying right after the platform took the file.
      reactors: (ctx) => {
        const deps = sendingDependencies(ctx);
        return [
          sendingReactor({
            ...deps,
            commands: {
              issue: async (command) => {
                if (command.type === "RecordTransmissionSubmitted" && crashes++ === 0)
                  throw new Error("the server stopped before recording the submission");
                return deps.commands.issue(command);
              },
            },
          }),
        ];
      },
      einvoicing: fake.platforms,
      reactorRetryMs: { first: 100, max: 400 },
    },
  );

  it("finds the flow at the platform when given the validation again, records it, and sends nothing twice", async () => {
    const o = await documentsOrganisation(call, register, "Crash");
    await connectToFakePlatform(harness.ctx, o.orgId, o.orgId);
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
    });
    const { number } = await o.ok("PUT", `/docs/${created.id}/status/validated`);
    const deadline = Date.now() + 10_000;
    let shown = await o.ok("GET", `/docs/${created.id}/transmission`);
    while (shown.state !== "submitted" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await o.ok("GET", `/docs/${created.id}/transmission`);
    }
    expect(crashes).toBe(2);
    const flows = fake.flows().filter((f) => f.account === o.orgId);
    expect(flows.map((f) => f.trackingId)).toEqual([number]);
    expect(fake.submissions.filter((s) => s.account === o.orgId)).toHaveLength(1);
    expect(shown).toMatchObject({
      state: "submitted",
      submission: { flowId: flows[0]?.flowId, trackingId: number },
    });
  });
});
