import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import { ledgerHistory } from "../../accounting/history.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, errors, plain } from "../../schemas/common.ts";
import { HistoryQuery, LedgerHistory } from "../../schemas/history.ts";

/** The accountant's time machine: the ledger as it stood at a moment. Mounted at /accounting/history. */
export const historyRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/",
      operationId: "ledgerHistory",
      tags: ["Accounting"],
      request: { query: HistoryQuery },
      responses: {
        200: answer(LedgerHistory, "The trial balance as it stood at `at`, and what changed since"),
        ...errors,
      },
    }),
    async (c) => {
      const { at, position, start, end } = c.req.valid("query");
      const range = start || end ? { start: start ?? "0000-01-01", end: end ?? "9999-12-31" } : undefined;
      const moment = at !== undefined ? { at: new Date(at) } : { position: position ?? 0 };
      const history = await ledgerHistory(ctx, sessionOrg(c), moment, range);
      return c.json(plain<z.infer<typeof LedgerHistory>>(history), 200);
    },
  );
  return app;
};
