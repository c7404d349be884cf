import { DomainError, normaliseEmail, validateEmail } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC, SESSION } from "../http/access.ts";
import { addressSubject } from "../http/client-address.ts";
import { translate } from "../http/messages.ts";
import { resourceApp } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import type { LimitRule } from "../http/rate-limit.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { helpSender } from "../identity/queries.ts";
import { requestAddress, tooManyAttempts } from "../identity/sign-in.ts";
import { MailError } from "../mail/mailer.ts";
import { answer, body, errors } from "../schemas/common.ts";
import { HelpMessageInput, HelpMessageSent, PublicHelpMessageInput } from "../schemas/emails.ts";

const tags = ["Help"];

/** The public form: 5 messages an hour from one address, then an hour's wait. */
export const publicHelpLimit: LimitRule = {
  name: "help-public-address",
  max: 5,
  windowMs: 3_600_000,
  lockMs: 3_600_000,
};

const required = (value: string, field: string, max: number): string => {
  const clean = value.replace(/\r\n?/g, "\n").trim();
  if (!clean) throw new DomainError("validation.required", { field });
  if (clean.length > max) throw new DomainError("validation.tooLong", { field, max });
  return clean;
};

/**
 * The help and contact forms (`POST /mail/help/send` signed in, `POST /mail/help/public/send` from the
 * public pages): the message goes to the platform's address (HELP_EMAIL), answers to the sender. The
 * public one is limited per client address (429 with `Retry-After`). A mail server refusing: 424
 * `mail.documentNotSent` with its reason.
 */
export const mailHelpRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  const deliver = async (
    c: Context,
    from: { name: string; email: string; org?: string | undefined },
    input: { subject: string; message: string },
    channel: "app" | "public",
  ) => {
    const subject = required(input.subject.replace(/\s+/g, " "), "subject", 200);
    const message = required(input.message, "message", 10_000);
    const to = ctx.identity.helpAddress;
    if (!to) throw new ProblemError(409, "mail.helpNotConfigured");
    const text = [
      message,
      "",
      "—",
      `${from.name} <${from.email}>${from.org ? ` — ${from.org}` : ""}`,
      channel === "public" ? "Formulaire de contact public" : "Formulaire d’aide (connecté)",
      "",
    ].join("\n");
    try {
      await ctx.identity.mailer.send({ to, replyTo: from.email, subject: `[Aide] ${subject}`, text });
    } catch (error) {
      if (!(error instanceof MailError)) throw error;
      const cause = error.cause as { response?: string; message?: string } | undefined;
      throw new ProblemError(424, "mail.documentNotSent", {
        reason: (cause?.response ?? cause?.message ?? "").replace(/\s+/g, " ").slice(0, 300),
      });
    }
    return { detail: translate("mail.sent", localeOf(c)) };
  };

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/send",
      operationId: "sendHelpMessage",
      tags,
      request: body(HelpMessageInput),
      responses: { 200: answer(HelpMessageSent, "Sent"), ...errors, ...problemResponses(424) },
    }),
    async (c) => {
      const session = (c as unknown as Context<AuthEnv>).get("session");
      const sender = await helpSender(ctx, session.userId, session.orgId);
      if (!sender) throw new DomainError("user.notFound", {}, 404);
      return c.json(await deliver(c, sender, c.req.valid("json"), "app"), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/public/send",
      operationId: "sendPublicHelpMessage",
      tags,
      request: body(PublicHelpMessageInput),
      responses: {
        200: answer(HelpMessageSent, "Sent"),
        ...problemResponses(409, 422, 424, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const email = normaliseEmail(input.email);
      if (validateEmail(email)) throw new DomainError("validation.invalidEmail", { field: "email" });
      const name = required(input.name.replace(/\s+/g, " "), "name", 200);
      const limit = await ctx.identity.limits.hit(
        publicHelpLimit,
        addressSubject(requestAddress(ctx, c)),
        ctx.clock(),
      );
      if (!limit.allowed) throw tooManyAttempts(c, limit.retryAfterMs);
      return c.json(await deliver(c, { name, email }, input, "public"), 200);
    },
  );

  return app;
};
