import type { AppContext } from "../../context.ts";
import { resourceApp } from "../../http/openapi.ts";
import { contactFileRoutes } from "../attachment-owners.ts";
import { contactAvatarRoutes } from "./avatars.ts";
import { contactRoutes } from "./contacts.ts";
import { contactFlatRecordRoutes } from "./flat.ts";
import { contactHistoryRoutes } from "./histories.ts";
import { contactMergeRoutes } from "./merge.ts";
import { contactPreferenceRoutes } from "./preferences.ts";
import { contactRecordRoutes } from "./records.ts";
import { contactTransferRoutes } from "./transfer.ts";

/**
 * The contacts (issue 10), mounted at /contacts after the organisation users (`/contacts/users…`,
 * which `/{id}` would take): the contacts themselves (list, create, read, change, archive, delete,
 * history, settings, documents) and their sub-records.
 */
export const contactsRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  // Before /{id}, which would take "export", "vcards" and "import" for an id.
  app.route("/", contactTransferRoutes(ctx));
  app.route("/", contactPreferenceRoutes(ctx));
  // Before /{id}…: `/histories/{id}` is an entry of a contact's history.
  app.route("/", contactHistoryRoutes(ctx));
  // The sub-records' flat shape (`/addresses/{id}`…), before `/{id}…` too.
  app.route("/", contactFlatRecordRoutes(ctx));
  app.route("/", contactRoutes(ctx));
  app.route("/", contactRecordRoutes(ctx));
  app.route("/", contactMergeRoutes(ctx));
  app.route("/", contactAvatarRoutes(ctx));
  app.route("/", contactFileRoutes(ctx));
  return app;
};
