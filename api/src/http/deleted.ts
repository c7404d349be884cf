import type { CommandMetadata } from "@registre/core";
import type { Context, Input } from "hono";
import { sessionOrg } from "../accounting/books.ts";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { commandMetadata } from "./openapi.ts";

/**
 * A DELETE route's answer: 204 once `run` has done the deletion in the session's organisation. A retry
 * whose first answer was lost (the same command id) finds that command appended and answers 204 again
 * without running it: the thing is gone, and a second run would answer 404.
 */
export const answerDeleted = async <P extends string, I extends Input>(
  c: Context<AuthEnv, P, I>,
  ctx: AppContext,
  run: (orgId: string, metadata: CommandMetadata) => Promise<unknown>,
) => {
  const orgId = sessionOrg(c);
  const metadata = commandMetadata(c, ctx);
  if (!(await alreadyAppended(ctx, orgId, metadata))) await run(orgId, metadata);
  return c.body(null, 204);
};
