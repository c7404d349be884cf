import type { CommandMetadata } from "@registre/core";
import type { Context, Input } from "hono";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { commandMetadata, sessionOrg } from "./openapi.ts";

/**
 * A DELETE route's answer: 204 once `run` has done the deletion in the session's organisation. A retry
 * whose first answer was lost (the same command id) finds that command appended and does not run it
 * again (the thing is gone: a second run would answer 404); it answers once every read model shows the
 * deletion, as the first attempt did for its own (202 « not yet visible » while one lags).
 */
export const answerDeleted = async <P extends string, I extends Input>(
  c: Context<AuthEnv, P, I>,
  ctx: AppContext,
  run: (orgId: string, metadata: CommandMetadata) => Promise<unknown>,
) => {
  const orgId = sessionOrg(c);
  const metadata = commandMetadata(c, ctx);
  const everyReadModel = ctx.runner.projectors.map((p) => p.name);
  if (!(await alreadyAppended(ctx, orgId, metadata, everyReadModel))) await run(orgId, metadata);
  return c.body(null, 204);
};
