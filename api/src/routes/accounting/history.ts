import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import { type LedgerMoment, ledgerHistory } from "../../accounting/history.ts";
import { accountLedgerAt, entryHistoryAt } from "../../accounting/history-details.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, errors, plain } from "../../schemas/common.ts";
import { MvtParam } from "../../schemas/entries.ts";
import {
  AccountHistory,
  AccountHistoryQuery,
  EntryHistory,
  EntryHistoryQuery,
  HistoryQuery,
  LedgerHistory,
} from "../../schemas/history.ts";

const momentOf = (q: { at?: string | undefined; position?: number | undefined }): LedgerMoment | undefined =>
  q.at !== undefined
    ? { at: new Date(q.at) }
    : q.position !== undefined
      ? { position: q.position }
      : undefined;

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
      const { at, position, start, end, page, limit } = c.req.valid("query");
      const range = start || end ? { start: start ?? "0000-01-01", end: end ?? "9999-12-31" } : undefined;
      const history = await ledgerHistory(
        ctx,
        sessionOrg(c),
        momentOf({ at, position }) ?? { position: 0 },
        range,
        { page, limit },
      );
      return c.json(plain<z.infer<typeof LedgerHistory>>(history), 200);
    },
  );
  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/entries/{mvt}",
      operationId: "entryHistory",
      tags: ["Accounting"],
      request: { params: MvtParam, query: EntryHistoryQuery },
      responses: {
        200: answer(
          EntryHistory,
          "The entry's steps (who, when, what) and the entry as it stood at the moment",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const { mvt } = c.req.valid("param");
      const history = await entryHistoryAt(ctx, sessionOrg(c), mvt, momentOf(c.req.valid("query")));
      return c.json(plain<z.infer<typeof EntryHistory>>(history), 200);
    },
  );
  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/ledger",
      operationId: "accountHistory",
      tags: ["Accounting"],
      request: { query: AccountHistoryQuery },
      responses: {
        200: answer(AccountHistory, "The account's ledger as it stood at the moment"),
        ...errors,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const ledger = await accountLedgerAt(
        ctx,
        sessionOrg(c),
        query.account,
        momentOf(query) ?? { position: 0 },
      );
      return c.json(plain<z.infer<typeof AccountHistory>>(ledger), 200);
    },
  );
  return app;
};
