import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import { accountingSetupProjector, ledgerProjector } from "@registre/projections";
import { openingDraftsIn, provisionalOpening } from "../../accounting/provisional-opening.ts";
import {
  findFiscalYear,
  generalLedgerPage,
  listFiscalYears,
  trialBalanceReport,
} from "../../accounting/queries.ts";
import { yearSpan } from "../../accounting/span.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { cachedRead } from "../../http/answer-cache.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, body, errors, plain } from "../../schemas/common.ts";
import {
  DatedTrialBalance,
  GeneralLedgerQuery,
  LedgerPage,
  Range,
  type TrialBalance,
} from "../../schemas/reports.ts";

/** The trial balance and the general ledger over a range. Mounted at /accounting/reports. */
export const reportRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const rangeOf = async (orgId: string, range: z.infer<typeof Range>) => {
    if ("yearId" in range) {
      const year = await findFiscalYear(ctx, orgId, range.yearId);
      return { start: year.start, end: year.end };
    }
    return { start: range.start, end: range.end };
  };

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "post",
      path: "/balance",
      operationId: "trialBalance",
      tags: ["Accounting"],
      request: body(Range),
      responses: {
        200: answer(DatedTrialBalance, "The trial balance (balance générale)"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const asked = c.req.valid("json");
      return cachedRead(ctx.database, c, {
        route: "trial-balance",
        orgId,
        // The fiscal year a `yearId` names and the accounts' labels are the setup's.
        models: [ledgerProjector.name, accountingSetupProjector.name],
        query: asked,
        compute: async () => {
          const range = await rangeOf(orgId, asked);
          // Over several fiscal years, the later years' opening entries repeat the balances before them.
          const { ids, ...span } = yearSpan(await listFiscalYears(ctx, orgId), range);
          const drafts = (await openingDraftsIn(ctx, orgId, range)).filter((d) => !ids.includes(d.yearId));
          const included = asked.provisional === true;
          return JSON.stringify({
            ...range,
            ...plain<z.infer<typeof TrialBalance>>(
              await trialBalanceReport(ctx, orgId, range, included ? drafts : [], ids),
            ),
            provisionalOpening: provisionalOpening(drafts, included),
            ...span,
          });
        },
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "post",
      path: "/generalledger",
      operationId: "generalLedger",
      tags: ["Accounting"],
      request: body(GeneralLedgerQuery),
      responses: { 200: answer(LedgerPage, "A page of the general ledger with running balances"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const asked = c.req.valid("json");
      return cachedRead(ctx.database, c, {
        route: "general-ledger",
        orgId,
        models: [ledgerProjector.name, accountingSetupProjector.name],
        query: asked,
        compute: async () => JSON.stringify(await generalLedgerPage(ctx, orgId, asked)),
      }) as never;
    },
  );

  return app;
};
