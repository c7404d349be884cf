import { describe, expect, it } from "vitest";
import { invitationMessage } from "./invitation-message.ts";

const params = {
  inviter: "Sophie Lefèvre",
  organisation: "Cabinet Lefèvre",
  profile: "accountant" as const,
  email: "hugo@cabinet.fr",
  registered: true,
  link: "https://registre.example.fr/public/invitation?token=abc_12-3&x=1",
  expiresInDays: 14,
};

describe("invitationMessage", () => {
  it("tells a registered address to sign in, an unknown one to create its account, in French", () => {
    const signIn = invitationMessage("fr", params);
    expect(signIn.subject).toBe("Invitation à rejoindre Cabinet Lefèvre sur Registre");
    expect(signIn.text).toContain(
      "Sophie Lefèvre vous invite à rejoindre l’organisation Cabinet Lefèvre sur Registre, avec le profil comptable.",
    );
    expect(signIn.text).toContain("connectez-vous avec l’adresse hugo@cabinet.fr");
    expect(signIn.text).toContain(params.link);
    expect(signIn.text).toContain("valable 14 jours");
    const register = invitationMessage("fr", { ...params, registered: false });
    expect(register.text).toContain("créez votre compte Registre avec l’adresse hugo@cabinet.fr");
    expect(register.subject).toBe(signIn.subject);
  });

  it("speaks English", () => {
    const message = invitationMessage("en", { ...params, profile: "owner", registered: false });
    expect(message.subject).toBe("Invitation to join Cabinet Lefèvre on Registre");
    expect(message.text).toContain("as owner.");
    expect(message.text).toContain("create your Registre account with the address hugo@cabinet.fr");
    expect(message.html).toContain('<html lang="en">');
  });

  it("escapes what users typed, and the link, in HTML", () => {
    const message = invitationMessage("fr", {
      ...params,
      inviter: "<b>Mallory</b>",
      organisation: '"Evil" <script>',
    });
    expect(message.html).not.toContain("<script>");
    expect(message.html).not.toContain("<b>");
    expect(message.html).toContain(`href="${params.link.replace("&", "&amp;")}"`);
  });
});
