import { hash } from "@node-rs/argon2";
import { normaliseEmail, validateEmail, validatePassword } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";
import { addressSubject } from "../http/client-address.ts";
import { translate } from "../http/messages.ts";
import { resourceApp } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { ProblemSchema } from "../http/schemas.ts";
import { recordRenewal, renewalRecipient, renewPassword } from "../identity/queries.ts";
import { requestAddress, tooManyAttempts } from "../identity/sign-in.ts";
import { newToken } from "../identity/tokens.ts";
import { passwordRenewalMessage } from "../mail/messages.ts";
import { RenewalConfirmation, RenewalRequest, RenewalSent } from "../schemas/password.ts";

const RENEWAL_MINUTES = 60;

/**
 * Password renewal by e-mail link: single-use, expiring tokens kept hashed. The request answers the
 * same whatever the address, so accounts cannot be enumerated. Mounted at /password/renew.
 */
export const passwordRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/",
      operationId: "requestPasswordRenewal",
      tags: ["Session"],
      request: {
        body: {
          content: { "application/json": { schema: RenewalRequest } },
          required: true,
        },
      },
      responses: {
        202: {
          description: "Accepted, whether or not the address is known",
          content: { "application/json": { schema: RenewalSent } },
        },
        429: {
          description: "Too many requests",
          content: { "application/problem+json": { schema: ProblemSchema } },
        },
      },
    }),
    async (c) => {
      const email = normaliseEmail(c.req.valid("json").email);
      const locale = localeOf(c);
      const { limits, rules } = ctx.identity;
      const address = addressSubject(requestAddress(ctx, c));
      const byAddress = await limits.hit(rules.renewAddress, address, ctx.clock());
      if (!byAddress.allowed) throw tooManyAttempts(c, byAddress.retryAfterMs);
      const byAccount = await limits.hit(rules.renewAccount, email, ctx.clock());
      if (!byAccount.allowed) {
        await limits.refund(rules.renewAddress, address);
        throw tooManyAttempts(c, byAccount.retryAfterMs);
      }
      // Not an address: nobody to write to, and the same answer as for an unknown one.
      const user = validateEmail(email) ? undefined : await renewalRecipient(ctx, email);
      if (user) {
        const token = newToken();
        await recordRenewal(
          ctx,
          user.user_id,
          token,
          new Date(ctx.clock().getTime() + RENEWAL_MINUTES * 60_000),
        );
        const link = `${ctx.identity.publicUrl}/public/password/renew?token=${encodeURIComponent(token)}`;
        const message = passwordRenewalMessage(locale, {
          name: user.name,
          link,
          expiresInMinutes: RENEWAL_MINUTES,
        });
        await ctx.identity.mailer.send({ to: email, ...message });
      }
      return c.json({ detail: translate("identity.renewSent", locale) }, 202);
    },
  );

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/confirm",
      operationId: "confirmPasswordRenewal",
      tags: ["Session"],
      request: {
        body: {
          content: { "application/json": { schema: RenewalConfirmation } },
          required: true,
        },
      },
      responses: {
        204: { description: "Password saved; every session of the user is ended" },
        422: { description: "Invalid", content: { "application/problem+json": { schema: ProblemSchema } } },
      },
    }),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const invalid = validatePassword(password);
      if (invalid) throw new ProblemError(422, invalid);
      await renewPassword(ctx, token, await hash(password), ctx.clock());
      return c.body(null, 204);
    },
  );

  return app;
};
