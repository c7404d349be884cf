import { describe, expect, it } from "vitest";
import { passwordRenewalMessage } from "./messages.ts";

const link = "https://registre.example.fr/password/renew?token=Zm9v_YmFy-42&lang=fr";

describe("passwordRenewalMessage", () => {
  it.each(["fr", "en"] as const)("puts the link in the %s text and HTML", (locale) => {
    const message = passwordRenewalMessage(locale, { name: "Jeanne Dupont", link, expiresInMinutes: 60 });
    expect(message.text).toContain(link);
    // In HTML the "&" of the query string is escaped; a browser reads it back as the same link.
    const htmlLink = link.replace("&", "&amp;");
    expect(message.html).toContain(`href="${htmlLink}"`);
    expect(message.html).toContain(`>${htmlLink}</p>`);
    expect(message.html).toContain(`<html lang="${locale}">`);
    expect(message.text).toContain("Jeanne Dupont");
    expect(message.text).toContain("60");
  });

  it("speaks French", () => {
    const message = passwordRenewalMessage("fr", { name: "Jeanne", link, expiresInMinutes: 30 });
    expect(message.subject).toBe("Réinitialisez votre mot de passe Registre");
    expect(message.text).toContain("Bonjour Jeanne,");
    expect(message.text).toContain("Ce lien est valable 30 minutes");
    expect(message.html).toContain("Choisir un nouveau mot de passe</a>");
    expect(message.html).toContain("L’équipe Registre");
  });

  it("speaks English", () => {
    const message = passwordRenewalMessage("en", { name: "Jeanne", link, expiresInMinutes: 1 });
    expect(message.subject).toBe("Reset your Registre password");
    expect(message.text).toContain("Hello Jeanne,");
    expect(message.text).toContain("valid for 1 minute and");
    expect(message.html).toContain("Choose a new password</a>");
  });

  it("greets without a name", () => {
    expect(passwordRenewalMessage("fr", { name: " ", link, expiresInMinutes: 60 }).text).toMatch(
      /^Bonjour,\n/,
    );
    expect(passwordRenewalMessage("en", { name: "", link, expiresInMinutes: 60 }).text).toMatch(/^Hello,\n/);
  });

  it("escapes the name and the link in HTML", () => {
    const message = passwordRenewalMessage("en", {
      name: '<script>alert("x")</script>',
      link: 'https://registre.example.fr/renew?t=1"><img src=x>',
      expiresInMinutes: 60,
    });
    expect(message.html).not.toContain("<script>");
    expect(message.html).not.toContain("<img");
    expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(message.html).toContain('href="https://registre.example.fr/renew?t=1&quot;&gt;&lt;img src=x&gt;"');
  });
});
