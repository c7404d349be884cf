import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { findOrganisation } from "../../organisations.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  ValidateVatReturnInput,
  VatBoxLines,
  VatBoxParams,
  VatFile,
  VatOverview,
  VatOverviewQuery,
  VatPeriodParam,
  VatReturn,
  VatReturnQuery,
} from "../../schemas/vat.ts";
import { vatReturnCsv, vatReturnPdf } from "../../vat/print.ts";
import { validateVatReturn } from "../../vat/validate.ts";
import { boxLines, findReturn, vatOverview } from "../../vat/view.ts";

/**
 * The VAT return (issue 22), mounted at /accounting/vat: the year's periods and their states, a return
 * with its boxes and warnings, a box's lines, the copy sheet as PDF and CSV.
 */
export const vatRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/",
      operationId: "getVatReturns",
      tags: ["Accounting"],
      request: { query: VatOverviewQuery },
      responses: { 200: answer(VatOverview, "The year's periods, and one return in full"), ...errors },
    }),
    async (c) => c.json(await vatOverview(ctx, sessionOrg(c), c.req.valid("query"), localeOf(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/{period}",
      operationId: "getVatReturn",
      tags: ["Accounting"],
      request: { params: VatPeriodParam, query: VatReturnQuery },
      responses: {
        200: answer(VatReturn, "The return: computed live until validated, then as declared"),
        ...errors,
      },
    }),
    async (c) => {
      const { refund, reference, corrections } = c.req.valid("query");
      return c.json(
        await findReturn(
          ctx,
          sessionOrg(c),
          c.req.valid("param").period,
          localeOf(c),
          refund,
          reference,
          corrections,
        ),
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "get",
      path: "/{period}/boxes/{box}",
      operationId: "getVatBoxLines",
      tags: ["Accounting"],
      request: { params: VatBoxParams },
      responses: { 200: answer(VatBoxLines, "The box and the VAT lines it sums"), ...errors },
    }),
    async (c) => {
      const { period, box } = c.req.valid("param");
      return c.json(await boxLines(ctx, sessionOrg(c), period, box, localeOf(c)), 200);
    },
  );

  for (const format of ["pdf", "csv"] as const)
    app.openapi(
      accessRoute(ctx, right("accounting", Rights.read), {
        method: "get",
        path: `/{period}/${format}`,
        operationId: format === "pdf" ? "downloadVatReturnPdf" : "downloadVatReturnCsv",
        tags: ["Accounting"],
        request: { params: VatPeriodParam },
        responses: {
          200: {
            description:
              format === "pdf"
                ? "The return laid out like its form: 3310-CA3-SD, 3517-S-SD (CA12) or 3514-SD (an instalment)"
                : "The copy sheet: one row per box, in the form's order (`;`, UTF-8)",
            content:
              format === "pdf"
                ? { "application/pdf": { schema: VatFile } }
                : { "text/csv": { schema: VatFile } },
          },
          ...errors,
        },
      }),
      async (c) => {
        const orgId = sessionOrg(c);
        const locale = localeOf(c);
        const view = await findReturn(ctx, orgId, c.req.valid("param").period, locale);
        const org = await findOrganisation(ctx, orgId);
        const identity = { name: org.name, siren: org.siren };
        const name = `tva-${view.form.id}-${view.period}.${format}`;
        if (format === "csv")
          return c.body(vatReturnCsv(view, identity, locale), 200, {
            ...fileHeaders(name, "text/csv; charset=utf-8"),
          }) as never;
        const bytes = await vatReturnPdf(view, identity, locale);
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          ...fileHeaders(name, "application/pdf"),
        }) as never;
      },
    );

  return app;
};

/** Validating a period's return: the return and its settlement entry. Mounted at /accounting/entries. */
export const vatValidationRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.create), {
      method: "post",
      path: "/vat",
      operationId: "validateVatReturn",
      tags: ["Accounting"],
      description:
        "Validates a period's return (a CA3 month or quarter, a CA12 year) with its settlement entry, or posts one of the CA12's instalments (period YYYY-AC1 in July, YYYY-AC2 in December: 55 % and 40 % of last year's CA12 line 57, none under 1 000 €; 445810 / 445510 in OD), once. A return may carry corrections of earlier validated returns, each with its reason (boxes 15 and 21), kept on its fact; a validated return never changes.",
      request: body(ValidateVatReturnInput),
      responses: {
        201: answer(
          VatReturn,
          "The return validated, with its settlement entry (OD) posted in the same commit; for a CA12 instalment (YYYY-AC1, YYYY-AC2), the instalment with its entry 445810 / 445510",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const input = c.req.valid("json");
      const { period } = await validateVatReturn(ctx, orgId, input, commandMetadata(c, ctx));
      return c.json(await findReturn(ctx, orgId, period, localeOf(c)), 201);
    },
  );
  return app;
};
