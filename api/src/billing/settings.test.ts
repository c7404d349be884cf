import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from "../http/security-headers.ts";
import { billingSettingsFrom, cardFormOf, cardFormSources } from "./settings.ts";

describe("billing's settings and the card form", () => {
  it("is off without STRIPE_SECRET_KEY: no card form, the policy unchanged", () => {
    const off = billingSettingsFrom({ STRIPE_PUBLISHABLE_KEY: "pk_live_x" });
    expect(off).toBeUndefined();
    expect(cardFormOf(off)).toBeNull();
    expect(contentSecurityPolicy(cardFormSources(off))).toBe(CONTENT_SECURITY_POLICY);
  });

  it("shows Stripe's element with the publishable key, its origins allowed by the policy", () => {
    const live = billingSettingsFrom({
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_PUBLISHABLE_KEY: " pk_live_2 ",
    });
    expect(cardFormOf(live)).toEqual({ kind: "stripe", publishableKey: "pk_live_2" });
    const policy = contentSecurityPolicy(cardFormSources(live));
    expect(policy).toContain("script-src 'self' https://js.stripe.com;");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
    // Without its publishable key, no card can be entered: no form rather than a broken one.
    expect(cardFormOf(billingSettingsFrom({ STRIPE_SECRET_KEY: "sk_live_1" }))).toBeNull();
  });

  it("shows the test-mode form against a fake Stripe, never with a live key", () => {
    const fake = billingSettingsFrom({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_API_URL: "http://127.0.0.1:4010/",
    });
    expect(cardFormOf(fake)).toEqual({ kind: "test", apiUrl: "http://127.0.0.1:4010/" });
    const policy = contentSecurityPolicy(cardFormSources(fake));
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4010;");
    expect(policy).not.toContain("stripe.com");
    expect(
      cardFormOf(
        billingSettingsFrom({ STRIPE_SECRET_KEY: "sk_live_1", STRIPE_API_URL: "http://127.0.0.1:4010" }),
      ),
    ).toBeNull();
  });
});
