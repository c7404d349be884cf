import type { AppContext } from "../../context.ts";
import { resourceApp } from "../../http/openapi.ts";
import { accountRoutes } from "./accounts.ts";
import { adjustmentRoutes } from "./adjustments.ts";
import { closingStepRoutes } from "./closing-steps.ts";
import { depositRoutes } from "./deposits.ts";
import { entryRoutes } from "./entries.ts";
import { entryValidationRoutes } from "./entry-validation.ts";
import { fecRoutes } from "./fec.ts";
import { fiscalYearRoutes } from "./fiscal-years.ts";
import { historyRoutes } from "./history.ts";
import { journalRoutes } from "./journals.ts";
import { letteringRoutes } from "./lettering.ts";
import { reportRoutes } from "./reports.ts";
import { vatRoutes, vatValidationRoutes } from "./vat.ts";

/**
 * The accounting API, mounted at /accounting: one sub-app per resource, each at its prefix. The order
 * below is the OpenAPI document's; it decides no route, except where the spec's paths overlap: the
 * closing file's `/balance-sheet/steps` and `/balance-sheet/lines` come before the fiscal years'
 * `/balance-sheet/{id}`, which would take "steps" and "lines" for a year (`route-order.test.ts`
 * fails on any route a parameter registered before it would take).
 */
export const accountingRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/balance-sheet/steps", closingStepRoutes(ctx));
  app.route("/balance-sheet", adjustmentRoutes(ctx));
  app.route("/accounts", accountRoutes(ctx));
  app.route("/journals", journalRoutes(ctx));
  app.route("/entries", entryRoutes(ctx));
  app.route("/entries", entryValidationRoutes(ctx));
  app.route("/entries", letteringRoutes(ctx));
  app.route("/entries", fecRoutes(ctx));
  app.route("/entries", vatValidationRoutes(ctx));
  app.route("/reports", reportRoutes(ctx));
  app.route("/history", historyRoutes(ctx));
  app.route("/deposits", depositRoutes(ctx));
  app.route("/vat", vatRoutes(ctx));
  app.route("/balance-sheet", fiscalYearRoutes(ctx));
  return app;
};
