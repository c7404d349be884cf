import type { z } from "@hono/zod-openapi";
import {
  allowedVariables,
  checkTemplate,
  DomainError,
  isLive,
  Rights,
  renderTemplate,
  type TemplateUse,
} from "@registre/core";
import type { AppContext } from "../context.ts";
import { loadDocument, loadOrganisation } from "../documents/context.ts";
import { requireDocumentRight } from "../documents/rights.ts";
import { accessRoute, right } from "../http/access.ts";
import { withField } from "../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { amountDue, templateValues } from "../mail/document-mail.ts";
import {
  getEmailTemplate,
  listEmailTemplates,
  runEmailTemplates,
  sampleValues,
  templateVariablesByUse,
} from "../mail/templates.ts";
import { answer, body, errors, plain } from "../schemas/common.ts";
import {
  EmailPreview,
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateList,
  EmailTemplateListQuery,
  EmailTemplateParam,
  EmailTemplatePreviewInput,
} from "../schemas/emails.ts";

const tags = ["E-mail templates"];
const CODE = "emailtemplates";
type Template = z.infer<typeof EmailTemplate>;

/**
 * The organisation's e-mail templates (/emails/templates; screens /org/emailtemplates…): the built-in
 * French and English ones per document kind and reminder level, changed or not, and the organisation's
 * own. Subject and body name variables as `{{number}}`; an unknown one is refused when saved (422
 * `emailTemplate.unknownVariable` naming it and the field).
 */
export const emailRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const fielded = async <T>(c: Parameters<typeof localeOf>[0], run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw withField(error, localeOf(c));
    }
  };

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/templates",
      operationId: "listEmailTemplates",
      tags,
      request: { query: EmailTemplateListQuery },
      responses: { 200: answer(EmailTemplateList, "The templates and the variables of each use"), ...errors },
    }),
    async (c) =>
      c.json(
        {
          items: plain<Template[]>(await listEmailTemplates(ctx, sessionOrg(c), c.req.valid("query"))),
          variables: templateVariablesByUse(),
        },
        200,
      ),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.create), {
      method: "post",
      path: "/templates",
      operationId: "createEmailTemplate",
      tags,
      request: body(EmailTemplateInput),
      responses: { 201: answer(EmailTemplate, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "email-template");
      await fielded(c, () =>
        runEmailTemplates(
          ctx,
          orgId,
          { type: "CreateEmailTemplate", data: { ...c.req.valid("json"), id } },
          metadata,
        ),
      );
      return c.json(plain<Template>(await getEmailTemplate(ctx, orgId, id)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "post",
      path: "/templates/preview",
      operationId: "previewEmailTemplate",
      tags,
      description:
        "Renders a subject and body as typed, with a document's values (`docId`) or sample ones; an unknown variable is refused as when saving. Writes nothing.",
      request: body(EmailTemplatePreviewInput),
      responses: { 200: answer(EmailPreview, "The rendered subject and body"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const input = c.req.valid("json");
      const allowed = allowedVariables(input.use as TemplateUse);
      await fielded(c, async () => {
        checkTemplate(input.subject, "subject", allowed);
        checkTemplate(input.body, "body", allowed);
      });
      const org = (await loadOrganisation(ctx, orgId)).state;
      const orgName = org.status === "active" ? org.name : "";
      let values: Record<string, string> = sampleValues(input.language, orgName);
      if (input.docId) {
        const { state } = await loadDocument(ctx, orgId, input.docId);
        if (!isLive(state)) throw new DomainError("doc.notFound", { field: "docId" }, 404);
        requireDocumentRight(c, state, Rights.read);
        const reminderLevel = input.use.startsWith("reminder") ? Number(input.use.slice(-1)) : null;
        const due = await amountDue(ctx, orgId, state);
        values = {
          ...templateValues(ctx, state, input.language, { organisationName: orgName, due, reminderLevel }),
        };
      }
      return c.json(
        { subject: renderTemplate(input.subject, values), body: renderTemplate(input.body, values) },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/templates/{id}",
      operationId: "getEmailTemplate",
      tags,
      request: { params: EmailTemplateParam },
      responses: { 200: answer(EmailTemplate, "The template"), ...errors },
    }),
    async (c) =>
      c.json(plain<Template>(await getEmailTemplate(ctx, sessionOrg(c), c.req.valid("param").id)), 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.update), {
      method: "put",
      path: "/templates/{id}",
      operationId: "updateEmailTemplate",
      tags,
      description: "A built-in template keeps its use and language; `isDefault` makes it its use's default.",
      request: { params: EmailTemplateParam, ...body(EmailTemplateInput) },
      responses: { 200: answer(EmailTemplate, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await fielded(c, () =>
        runEmailTemplates(
          ctx,
          orgId,
          { type: "ChangeEmailTemplate", data: { ...c.req.valid("json"), id } },
          commandMetadata(c, ctx),
        ),
      );
      return c.json(plain<Template>(await getEmailTemplate(ctx, orgId, id)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.delete), {
      method: "delete",
      path: "/templates/{id}",
      operationId: "deleteEmailTemplate",
      tags,
      description: "The organisation's own templates only (409 `emailTemplate.builtIn`).",
      request: { params: EmailTemplateParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const { id } = c.req.valid("param");
      if (!(await ctx.store.commandResult(orgId, metadata.commandId)))
        await runEmailTemplates(ctx, orgId, { type: "DeleteEmailTemplate", data: { id } }, metadata);
      return c.body(null, 204);
    },
  );

  return app;
};
