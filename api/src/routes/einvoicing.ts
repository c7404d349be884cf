import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { connectionView, removeConnection, setConnection } from "../einvoicing/connection.ts";
import {
  connectedPlatform,
  lookupDirectory,
  platformProblem,
  testConnection,
} from "../einvoicing/directory.ts";
import { accessRoute, right } from "../http/access.ts";
import { withField } from "../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { isPlatformError } from "../ports/index.ts";
import { answer, body, errors } from "../schemas/common.ts";
import {
  ConnectionTestReport,
  DirectoryLookup,
  EInvoicingConnectionAnswer,
  EInvoicingConnectionInput,
  SirenParam,
} from "../schemas/einvoicing.ts";
import { registerEReportingRoutes } from "./einvoicing-ereporting.ts";

const tags = ["E-invoicing"];
type ConnectionAnswer = z.infer<typeof EInvoicingConnectionAnswer>;

/**
 * The organisation's connection to its approved e-invoicing platform (the screen
 * /org/settings/einvoicing), the « test the connection » call and a customer's directory look-up.
 * Mounted at /einvoicing; the rights are the organisation settings' (`organization`).
 */
export const einvoicingRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const webhookUrl = (orgId: string) =>
    `${ctx.identity.publicUrl.replace(/\/+$/, "")}/api/einvoicing/webhook/${orgId}`;
  const answerFor = async (orgId: string): Promise<ConnectionAnswer> => ({
    connection: await connectionView(ctx, orgId),
    webhookUrl: webhookUrl(orgId),
  });

  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/connection",
      operationId: "getEInvoicingConnection",
      tags,
      responses: {
        200: answer(EInvoicingConnectionAnswer, "The connection (null: none), secrets never shown"),
        ...errors,
      },
    }),
    async (c) => c.json(await answerFor(sessionOrg(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "put",
      path: "/connection",
      operationId: "setEInvoicingConnection",
      tags,
      description:
        "Sets the platform's URLs and credentials. The secrets are kept sealed; a secret left out keeps the one " +
        "kept. `generateWebhookSecret` makes a new webhook secret, answered this once.",
      request: body(EInvoicingConnectionInput),
      responses: { 200: answer(EInvoicingConnectionAnswer, "The connection as kept"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const set = await setConnection(ctx, orgId, c.req.valid("json"), commandMetadata(c, ctx)).catch(
        (error) => {
          throw withField(error, localeOf(c));
        },
      );
      return c.json(
        {
          connection: set.connection,
          webhookUrl: webhookUrl(orgId),
          ...(set.generatedWebhookSecret !== null && { generatedWebhookSecret: set.generatedWebhookSecret }),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "delete",
      path: "/connection",
      operationId: "removeEInvoicingConnection",
      tags,
      responses: { 204: { description: "Removed (or there was none)" }, ...errors },
    }),
    async (c) => {
      await removeConnection(ctx, sessionOrg(c), commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "post",
      path: "/connection/test",
      operationId: "testEInvoicingConnection",
      tags,
      description:
        "Tries the connection: the healthcheck (a token, then both services), then the directory look-up of the " +
        "organisation's own SIREN. Each step's outcome is answered in words; a platform down is an outcome, not a 5xx.",
      responses: {
        200: answer(ConnectionTestReport, "Each step's outcome, and the directory entry found"),
        ...errors,
      },
    }),
    async (c) => c.json(await testConnection(ctx, sessionOrg(c), localeOf(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/directory/{siren}",
      operationId: "lookUpEInvoicingDirectory",
      tags,
      description:
        "A business's entry in the platform's directory: its legal unit and where it receives invoices.",
      request: { params: SirenParam },
      responses: {
        200: answer(DirectoryLookup, "The directory's entry (its legal unit null when unknown)"),
        ...errors,
        ...problemResponses(424, 503),
      },
    }),
    async (c) => {
      const platform = await connectedPlatform(ctx, sessionOrg(c));
      try {
        return c.json(await lookupDirectory(platform, c.req.valid("param").siren), 200);
      } catch (error) {
        throw isPlatformError(error) ? platformProblem(error) : error;
      }
    },
  );

  registerEReportingRoutes(app, ctx);
  return app;
};
