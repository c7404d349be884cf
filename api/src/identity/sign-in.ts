import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import { addressSubject, clientAddress, socketAddressOf } from "../http/client-address.ts";
import { ProblemError } from "../http/problem.ts";
import { retryAfterSeconds } from "../http/rate-limit.ts";
import { knownDevice, rememberDevice } from "./devices.ts";

/** The client's address as `TRUST_PROXY` allows it to be read. */
export const requestAddress = (ctx: AppContext, c: Context): string =>
  clientAddress(ctx.identity.trustProxy, socketAddressOf(c), c.req.header("x-forwarded-for"));

/**
 * The 429 of a limit: problem+json `identity.tooManyAttempts` with `Retry-After` in seconds. The
 * header is set on the context, which the error handler's answer keeps.
 */
export const tooManyAttempts = (c: Context, retryAfterMs: number): ProblemError => {
  const seconds = retryAfterSeconds(retryAfterMs);
  c.header("Retry-After", String(seconds));
  return new ProblemError(429, "identity.tooManyAttempts", { minutes: Math.ceil(seconds / 60) });
};

export type SignInAttempt =
  | { readonly allowed: false; readonly retryAfterMs: number }
  | {
      readonly allowed: true;
      /** After the right password: clears the counters it should and answers the device token to keep. */
      readonly succeeded: () => Promise<string>;
    };

/**
 * Admits (or refuses) one sign-in attempt, before the password is checked: OWASP's device-cookie
 * scheme with an address limit for strangers.
 *
 * - A browser known for the account (a live device token issued to it by an earlier sign-in) counts
 *   against its own token only: neither the account's lock nor its address's lock refuses it.
 * - Any other attempt counts against the client address and the account; either being locked
 *   refuses it, with the time left.
 * - A right password resets the account's counter (or the device's), and gives the address back its
 *   attempt: an address's counter only keeps failures, so an office signing in all day is never
 *   locked by its own successes.
 */
export const admitSignIn = async (
  ctx: AppContext,
  input: { email: string; address: string; userId: string | null; device: string | undefined },
  now: Date,
): Promise<SignInAttempt> => {
  const { limits, rules } = ctx.identity;
  const { userId, device } = input;
  const deviceHash = device && userId ? await knownDevice(ctx.database, device, userId, now) : null;
  if (device && userId && deviceHash) {
    const subject = deviceHash.toString("hex");
    const byDevice = await limits.hit(rules.loginDevice, subject, now);
    // A locked device token is a stranger again, under the limits below.
    if (byDevice.allowed)
      return {
        allowed: true,
        succeeded: async () => {
          await limits.reset(rules.loginDevice, subject);
          return rememberDevice(ctx.database, userId, now, { token: device, hash: deviceHash });
        },
      };
  }
  const address = addressSubject(input.address);
  const byAddress = await limits.hit(rules.loginAddress, address, now);
  if (!byAddress.allowed) return { allowed: false, retryAfterMs: byAddress.retryAfterMs };
  const byAccount = await limits.hit(rules.loginAccount, input.email, now);
  if (!byAccount.allowed) {
    await limits.refund(rules.loginAddress, address);
    return { allowed: false, retryAfterMs: byAccount.retryAfterMs };
  }
  return {
    allowed: true,
    succeeded: async () => {
      await limits.reset(rules.loginAccount, input.email);
      await limits.refund(rules.loginAddress, address);
      if (!userId) throw new Error("a sign-in succeeded without a user");
      return rememberDevice(ctx.database, userId, now);
    },
  };
};
