import type { LimitRule } from "../http/rate-limit.ts";

const MINUTE = 60_000;

/** The limits of the identity routes (docs/architecture.md, "Sign-in limits"). */
export type IdentityRules = {
  /** Sign-in attempts on one account from browsers not known for it. */
  readonly loginAccount: LimitRule;
  /** Failed sign-ins from one client address (IPv6: its /64) by browsers not known for the account. */
  readonly loginAddress: LimitRule;
  /** Sign-in attempts with one device token: a stolen token does not buy unlimited guesses. */
  readonly loginDevice: LimitRule;
  /** Renewal e-mails asked for one address. */
  readonly renewAccount: LimitRule;
  /** Renewal e-mails asked from one client address: not a relay to mail strangers. */
  readonly renewAddress: LimitRule;
  /** Invitations sent by one organisation: not a relay to mail strangers either. */
  readonly invitations: LimitRule;
  /** Shared-document pages and PDFs opened from one client address (`/share/docs`). */
  readonly shareAddress: LimitRule;
};

export const defaultIdentityRules: IdentityRules = {
  loginAccount: { name: "login-account", max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  loginAddress: { name: "login-address", max: 100, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  loginDevice: { name: "login-device", max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  renewAccount: { name: "renew-account", max: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  renewAddress: { name: "renew-address", max: 30, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  invitations: { name: "invitations", max: 50, windowMs: 24 * 60 * MINUTE, lockMs: 60 * MINUTE },
  shareAddress: { name: "share-address", max: 120, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
};
