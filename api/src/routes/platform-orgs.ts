import { exportFec } from "../accounting/fec.ts";
import { listFiscalYears } from "../accounting/queries.ts";
import { listContacts } from "../contacts/queries.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { fileHeaders } from "../http/downloads.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { requirePlatformOrganisation } from "../identity/platform.ts";
import { runOrganisationCommands } from "../organisations.ts";
import { answer, errors, UuidParam } from "../schemas/common.ts";
import { ContactList, ContactListQuery } from "../schemas/contacts.ts";
import { FileText } from "../schemas/fec.ts";
import { ArchivedOrganisation, ArchiveQuery, FecQuery, FiscalYearList } from "../schemas/platform-admin.ts";
import { platformMembershipRoutes } from "./platform-memberships.ts";

const tags = ["Platform"];

/**
 * The platform administrator's hold on an organisation: close it (archived — its members removed, its
 * books kept), read its contacts, and export its books (an archived one's too). Mounted at /registre/orgs,
 * before the organisations' own routes (whose `/{id}` would take `users`).
 */
export const platformOrganisationRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/users", platformMembershipRoutes(ctx));

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/{id}",
      operationId: "archivePlatformOrganisation",
      tags,
      summary: "Archive an organisation",
      description:
        "Never destroys anything: every member is removed and every pending invitation revoked (they lose access), " +
        "then the organisation is archived (OrganisationArchived); its books stay readable and exportable by the " +
        "platform administrator (`/registre/orgs/{id}/years`, `/registre/orgs/{id}/fec`). Archived twice is 409.",
      request: { params: UuidParam, query: ArchiveQuery },
      responses: { 200: answer(ArchivedOrganisation, "The organisation archived"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      const metadata = commandMetadata(c, ctx);
      const reason = c.req.valid("query").reason?.trim() || null;
      await runOrganisationCommands(ctx, id, [{ type: "ArchiveOrganisation", data: { reason } }], metadata);
      return c.json({ id, archivedAt: metadata.at, reason }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/contacts",
      operationId: "listPlatformOrganisationContacts",
      tags,
      request: { params: UuidParam, query: ContactListQuery },
      responses: { 200: answer(ContactList, "The organisation's contacts"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      return c.json(await listContacts(ctx, id, c.req.valid("query")), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/years",
      operationId: "listPlatformOrganisationYears",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(FiscalYearList, "The organisation's fiscal years, oldest first"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      const years = await listFiscalYears(ctx, id);
      return c.json({ items: years.map(({ id, start, end, status }) => ({ id, start, end, status })) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/fec",
      operationId: "exportPlatformOrganisationFec",
      tags,
      summary: "An organisation's FEC for a fiscal year (archived ones too)",
      request: { params: UuidParam, query: FecQuery },
      responses: {
        200: { description: "The FEC file", content: { "text/plain": { schema: FileText } } },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      const exported = await exportFec(ctx, id, c.req.valid("query").year);
      let text = "";
      for await (const chunk of exported.chunks)
        text += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
      return c.body(text, 200, {
        ...fileHeaders(exported.fileName, "text/plain; charset=utf-8"),
        "x-fec-lines": String(exported.lineCount),
      }) as never;
    },
  );
  return app;
};
