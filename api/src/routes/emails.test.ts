import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("e-mail templates (/emails/templates) on %s", (kind) => {
  const { call, send, organisation, register, join } = apiHarness(kind);

  it("lists the built-in French and English templates, one default per use and language, with their variables", async () => {
    const o = await organisation("Modeles");
    const list = await call("GET", "/emails/templates", o.token);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(16);
    const notice = list.body.items.find((t: { id: string }) => t.id === "default-reminder3-fr");
    expect(notice).toMatchObject({
      use: "reminder3",
      language: "fr",
      isDefault: true,
      builtIn: true,
      name: "Mise en demeure",
    });
    expect(list.body.variables.invoice).toContain("number");
    expect(list.body.variables.invoice).not.toContain("penalty");
    expect(list.body.variables.reminder3).toContain("indemnity");
    const english = await call("GET", "/emails/templates?use=invoice&language=en", o.token);
    expect(english.body.items.map((t: { id: string }) => t.id)).toEqual(["default-invoice-en"]);
  });

  it("creates, reads, changes, makes default and deletes a template of its own", async () => {
    const o = await organisation("Crud");
    const input = {
      name: "Facture courte",
      use: "invoice",
      language: "fr",
      subject: "Votre facture {{number}}",
      body: "Bonjour,\n\nVoici la facture {{number}} ({{totalInclTax}}).\n\n{{organisationName}}",
    };
    const created = await send("POST", "/emails/templates", o.token, input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...input, isDefault: false, builtIn: false });
    const id = created.body.id;
    expect((await call("GET", `/emails/templates/${id}`, o.token)).body.name).toBe("Facture courte");
    const changed = await send("PUT", `/emails/templates/${id}`, o.token, { ...input, isDefault: true });
    expect(changed.body.isDefault).toBe(true);
    expect((await call("GET", "/emails/templates/default-invoice-fr", o.token)).body.isDefault).toBe(false);
    expect((await send("DELETE", `/emails/templates/${id}`, o.token)).status).toBe(204);
    expect((await call("GET", `/emails/templates/${id}`, o.token)).status).toBe(404);
    expect((await call("GET", "/emails/templates/default-invoice-fr", o.token)).body.isDefault).toBe(true);
  });

  it("refuses an unknown variable at save time, naming it and the field, in French and English", async () => {
    const o = await organisation("Inconnue");
    const body = {
      name: "X",
      use: "quote",
      language: "fr",
      subject: "Devis {{number}}",
      body: "Bonjour {{prenom}}",
    };
    const fr = await send("POST", "/emails/templates", o.token, body);
    expect(fr.status).toBe(422);
    expect(fr.body).toMatchObject({
      code: "emailTemplate.unknownVariable",
      params: { field: "body", variable: "prenom" },
      detail: "Variable inconnue dans le champ Texte\u00a0: {{prenom}}.",
      errors: [{ path: "body" }],
    });
    const en = await send(
      "PUT",
      "/emails/templates/default-quote-fr",
      o.token,
      { ...body, body: "ok", subject: "{{penalty}}" },
      { lang: "en" },
    );
    expect(en.status).toBe(422);
    expect(en.body.detail).toBe("Unknown variable in the field Subject: {{penalty}}.");
    expect((await call("GET", "/emails/templates/default-quote-fr", o.token)).body.subject).toBe(
      "Devis {{number}} — {{organisationName}}",
    );
  });

  it("keeps the built-in templates: changed, never deleted", async () => {
    const o = await organisation("Fournis");
    const builtIn = (await call("GET", "/emails/templates/default-order-en", o.token)).body;
    const changed = await send("PUT", "/emails/templates/default-order-en", o.token, {
      ...builtIn,
      subject: "Your order {{number}}",
    });
    expect(changed.body).toMatchObject({ subject: "Your order {{number}}", builtIn: true, isDefault: true });
    const deleted = await send("DELETE", "/emails/templates/default-order-en", o.token);
    expect(deleted).toMatchObject({ status: 409, body: { code: "emailTemplate.builtIn" } });
  });

  it("previews a template as typed with sample values, refusing an unknown variable", async () => {
    const o = await organisation("Apercu");
    const preview = await send("POST", "/emails/templates/preview", o.token, {
      use: "reminder3",
      language: "fr",
      subject: "Mise en demeure {{number}}",
      body: "Total : {{totalClaimed}} dont {{indemnity}} — {{organisationName}}",
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      subject: "Mise en demeure FA2026-00042",
      body: "Total : 1\u202f252,38\u00a0€ dont 40,00\u00a0€ — Atelier Apercu",
    });
    const bad = await send("POST", "/emails/templates/preview", o.token, {
      use: "invoice",
      language: "en",
      subject: "{{number",
      body: "x",
    });
    expect(bad).toMatchObject({ status: 422, body: { code: "emailTemplate.unclosedVariable" } });
  });

  it("needs the email templates right to change them", async () => {
    const o = await organisation("Droits");
    const accountant = await register("Comptable");
    await join(o.token, accountant, "accountant");
    const token = (await call("POST", "/user/orgs/change", accountant.token, { orgId: o.orgId })).body
      .token as string;
    expect((await call("GET", "/emails/templates", token)).status).toBe(200);
    const refused = await send("POST", "/emails/templates", token, {
      name: "X",
      use: "quote",
      language: "fr",
      subject: "x",
      body: "x",
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: "identity.forbidden", params: { code: "emailtemplates" } },
    });
  });
});
