import type { AppContext } from "../../context.ts";
import { resourceApp } from "../../http/openapi.ts";
import { docPreferenceRoutes } from "./preferences.ts";
import { docSettingsRoutes } from "./settings.ts";

/**
 * The sales and purchase documents (issue 11), mounted at /docs: the settings and preferences first,
 * then the fixed paths (histories, stats, validate, create), before `/{id}`, which would take them.
 */
export const docsRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/", docSettingsRoutes(ctx));
  app.route("/", docPreferenceRoutes(ctx));
  return app;
};
