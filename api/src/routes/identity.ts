import { hash, verify } from "@node-rs/argon2";
import { normaliseEmail, validateEmail } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { credentialsOf, userAccount } from "../identity/queries.ts";
import { findSession, openSession, revokeSession } from "../identity/sessions.ts";
import { admitSignIn, requestAddress, tooManyAttempts } from "../identity/sign-in.ts";
import { registerUser, sessionUser, userOrganisations } from "../identity/users.ts";
import { createOrganisation } from "../organisations.ts";
import { answer, body } from "../schemas/common.ts";
import {
  ChangeOrganisationInput,
  LoginInput,
  LoginResult,
  RegisterInput,
  TokenAndUser,
  UserAccount,
  UserOrganisationList,
} from "../schemas/identity.ts";
import { CreateOrganisation } from "../schemas/organisations.ts";

/** A dummy hash verified when the address is unknown, so timing does not tell which addresses exist. */
let dummyHash: Promise<string> | undefined;

/**
 * Session and account: register, login, organisation choice, logout (spec section 7). The spec names
 * these at the root (`/register`, `/login`, `/user/orgs`, `/logout`, `/account`): mounted at /.
 */
export const identityRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const now = () => ctx.clock();
  const signedIn = async (userId: string, orgId: string | null) => ({
    token: await openSession(ctx.database, userId, orgId, now()),
    user: await sessionUser(ctx, userId, orgId),
  });

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/register",
      operationId: "register",
      tags: ["Session"],
      request: body(RegisterInput),
      responses: { 201: answer(TokenAndUser, "Registered and signed in"), ...problemResponses(409, 422) },
    }),
    async (c) => {
      const userId = await registerUser(ctx, c.req.valid("json"), commandMetadata(c, ctx));
      return c.json(await signedIn(userId, null), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/login",
      operationId: "login",
      tags: ["Session"],
      request: body(LoginInput),
      responses: {
        200: answer(LoginResult, "Signed in, or the organisations to choose from"),
        ...problemResponses(401, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const email = normaliseEmail(input.email);
      // Not an address (a NUL, a control character…): no account has it, and it never reaches SQL.
      const credentials = validateEmail(email) ? undefined : await credentialsOf(ctx, email);
      const attempt = await admitSignIn(
        ctx,
        {
          email,
          address: requestAddress(ctx, c),
          userId: credentials?.user_id ?? null,
          device: input.device,
        },
        now(),
      );
      if (!attempt.allowed) throw tooManyAttempts(c, attempt.retryAfterMs);
      dummyHash ??= hash("registre-dummy-password-0");
      const valid = await verify(credentials?.password_hash ?? (await dummyHash), input.password);
      if (!credentials || !valid) throw new ProblemError(401, "identity.badCredentials");
      const device = await attempt.succeeded();
      const orgs = await userOrganisations(ctx, credentials.user_id);
      if (orgs.length >= 2) {
        const ticket = await openSession(ctx.database, credentials.user_id, null, now(), "ticket");
        return c.json({ orgs: orgs.map(({ id, name }) => ({ id, name })), ticket, device }, 200);
      }
      return c.json({ ...(await signedIn(credentials.user_id, orgs[0]?.id ?? null)), device }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/user/orgs/change",
      operationId: "changeOrganisation",
      tags: ["Session"],
      request: body(ChangeOrganisationInput),
      responses: {
        200: answer(TokenAndUser, "Signed in to that organisation"),
        ...problemResponses(401, 404),
      },
    }),
    async (c) => {
      const { orgId, ticket } = c.req.valid("json");
      const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const session = ticket
        ? await findSession(ctx.database, ticket, now(), "ticket")
        : bearer
          ? await findSession(ctx.database, bearer, now())
          : null;
      if (!session) throw new ProblemError(401, "identity.unauthenticated");
      const orgs = await userOrganisations(ctx, session.userId);
      if (!orgs.some((o) => o.id === orgId)) throw new ProblemError(404, "organisation.notFound");
      if (!ticket) await revokeSession(ctx.database, session.tokenHash, now());
      return c.json(await signedIn(session.userId, orgId), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/user/orgs",
      operationId: "listUserOrganisations",
      tags: ["Session"],
      responses: {
        200: answer(UserOrganisationList, "The organisations the user belongs to"),
        ...problemResponses(401),
      },
    }),
    async (c) => c.json({ items: await userOrganisations(ctx, c.get("session").userId) }, 200),
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/user/orgs",
      operationId: "createUserOrganisation",
      tags: ["Session"],
      request: body(CreateOrganisation),
      responses: {
        201: answer(TokenAndUser, "Created; the session moves to it"),
        ...problemResponses(401, 422),
      },
    }),
    async (c) => {
      const session = c.get("session");
      const orgId = await createOrganisation(
        ctx,
        c.req.valid("json"),
        commandMetadata(c, ctx),
        session.userId,
      );
      await revokeSession(ctx.database, session.tokenHash, now());
      return c.json(await signedIn(session.userId, orgId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/logout",
      operationId: "logout",
      tags: ["Session"],
      responses: { 204: { description: "Signed out; the token no longer works" }, ...problemResponses(401) },
    }),
    async (c) => {
      await revokeSession(ctx.database, c.get("session").tokenHash, now());
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/account",
      operationId: "getUserAccount",
      tags: ["Account"],
      responses: {
        200: answer(UserAccount, "The signed-in user's account"),
        ...problemResponses(401),
      },
    }),
    async (c) => c.json(await userAccount(ctx, c.get("session").userId), 200),
  );

  return app;
};
