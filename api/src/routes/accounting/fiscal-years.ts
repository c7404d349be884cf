import type { z } from "@hono/zod-openapi";
import { DomainError, earlierYearBounds, nextYearBounds, Rights } from "@registre/core";
import { catchUpLedger, runFiscal } from "../../accounting/books.ts";
import { ledgerInconsistencies } from "../../accounting/ledger-consistency.ts";
import {
  balanceSheetReport,
  findFiscalYear,
  fiscalYearStartMonth,
  incomeStatementReport,
  listFiscalYears,
  periodLockedUntil,
  trialBalanceReport,
} from "../../accounting/queries.ts";
import { closeFiscalYear, generateOpeningEntry } from "../../accounting/year-end.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { derivedId } from "../../ids.ts";
import { answer, body, errors, plain, UuidParam } from "../../schemas/common.ts";
import {
  ClosedYear,
  CloseQuery,
  FiscalYear,
  FiscalYearFigures,
  FiscalYearList,
  LockPeriodsInput,
  OpenFiscalYearInput,
  OpeningEntry,
  ReindexResult,
  YearEndChecks,
} from "../../schemas/fiscal-years.ts";
import type { BalanceSheet, IncomeStatement, TrialBalance } from "../../schemas/reports.ts";
import { yearEndChecks } from "../../year-end/checks.ts";

/**
 * Fiscal years (the spec's "balance sheets"): open, lock periods, their figures, the year-end checks,
 * the opening entry and the closing. Mounted at /accounting/balance-sheet.
 */
export const fiscalYearRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listFiscalYears",
      tags: ["Accounting"],
      responses: {
        200: answer(FiscalYearList, "Fiscal years"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const lockedUntil = await periodLockedUntil(ctx, orgId);
      const items = await listFiscalYears(ctx, orgId);
      const calendar = { years: items, lockedUntil: null };
      return c.json(
        {
          items,
          lockedUntil,
          suggested: {
            next: nextYearBounds(calendar, await fiscalYearStartMonth(ctx, orgId)),
            earlier: earlierYearBounds(calendar),
          },
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/",
      operationId: "openFiscalYear",
      tags: ["Accounting"],
      request: body(OpenFiscalYearInput),
      responses: { 201: answer(FiscalYear, "The new accounting year"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "year");
      const asked = c.req.valid("json");
      // The year after the last follows the organisation's fiscal-year start unless its dates are given.
      const next =
        asked.start === undefined && asked.end === undefined
          ? nextYearBounds(
              { years: await listFiscalYears(ctx, orgId), lockedUntil: null },
              await fiscalYearStartMonth(ctx, orgId),
            )
          : null;
      await runFiscal(ctx, orgId, { type: "OpenFiscalYear", data: { id, ...(next ?? asked) } }, metadata);
      return c.json(await findFiscalYear(ctx, orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getFiscalYear",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: { 200: answer(FiscalYear, "The fiscal year"), ...errors },
    }),
    async (c) => c.json(await findFiscalYear(ctx, sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "lockPeriods",
      tags: ["Accounting"],
      request: { params: UuidParam, ...body(LockPeriodsInput) },
      responses: {
        200: answer(FiscalYear, "Periods locked up to the date, or the year's new dates"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const asked = c.req.valid("json");
      if (!("lockedUntil" in asked)) {
        // New dates for a year nothing was posted in: the ledger as of now says whether it is so.
        await catchUpLedger(ctx, orgId);
        const entries = (await findFiscalYear(ctx, orgId, year.id)).empty ? 0 : 1;
        await runFiscal(
          ctx,
          orgId,
          { type: "RedefineFiscalYear", data: { id: year.id, start: asked.start, end: asked.end, entries } },
          commandMetadata(c, ctx),
        );
        return c.json(await findFiscalYear(ctx, orgId, year.id), 200);
      }
      const until = asked.lockedUntil;
      if (until < year.start || until > year.end)
        throw new DomainError("period.outsideYear", { until, start: year.start, end: year.end });
      await runFiscal(ctx, orgId, { type: "LockPeriod", data: { until } }, commandMetadata(c, ctx));
      return c.json(await findFiscalYear(ctx, orgId, year.id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}/calculate",
      operationId: "calculateFiscalYear",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: {
        200: answer(FiscalYearFigures, "Trial balance, income statement and balance sheet of the year"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const [balance, income, sheet] = await Promise.all([
        trialBalanceReport(ctx, orgId, year),
        incomeStatementReport(ctx, orgId, year),
        balanceSheetReport(ctx, orgId, year),
      ]);
      return c.json(
        {
          year,
          trialBalance: plain<z.infer<typeof TrialBalance>>(balance),
          incomeStatement: plain<z.infer<typeof IncomeStatement>>(income),
          balanceSheet: plain<z.infer<typeof BalanceSheet>>(sheet),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}/steps",
      operationId: "yearEndChecks",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: {
        200: answer(YearEndChecks, "What to look at before closing"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      return c.json({ warnings: await yearEndChecks(ctx, orgId, year, localeOf(c)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "get",
      path: "/{id}/createan",
      operationId: "generateOpeningEntries",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: {
        200: answer(OpeningEntry, "The next year's opening entry (a draft while this year is open)"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      return c.json({ mvt: await generateOpeningEntry(ctx, orgId, year.id, commandMetadata(c, ctx)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "get",
      path: "/{id}/validate",
      operationId: "closeFiscalYear",
      tags: ["Accounting"],
      request: {
        params: UuidParam,
        query: CloseQuery,
      },
      responses: {
        200: answer(ClosedYear, "Closed; the next year's opening entry validated"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      if (c.req.valid("query").confirm !== "irreversible")
        throw new DomainError("yearEnd.confirmIrreversible", {}, 409);
      return c.json(await closeFiscalYear(ctx, orgId, year.id, commandMetadata(c, ctx)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}/reindex",
      operationId: "reindexFiscalYear",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: {
        200: answer(
          ReindexResult,
          "Whether the per-month and per-day balances equal the sums of the ledger lines (a day's difference has the date as its period)",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const rows = await ledgerInconsistencies(ctx, orgId, year);
      return c.json({ consistent: rows.length === 0, differences: rows }, 200);
    },
  );

  return app;
};
