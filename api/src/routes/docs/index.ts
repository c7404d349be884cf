import type { AppContext } from "../../context.ts";
import { resourceApp } from "../../http/openapi.ts";
import { documentFileRoutes } from "../attachment-owners.ts";
import { documentDepositRoutes } from "./deposits.ts";
import { documentRoutes } from "./documents.ts";
import { documentHistoryRoutes } from "./histories.ts";
import { documentImportRoutes } from "./import.ts";
import { documentMailRoutes } from "./mail.ts";
import { documentPdfRoutes } from "./pdf.ts";
import { docPreferenceRoutes } from "./preferences.ts";
import { docSettingsRoutes } from "./settings.ts";
import { documentShareRoutes } from "./shares.ts";
import { documentStatusRoutes } from "./status.ts";
import { documentTransmissionRoutes } from "./transmission.ts";

/**
 * The sales and purchase documents (issue 11), mounted at /docs: the settings, preferences, histories,
 * statistics and validation first (fixed paths), then the documents, whose `/{id}` would take them.
 */
export const docsRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/", docSettingsRoutes(ctx));
  app.route("/", docPreferenceRoutes(ctx));
  app.route("/", documentHistoryRoutes(ctx));
  app.route("/", documentStatusRoutes(ctx));
  app.route("/", documentImportRoutes(ctx));
  app.route("/", documentRoutes(ctx));
  app.route("/", documentDepositRoutes(ctx));
  app.route("/", documentPdfRoutes(ctx));
  app.route("/", documentMailRoutes(ctx));
  app.route("/", documentFileRoutes(ctx));
  app.route("/", documentShareRoutes(ctx));
  app.route("/", documentTransmissionRoutes(ctx));
  return app;
};
