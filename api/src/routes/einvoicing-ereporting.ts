import type { OpenAPIHono } from "@hono/zod-openapi";
import { ereportingPeriod, parisDate, Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { platformProblem } from "../einvoicing/directory.ts";
import { loadEReportingOrganisation, loadEReportingState, sendPeriod } from "../einvoicing/ereporting.ts";
import { platformOf, withEReportingLock } from "../einvoicing/ereporting-job.ts";
import { ereportingCalendar, periodView } from "../einvoicing/ereporting-view.ts";
import { accessRoute, right } from "../http/access.ts";
import { sessionOrg } from "../http/openapi.ts";
import { ProblemError } from "../http/problem-error.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { isPlatformError } from "../ports/index.ts";
import { answer, errors } from "../schemas/common.ts";
import {
  EReportingCalendar,
  EReportingCalendarQuery,
  EReportingPeriodParam,
  EReportingPeriodView,
} from "../schemas/einvoicing-ereporting.ts";

const tags = ["E-invoicing"];

/**
 * The e-reporting calendar (issue 25, point 5), on the e-invoicing routes (`/einvoicing/ereporting`,
 * the organisation settings' rights like the connection's): the periods with their status, and « send
 * now » for one that is over.
 */
export const registerEReportingRoutes = (app: OpenAPIHono<AuthEnv>, ctx: AppContext) => {
  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/ereporting",
      operationId: "getEReportingCalendar",
      tags,
      description:
        "The e-reporting periods of the organisation's VAT regime (B2C and international transactions, payments " +
        "taxed on receipts) starting in the last months, newest first: each one's window, what was sent and when, " +
        "and the platform's answer.",
      request: { query: EReportingCalendarQuery },
      responses: { 200: answer(EReportingCalendar, "The calendar"), ...errors },
    }),
    async (c) => c.json(await ereportingCalendar(ctx, sessionOrg(c), c.req.valid("query").months), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "post",
      path: "/ereporting/{period}/send",
      operationId: "sendEReportingPeriod",
      tags,
      description:
        "Sends a period that is over now, without waiting for the schedule: each part (B2C, international) with " +
        "something to report and not sent yet, a refused one again. Never sends a part twice.",
      request: { params: EReportingPeriodParam },
      responses: {
        200: answer(EReportingPeriodView, "The period with what was sent"),
        ...errors,
        ...problemResponses(424, 503),
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const org = await loadEReportingOrganisation(ctx, orgId);
      const period = ereportingPeriod(org, c.req.valid("param").period);
      const done = await withEReportingLock(ctx, orgId, async () => {
        const platform = await platformOf(ctx, orgId);
        if (!platform) throw new ProblemError(409, "einvoicing.notConnected");
        try {
          return await sendPeriod(ctx, org, platform, period, true);
        } catch (error) {
          throw isPlatformError(error) ? platformProblem(error) : error;
        }
      });
      if (done === null) throw new ProblemError(409, "ereporting.busy", { field: "period" });
      const state = await loadEReportingState(ctx, orgId);
      return c.json(periodView(period, state, parisDate(ctx.clock())), 200);
    },
  );
};
