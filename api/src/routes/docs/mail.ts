import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { liveDocument } from "../../documents/context.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { withField } from "../../http/field-problems.ts";
import { translate } from "../../http/messages.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { problemResponses } from "../../http/schemas.ts";
import { mailDraft, sendDocumentMail } from "../../mail/document-mail.ts";
import { answer, body, errors, plain } from "../../schemas/common.ts";
import { DocIdParam } from "../../schemas/docs.ts";
import {
  DocumentMailDraft,
  DocumentMailDraftQuery,
  DocumentMailInput,
  DocumentMailSent,
} from "../../schemas/emails.ts";

const tags = ["Documents"];

/**
 * A document by e-mail (the mail editor of /org/docs/{id}): `GET /docs/{id}/mail` the e-mail as it
 * would leave — the contact's addresses, the template rendered in the contact's language, the
 * attachments — and `POST /docs/{id}/mail` sends it and records it on the document.
 */
export const documentMailRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/mail",
      operationId: "getDocumentMailDraft",
      tags,
      request: { params: DocIdParam, query: DocumentMailDraftQuery },
      responses: { 200: answer(DocumentMailDraft, "The e-mail as the editor opens it"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const doc = await liveDocument(ctx, orgId, c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.read);
      const { templateId, lang, reminderLevel } = c.req.valid("query");
      const draft = await mailDraft(ctx, orgId, doc, { templateId, language: lang, reminderLevel });
      return c.json(plain<z.infer<typeof DocumentMailDraft>>(draft), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/mail",
      operationId: "sendDocumentMail",
      tags,
      description:
        "Sends the e-mail with the document's PDF, then records it on the document (`DocumentEmailed`: to " +
        "whom, the message id; a draft quote or a validated invoice becomes `sent`). None of `to`: 422 " +
        "`mail.missingTo`; a wrong address: 422 `validation.invalidEmail` on `to.<i>`; a draft invoice: 409 " +
        "`doc.mailNotValidated`; the mail server refusing or out of reach: 424 `mail.documentNotSent` with " +
        "its reason, nothing recorded.",
      request: { params: DocIdParam, ...body(DocumentMailInput) },
      responses: {
        200: answer(DocumentMailSent, "Sent and recorded"),
        ...errors,
        ...problemResponses(424),
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const doc = await liveDocument(ctx, orgId, c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.update);
      const locale = localeOf(c);
      try {
        const sent = await sendDocumentMail(ctx, orgId, doc, c.req.valid("json"), metadata);
        return c.json(
          plain<z.infer<typeof DocumentMailSent>>({ ...sent, detail: translate("mail.sent", locale) }),
          200,
        );
      } catch (error) {
        throw withField(error, locale);
      }
    },
  );

  return app;
};
