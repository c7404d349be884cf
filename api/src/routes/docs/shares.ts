import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { liveDocument } from "../../documents/context.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { createShare, listShares, revokeShare } from "../../files/shares.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import { DocIdParam } from "../../schemas/docs.ts";
import { CreatedShare, ShareInput, ShareList, ShareParams } from "../../schemas/files.ts";

const tags = ["Documents"];

/**
 * A document's share links (`/docs/{id}/shares`): list the links not revoked, create one (the token
 * answered once, the public page's address with it), revoke one. Reading the links needs read on the
 * document; making or revoking one update (a link shows the document outside the organisation).
 */
export const documentShareRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/shares",
      operationId: "listDocumentShares",
      tags,
      request: { params: DocIdParam },
      responses: { 200: answer(ShareList, "The links not revoked, newest first"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const doc = await liveDocument(ctx, orgId, c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.read);
      return c.json({ shares: await listShares(ctx, orgId, doc) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/shares",
      operationId: "createDocumentShare",
      tags,
      request: { params: DocIdParam, ...body(ShareInput) },
      responses: { 201: answer(CreatedShare, "The link; its token is shown only now"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.update);
      const metadata = commandMetadata(c, ctx);
      const share = await createShare(
        ctx,
        orgId,
        id,
        { expiresAt: c.req.valid("json").expiresAt ?? null },
        metadata,
      );
      const url = `${ctx.identity.publicUrl}/share/docs?token=${share.token}`;
      return c.json({ ...share, url }, 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "delete",
      path: "/{id}/shares/{shareId}",
      operationId: "revokeDocumentShare",
      tags,
      request: { params: ShareParams },
      responses: { 204: { description: "The link opens nothing any more" }, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id, shareId } = c.req.valid("param");
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.update);
      await revokeShare(ctx, orgId, id, shareId, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );
  return app;
};
