import { type CommandMetadata, Rights } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../../context.ts";
import { liveDocument } from "../../documents/context.ts";
import { documentDetail, findDocument } from "../../documents/queries.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import type { AuthEnv } from "../../identity/auth.ts";

/**
 * A change of document `id` by a user allowed to update it: `run` issues its commands, a refusal is named by
 * its field in the reader's language; answers the document as it then stands (the routes' 200).
 */
export const changedDocument = async (
  ctx: AppContext,
  c: Context<AuthEnv>,
  id: string,
  run: (orgId: string, metadata: CommandMetadata) => Promise<unknown>,
) => {
  const orgId = sessionOrg(c);
  requireDocumentRight(c, await liveDocument(ctx, orgId, id), Rights.update);
  try {
    await run(orgId, commandMetadata(c, ctx));
  } catch (error) {
    throw withField(error, localeOf(c));
  }
  return documentDetail(ctx, orgId, await findDocument(ctx, orgId, id), localeOf(c));
};
