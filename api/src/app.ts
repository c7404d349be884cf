import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { referenceKinds } from "@registre/core";
import { cardFormSources } from "./billing/settings.ts";
import type { AppContext } from "./context.ts";
import { TRUST_NONE } from "./http/client-address.ts";
import { door, type FindOperation, operationIndex } from "./http/door.ts";
import { idempotency } from "./http/idempotency.ts";
import { defaultBodyLimits, inputGuard } from "./http/input-guard.ts";
import { ProblemError, problemResponse } from "./http/problem.ts";
import { referencePage, referenceScript } from "./http/reference.ts";
import { requestScope } from "./http/request-scope.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { closeUnreadBodies } from "./http/unread-body.ts";
import { accountRoutes } from "./routes/account.ts";
import { accountingRoutes } from "./routes/accounting/index.ts";
import { authorizationRoutes } from "./routes/authorization.ts";
import { bankRuleRoutes } from "./routes/bank-rules.ts";
import { bankStatementRoutes } from "./routes/bank-statements.ts";
import { bankRoutes } from "./routes/banks.ts";
import { billingRoutes } from "./routes/billing.ts";
import { billingAdminRoutes } from "./routes/billing-admin.ts";
import { paymentModeRoutes, stripeRoutes } from "./routes/billing-card.ts";
import {
  accountInvoiceRoutes,
  accountPaymentRoutes,
  platformInvoiceRoutes,
} from "./routes/billing-invoices.ts";
import { contactUserRoutes } from "./routes/contact-users.ts";
import { contactsRoutes } from "./routes/contacts/index.ts";
import { dashboardRoutes } from "./routes/dashboard.ts";
import { docsRoutes } from "./routes/docs/index.ts";
import { einvoicingRoutes } from "./routes/einvoicing.ts";
import { einvoicingInboxRoutes } from "./routes/einvoicing-inbox.ts";
import { einvoicingWebhookRoutes } from "./routes/einvoicing-webhook.ts";
import { emailRoutes } from "./routes/emails.ts";
import { fileRoutes } from "./routes/files.ts";
import { healthRoutes } from "./routes/health.ts";
import { identityRoutes } from "./routes/identity.ts";
import { invitationLookupRoutes, receivedInvitationRoutes } from "./routes/invitations.ts";
import { itemsRoutes } from "./routes/items/index.ts";
import { mailHelpRoutes } from "./routes/mail-help.ts";
import { orgRoutes } from "./routes/org.ts";
import { organisationRoutes } from "./routes/organisations.ts";
import { passwordRoutes } from "./routes/password.ts";
import { paymentRoutes } from "./routes/payments/index.ts";
import { platformRoutes } from "./routes/platform.ts";
import { helpRoutes } from "./routes/platform-help.ts";
import { platformOrganisationRoutes } from "./routes/platform-orgs.ts";
import { organisationTypeRoutes, paramRoutes } from "./routes/platform-params.ts";
import { platformUserRoutes } from "./routes/platform-users.ts";
import { projectionRoutes } from "./routes/projections.ts";
import { reconcileRoutes, reconciliationRoutes } from "./routes/reconcile/index.ts";
import { referenceRoutes } from "./routes/reference.ts";
import { releaseRoutes } from "./routes/releases.ts";
import { releaseNewsRoutes } from "./routes/releases-news.ts";
import { reminderRoutes } from "./routes/reminders.ts";
import { scheduleRoutes } from "./routes/schedule.ts";
import { shareRoutes } from "./routes/share.ts";
import { uploadRoutes } from "./routes/uploads.ts";

export type AppOptions = {
  /** The built web app (web/dist): served at `/`, every unknown non-API path answered with its index.html. */
  readonly webRoot?: string | undefined;
};

