import { z } from "@hono/zod-openapi";
import { DomainError, hasRight, incomeStatement, parisDate, Rights } from "@registre/core";
import { controlPanel } from "../accounting/control-panel.ts";
import { accountMovements, lastValidatedDay, listFiscalYears } from "../accounting/queries.ts";
import type { AppContext } from "../context.ts";
import { cashForecast } from "../dashboard/forecast.ts";
import { dashboardOverview } from "../dashboard/overview.ts";
import { dashboardTodo, todoRights } from "../dashboard/todo.ts";
import { agedBalance } from "../documents/aged.ts";
import { salesStats } from "../documents/sales-stats.ts";
import { accessRoute, SESSION } from "../http/access.ts";
import { requireOrg, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  AccountingStats,
  AgedStats,
  ControlStats,
  DashboardStatsQuery,
  ForecastStats,
  OverviewStats,
  StatsTypeParam,
  TodoStats,
} from "../schemas/dashboard.ts";
import { SalesStats } from "../schemas/sales-stats.ts";

const startsWithAny = (account: string, prefixes: readonly string[]) =>
  prefixes.some((p) => account.startsWith(p));

/**
 * The year the dashboard shows, as the reports open on it: the one holding today, unless the newest
 * validated entry is older than it (a new year whose opening entries are still drafts): then that
 * entry's year.
 */
const shownYear = <Y extends { start: string; end: string }>(
  years: readonly Y[],
  today: string,
  newestValidated: string | null,
): Y | undefined => {
  const current = years.find((y) => y.start <= today && today <= y.end) ?? years.at(-1);
  if (!current || newestValidated === null || newestValidated >= current.start) return current;
  return years.find((y) => y.start <= newestValidated && newestValidated <= y.end) ?? current;
};

/**
 * The dashboard's figures. `accounting`: the year the books are at, from the accounting read models;
 * `control`: the accountant's control panel (`control-panel.ts`); `sales`: the sales and purchases of
 * twelve months against the year before (`sales_stats`); `overview`: this month against last year's,
 * twelve months, cash per bank and the VAT due; `forecast`: the next 90 days' cash week by week — all
 * under the right to read the books (`accounting`). `aged`: receivables or payables by age and the late
 * invoices (`contacts` and `late` cap the lists, not the totals), under the right to read that side's
 * invoices (or the books); `todo`: what needs doing, each
 * to-do only when the member may read its list. The route declares a session and checks each type's
 * right here (403 `identity.forbidden` naming the code). Mounted at /dashboard.
 */
const types = new Set(["accounting", "control", "sales", "overview", "forecast", "aged", "todo"]);

export const dashboardRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/stats/{type}",
      operationId: "dashboardStats",
      tags: ["Dashboard"],
      request: {
        params: StatsTypeParam,
        query: DashboardStatsQuery,
      },
      responses: {
        200: {
          description:
            "The figures: `accounting` the year's, `control` the accountant's checks, `sales` twelve months' sales, " +
            "`overview` the main dashboard's, `forecast` the next 90 days' cash, `aged` receivables or payables by age, " +
            "`todo` what needs doing",
          content: {
            "application/json": {
              schema: z.union([
                AccountingStats,
                ControlStats,
                SalesStats,
                OverviewStats,
                ForecastStats,
                AgedStats,
                TodoStats,
              ]),
            },
          },
        },
        ...problemResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const { type } = c.req.valid("param");
      const query = c.req.valid("query");
      const orgId = requireOrg(c.get("session").orgId);
      const rights = c.get("rights");
      const may = (code: string) => hasRight(rights, code, Rights.read);
      const need = (...codes: string[]) => {
        if (!codes.some(may))
          throw new ProblemError(403, "identity.forbidden", { code: codes[0] ?? "accounting" });
      };
      if (!types.has(type)) throw new DomainError("dashboard.unknownStats", { type }, 404);
      if (type === "todo")
        return c.json({ items: await dashboardTodo(ctx, orgId, (key) => may(todoRights[key])) }, 200);
      if (type === "aged") {
        const direction = query.direction ?? "sales";
        need(`${direction}.invoices`, "accounting");
        // The books' figure beside the documents' only to a member who may read the books.
        return c.json(
          await agedBalance(ctx, orgId, {
            direction,
            at: query.at,
            contactLimit: query.contacts,
            lateLimit: query.late,
            ledger: may("accounting"),
          }),
          200,
        );
      }
      need("accounting");
      if (type === "control") return c.json({ checks: await controlPanel(ctx, orgId) }, 200);
      if (type === "sales") return c.json(await salesStats(ctx, orgId, query.to), 200);
      if (type === "overview") return c.json(await dashboardOverview(ctx, orgId), 200);
      if (type === "forecast") return c.json(await cashForecast(ctx, orgId, parisDate(ctx.clock())), 200);
      const today = parisDate(ctx.clock());
      const [years, newest] = await Promise.all([listFiscalYears(ctx, orgId), lastValidatedDay(ctx, orgId)]);
      const year = shownYear(years, today, newest);
      if (!year)
        return c.json(
          { year: null, revenue: 0, due: 0, expenses: 0, cash: 0, result: 0, asOf: null, provisional: false },
          200,
        );
      const movements = await accountMovements(ctx, orgId, year);
      // What is owed and held today: from the first year still open (its opening balances are
      // validated entries; the next year's à-nouveaux stay drafts until it closes) up to today.
      const firstOpen = years.find((y) => y.status === "open" && y.start <= year.start) ?? year;
      const upTo = today < year.start ? year.start : today > year.end ? year.end : today;
      const balances = await accountMovements(ctx, orgId, { start: firstOpen.start, end: upTo });
      const net = (rows: typeof movements, prefixes: readonly string[]) =>
        rows.filter((m) => startsWithAny(m.account, prefixes)).reduce((s, m) => s + m.debit - m.credit, 0);
      const income = incomeStatement(movements);
      return c.json(
        {
          year: { id: year.id, start: year.start, end: year.end, status: year.status },
          revenue: income.netTurnover,
          due: net(balances, ["411", "413", "416", "418"]),
          expenses: net(movements, ["60", "61", "62"]),
          cash: net(balances, ["51", "53"]),
          result: income.result,
          asOf: upTo,
          provisional: year.status === "open",
        },
        200,
      );
    },
  );
  return app;
};
