import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { publicHelpLimit } from "./mail-help.ts";

describe.each(databaseKinds)("the help and contact forms (/mail/help) on %s", (kind) => {
  const help = `aide.${kind}@registre.example.fr`;
  const { harness, send, organisation, mailsTo } = apiHarness(kind, { helpEmail: help });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    harness.app.request(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en", ...headers },
      body: JSON.stringify(body),
    });

  it("mails a signed-in user's message to the platform's address, answers to the user", async () => {
    const o = await organisation("Aide");
    const sent = await send("POST", "/mail/help/send", o.token, {
      subject: "Question TVA",
      message: "Bonjour,\nUne question.",
    });
    expect(sent).toMatchObject({ status: 200, body: { detail: "E-mail envoyé." } });
    const [mail] = mailsTo(help);
    expect(mail?.headers.get("subject")).toBe("[Aide] Question TVA");
    expect(mail?.headers.get("reply-to")).toMatch(/^aide\.\d+\.\w+@exemple\.fr$/);
    expect(mail?.text).toContain("Une question.");
    expect(mail?.text).toContain("Atelier Aide");
  });

  it("refuses an empty message, naming the field", async () => {
    const o = await organisation("Vide");
    const refused = await send("POST", "/mail/help/send", o.token, { subject: "x", message: "  " });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: "validation.required", params: { field: "message" } },
    });
  });

  it("mails the public form, refusing a wrong address, and limits one address to 5 messages an hour", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const wrong = await post(
      "/mail/help/public/send",
      { name: "Jo", email: "jo@", subject: "s", message: "m" },
      headers,
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ code: "validation.invalidEmail", detail: "Invalid email." });
    const body = { name: "Jo Martin", email: "jo@example.fr", subject: "Tarifs", message: "Combien ?" };
    for (let i = 0; i < publicHelpLimit.max; i++) {
      const ok = await post("/mail/help/public/send", body, headers);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ detail: "Email sent successfully." });
    }
    const limited = await post("/mail/help/public/send", body, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mailsTo(help).filter((m) => m.headers.get("reply-to") === "jo@example.fr")).toHaveLength(
      publicHelpLimit.max,
    );
  });
});