/** The whole HTTP surface: the API under /api, its OpenAPI document, and the web app. */
export const createApp = (ctx: AppContext, options: AppOptions = {}): OpenAPIHono => {
  const api = new OpenAPIHono();
  // Before routing and validation: a request's operation, its caller when it sends a file, and its
  // body within its limits — malformed, oversized or poisoned input stops here (http/door.ts). The
  // operations are known once every route is declared, below.
  let findOperation: FindOperation = () => undefined;
  api.use(
    "*",
    door(ctx, () => findOperation),
  );
  // Read per request: building the app (the OpenAPI document) reads nothing of the context.
  api.use(
    "*",
    inputGuard(() => ({ body: defaultBodyLimits, uploads: ctx.uploadLimits })),
  );
  // Before every route, so that each command route, present and future, honours Idempotency-Key.
  api.use("*", idempotency(ctx));
  // A command stored but not visible yet answers 202, whatever the route did after it — inside the
  // idempotency middleware, so that what it keeps as a key's answer is that 202 (never kept: the retry
  // runs again and answers once the read models show the command), not the route's 404 of a row not
  // projected yet, which every retry would have got back.
  api.use("*", requestScope());
  // One sub-app per resource, mounted at its prefix (docs/architecture.md, "API"). This order is the
  // OpenAPI document's; a route that a parameter mounted before it would take fails route-order.test.ts.
  api.route("/health", healthRoutes(ctx));
  // Before /registre/orgs, whose /{id} would take "invoices".
  api.route("/registre/orgs/invoices", platformInvoiceRoutes(ctx));
  api.route("/registre/orgs", platformOrganisationRoutes(ctx));
  api.route("/registre/orgs", organisationRoutes(ctx));
  api.route("/", identityRoutes(ctx));
  api.route("/password/renew", passwordRoutes(ctx));
  api.route("/account", accountRoutes(ctx));
  api.route("/account/invoices", accountInvoiceRoutes(ctx));
  api.route("/account/payments", accountPaymentRoutes(ctx));
  api.route("/org", orgRoutes(ctx));
  api.route("/files", fileRoutes(ctx));
  api.route("/share", shareRoutes(ctx));
  api.route("/contacts", contactUserRoutes(ctx));
  api.route("/contacts", contactsRoutes(ctx));
  api.route("/user/invitations", receivedInvitationRoutes(ctx));
  api.route("/invitations", invitationLookupRoutes(ctx));
  api.route("/auth", authorizationRoutes(ctx));
  api.route("/registre", platformRoutes(ctx));
  api.route("/registre", platformUserRoutes(ctx));
  api.route("/params", paramRoutes(ctx));
  api.route("/help", helpRoutes(ctx));
  api.route("/organizations", organisationTypeRoutes(ctx));
  api.route("/registre/projections", projectionRoutes(ctx));
  api.route("/registre/schedule", scheduleRoutes(ctx));
  api.route("/registre/billing", billingAdminRoutes(ctx));
  for (const kind of referenceKinds) api.route(`/registre/${kind}`, referenceRoutes(ctx, kind));
  api.route("/registre/releases", releaseRoutes(ctx));
  api.route("/accounting", accountingRoutes(ctx));
  api.route("/items", itemsRoutes(ctx));
  api.route("/docs", docsRoutes(ctx));
  api.route("/einvoicing/webhook", einvoicingWebhookRoutes(ctx));
  api.route("/einvoicing/received", einvoicingInboxRoutes(ctx));
  api.route("/einvoicing", einvoicingRoutes(ctx));
  api.route("/emails", emailRoutes(ctx));
  api.route("/mail/help", mailHelpRoutes(ctx));
  api.route("/reminders", reminderRoutes(ctx));
  api.route("/banks/rules", bankRuleRoutes(ctx));
  api.route("/banks/reconcile", reconcileRoutes(ctx));
  api.route("/banks/reconciliation", reconciliationRoutes(ctx));
  // Before /banks, whose /{id} would take "statements".
  api.route("/banks/statements", bankStatementRoutes(ctx));
  api.route("/banks", bankRoutes(ctx));
  api.route("/payments", paymentRoutes(ctx));
  api.route("/dashboard", dashboardRoutes(ctx));
  api.route("/releases", releaseNewsRoutes(ctx));
  api.route("/billing", billingRoutes(ctx));
  api.route("/stripe", stripeRoutes(ctx));
  api.route("/account/paymentmode", paymentModeRoutes(ctx));
  api.route("/uploads", uploadRoutes(ctx));
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Registre API",
      version: "0.1.0",
      description:
        "Business management and French accounting. Errors are application/problem+json with a stable `code`. " +
        "Commands (POST, PUT, PATCH, DELETE) take an `Idempotency-Key` header (a UUID): the same key with the " +
        "same request answers the first answer for 24 hours; another request under it answers 422.",
    },
    servers: [{ url: "/api" }],
  });
  findOperation = operationIndex(
    api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version: "" } }).paths ?? {},
  );
  // At /reference: the spec gives /docs to the sales and purchase documents.
  api.get("/reference", (c) => c.html(referencePage("/api/openapi.json", "/api/reference.js")));
  api.get("/reference.js", (c) =>
    c.body(referenceScript, 200, { "content-type": "text/javascript; charset=utf-8" }),
  );
  api.all("*", () => {
    throw new ProblemError(404, "http.notFound");
  });

  const app = new OpenAPIHono();
  app.onError(problemResponse);
  // Outermost: every answer — the API's, a problem, the web app and its static files — gets them. The
  // proxies trusted are read per request (an app built for its OpenAPI document alone has no context).
  app.use(
    "*",
    securityHeaders(
      () => ctx.identity?.trustProxy ?? TRUST_NONE,
      () => cardFormSources(ctx.billing),
    ),
  );
  app.use("*", closeUnreadBodies());
  app.route("/api", api);

  const webRoot = options.webRoot;
  if (webRoot && existsSync(resolve(webRoot, "index.html"))) {
    const index = readFileSync(resolve(webRoot, "index.html"), "utf8");
    app.use("/*", serveStatic({ root: webRoot }));
    // Deep links (/registre/orgs/…) are the web app's routes: answer its index page.
    app.get("*", (c) => c.html(index));
  }
  return app;
};
