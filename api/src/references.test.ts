import { parisDate } from "@registre/core";
import { START } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../tests/support/databases.ts";
import { registerUser } from "./identity/users.ts";
import { apiHarness } from "./testing/api-harness.ts";
import { documentsOrganisation } from "./testing/documents-setup.ts";
import { startSmtpServer } from "./testing/smtp-server.testing.ts";

const UUID = "0b7e4c9e-1d2f-4a8b-9c3d-5e6f7a8b9c0d";

/**
 * Issue 21, « malformed references refused »: the probe's 23 malformed ids that were taken — an
 * address id or a template id that is no id, a path's code or tier id with a trailing space read as
 * another record's, a negative amount filter — each answer 422 naming the field, change nothing, and
 * the record the id would have been trimmed into is untouched. On both databases.
 */
describe.each(databaseKinds)("malformed references on %s", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const env: { smtpUrl?: string } = {};
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const { harness, call, register } = apiHarness(kind, env);

  let o: Awaited<ReturnType<typeof documentsOrganisation>>;
  let admin: string;
  let invoiceId: string;
  const events = () => harness.ctx.store.countAfter(START);
  /** The answer is a 422 naming exactly these fields, and nothing was appended meanwhile. */
  const refused = async (sending: Promise<{ status: number; body: unknown }>, ...paths: string[]) => {
    const before = await events();
    const answer = await sending;
    expect(answer).toMatchObject({ status: 422, body: { code: "validation.invalid" } });
    const named = (answer.body as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(named.sort()).toEqual(paths.sort());
    expect(await events()).toBe(before);
  };

  beforeAll(async () => {
    o = await documentsOrganisation(call, register, "Refs");
    await o.ok("POST", `/contacts/${o.customerId}/emails`, { address: "compta@alpha.fr" });
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
    });
    invoiceId = created.id;
    await o.ok("PUT", `/docs/${invoiceId}/status/validated`);
    const email = `refs.admin.${kind}@registre.fr`;
    await registerUser(
      harness.ctx,
      { email, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    admin = (await call("POST", "/login", undefined, { email, password: "motdepasse1" })).body.token;
  });

  it("refuses a document's address ids that are not ids, in a creation and in an update", async () => {
    const draft = await o.ok("POST", "/docs", {
      kind: "quote",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: o.customerId,
    });
    for (const bad of ["not-a-uuid", `${UUID}x`, `${UUID} `, ""]) {
      await refused(
        call("PUT", `/docs/${draft.id}`, o.token, { billingAddressId: bad, deliveryAddressId: bad }),
        "billingAddressId",
        "deliveryAddressId",
      );
      await refused(
        call("POST", "/docs", o.token, {
          kind: "quote",
          direction: "sales",
          issueDate: parisDate(new Date()),
          contactId: o.customerId,
          deliveryAddressId: bad,
        }),
        "deliveryAddressId",
      );
    }
    // The contact's own address is taken; none (null) is the contact's default.
    const address = (await o.ok("GET", `/contacts/${o.customerId}/addresses`)).items[0].id;
    expect((await call("PUT", `/docs/${draft.id}`, o.token, { billingAddressId: address })).status).toBe(200);
    expect((await call("PUT", `/docs/${draft.id}`, o.token, { billingAddressId: null })).status).toBe(200);
  });

  it("refuses a document e-mail whose template id is not a template's, and sends nothing", async () => {
    const mail = (templateId: string) => ({
      to: ["compta@alpha.fr"],
      subject: "Facture",
      body: "Bonjour",
      language: "fr",
      templateId,
    });
    const sent = smtp.received.length;
    for (const bad of ["not-a-uuid", `${UUID}x`, "default-invoice-fr ", "default-invoice-de"])
      await refused(call("POST", `/docs/${invoiceId}/mail`, o.token, mail(bad)), "templateId");
    await refused(call("GET", `/docs/${invoiceId}/mail?templateId=not-a-uuid`, o.token), "templateId");
    // A well-formed id of no template of the organisation: not found, on its field, still nothing sent.
    const before = await events();
    expect(await call("POST", `/docs/${invoiceId}/mail`, o.token, mail(UUID))).toMatchObject({
      status: 404,
      body: { code: "emailTemplate.notFound", errors: [{ path: "templateId" }] },
    });
    expect(await events()).toBe(before);
    expect(smtp.received.length).toBe(sent);
    expect((await call("POST", `/docs/${invoiceId}/mail`, o.token, mail("default-invoice-fr"))).status).toBe(
      200,
    );
    expect(smtp.received.length).toBe(sent + 1);
  });

  it("takes a reference list's code exactly as sent: a trailing space or another case is refused, the entry untouched", async () => {
    for (const [list, code] of [
      ["units", "HUR"],
      ["countries", "FR"],
    ] as const) {
      const entry = (await call("GET", `/registre/${list}/${code}`, o.token)).body;
      for (const bad of [`${code}%20`, `%20${code}`, code.toLowerCase(), `${code}x`]) {
        await refused(call("GET", `/registre/${list}/${bad}`, o.token), "id");
        await refused(call("PUT", `/registre/${list}/${bad}`, admin, { label: "piraté" }), "id");
        await refused(call("DELETE", `/registre/${list}/${bad}`, admin), "id");
      }
      expect((await call("GET", `/registre/${list}/${code}`, o.token)).body).toEqual(entry);
    }
  });

  it("takes an item's price tier id exactly as sent: a trailing space or another writing of its quantity is refused", async () => {
    const tier = await o.ok("POST", "/items/prices", {
      itemId: o.itemId,
      side: "sale",
      fromQuantity: "5",
      unitPrice: "70",
    });
    expect(tier.id).toBe(`${o.itemId}:sale:5`);
    for (const bad of [`${tier.id} `, `${tier.id}.0`, ` ${tier.id}`, `${o.itemId}:sale:05`]) {
      const path = `/items/prices/${encodeURIComponent(bad)}`;
      await refused(call("GET", path, o.token), "id");
      await refused(call("PUT", path, o.token, { unitPrice: "1" }), "id");
      await refused(call("DELETE", path, o.token), "id");
    }
    for (const bad of [`${o.itemId}:ean `, `${o.itemId} :ean`])
      await refused(call("DELETE", `/items/metas/${encodeURIComponent(bad)}`, o.token), "id");
    expect((await o.ok("GET", `/items/prices/${encodeURIComponent(tier.id)}`)).unitPrice).toBe("70.00");
  });

  it("refuses a negative total filter on the documents' list, naming it", async () => {
    await refused(call("GET", "/docs?minTotal=-1", o.token), "minTotal");
    await refused(call("GET", "/docs?maxTotal=-100", o.token), "maxTotal");
    await refused(call("GET", "/docs?minTotal=-1&maxTotal=-1", o.token), "minTotal", "maxTotal");
    const bounded = await call("GET", "/docs?minTotal=0&maxTotal=100000000", o.token);
    expect(bounded.body.items.map((d: { id: string }) => d.id)).toContain(invoiceId);
  });
});
