import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { liveDocument } from "../../documents/context.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { loadConnection } from "../../einvoicing/connection.ts";
import { transmissionAnswer } from "../../einvoicing/transmission-view.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, errors } from "../../schemas/common.ts";
import { DocIdParam } from "../../schemas/docs.ts";
import { DocumentTransmission } from "../../schemas/einvoicing-transmission.ts";

/**
 * A document's transmission through the organisation's approved platform (issue 25): submitted,
 * acknowledged Ok or Error with the platform's reasons, each lifecycle status with its date; or not sent
 * and why. Read from the document's stream; `connected` says whether the organisation has a platform.
 */
export const documentTransmissionRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/transmission",
      operationId: "getDocumentTransmission",
      tags: ["Documents"],
      request: { params: DocIdParam },
      responses: { 200: answer(DocumentTransmission, "The document's transmission"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const doc = await liveDocument(ctx, orgId, c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.read);
      const connected = (await loadConnection(ctx, orgId)) !== null;
      return c.json(transmissionAnswer(doc, connected), 200);
    },
  );
  return app;
};
