import { z } from "@hono/zod-openapi";
import { type DomainError, hasRight, parisDate, Rights } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../../context.ts";
import { changeStatus } from "../../documents/commands.ts";
import { liveDocument } from "../../documents/context.ts";
import { reportPeriod, salesReport } from "../../documents/management-reports.ts";
import { agedPeriod, agedReport } from "../../documents/management-reports-aged.ts";
import { documentDetail, documentStatistics, findDocument } from "../../documents/queries.ts";
import { parseDocType, requireDocumentRight } from "../../documents/rights.ts";
import { sellerWarnings } from "../../documents/settings.ts";
import { checkValidation, validateDocument, validateDocuments } from "../../documents/validation.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { withField } from "../../http/field-problems.ts";
import { translate } from "../../http/messages.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf, type ProblemError } from "../../http/problem.ts";
import type { AuthEnv } from "../../identity/auth.ts";
import { findOrganisation } from "../../organisations.ts";
import { reportFile } from "../../reports-export/index.ts";
import { XLSX_MEDIA_TYPE } from "../../reports-export/xlsx.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  BulkValidationInput,
  BulkValidationReport,
  DocIdParam,
  DocStatusParams,
  Document,
  DocumentStats,
  DocumentValidationCheck,
} from "../../schemas/docs.ts";
import {
  DocStatsQuery,
  DocStatsTypeParam,
  isReportType,
  ManagementReport,
  type ManagementReportView,
  type ReportFormat,
  type ReportType,
} from "../../schemas/management-reports.ts";

const ReportFileSchema = z.string().openapi({ format: "binary" });

const tags = ["Documents"];

/**
 * A document's status and validation (/docs): `PUT /{id}/status/{status}` (validated = numbered and
 * posted, for invoices and credit notes), the validation check, bulk validation, and the statistics.
 * Mounted before `/{id}`, which would take `validate` and `stats`.
 */
export const documentStatusRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  /** A management report, as JSON or as a file; refusals naming their field (`to` before `from`). */
  const managementReport = async (
    c: Context<AuthEnv>,
    type: ReportType,
    range: { from?: string | undefined; to?: string | undefined },
    format: ReportFormat | undefined,
  ) => {
    const aged = type === "aged-receivables" || type === "aged-payables";
    const direction = type.startsWith("purchases") || type === "aged-payables" ? "purchases" : "sales";
    requireDocumentRight(c, { direction, kind: "invoice" }, Rights.read);
    const orgId = sessionOrg(c);
    const locale = localeOf(c);
    let report: ManagementReportView;
    try {
      report = aged
        ? await agedReport(ctx, orgId, type, agedPeriod(ctx, range), {
            // The books' figure beside the documents' only to a member who may read them (as the dashboard).
            ledger: hasRight(c.get("rights"), "accounting", Rights.read),
          })
        : await salesReport(ctx, orgId, type, await reportPeriod(ctx, orgId, range));
    } catch (error) {
      throw withField(error, locale);
    }
    if (!format || format === "json") return c.json(report, 200);
    const organisation = (await findOrganisation(ctx, orgId)).name;
    const file = await reportFile(report, format, locale, organisation, parisDate(ctx.clock()));
    return c.body(file.body as string, 200, fileHeaders(file.name, file.contentType));
  };

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/stats/{type}",
      operationId: "getDocumentStats",
      tags,
      description:
        "`<direction>-<kind>`: counts and amounts (cents) per status and per month of those documents. A management " +
        "report (issue 26) over a period of issue dates (`from`, `to`; the current fiscal year by default), from the " +
        "validated invoices and credit notes: `sales-by-customer`, `sales-by-item`, `sales-by-month`, " +
        "`purchases-by-supplier`, `margin-by-item` (sales less cost over the lines whose cost is known, the others " +
        "counted), `aged-receivables` and `aged-payables` (what is left due per contact by days past due at `to`, " +
        "today by default, and `ledger`, the third-party accounts' balance in the books that day, to a member who may " +
        "read the accounting); with `format` (`csv`, `xlsx`, `pdf`) the report as a file to download. The sales " +
        "reports need the right to read sales invoices, the purchases ones purchase invoices.",
      request: { params: DocStatsTypeParam, query: DocStatsQuery },
      responses: {
        200: {
          description: "The statistics, the report, or the report's file",
          content: {
            "application/json": { schema: z.union([DocumentStats, ManagementReport]) },
            "text/csv": { schema: ReportFileSchema },
            [XLSX_MEDIA_TYPE]: { schema: ReportFileSchema },
            "application/pdf": { schema: ReportFileSchema },
          },
        },
        ...errors,
      },
    }),
    async (c) => {
      const { type } = c.req.valid("param");
      const { format, ...range } = c.req.valid("query");
      if (isReportType(type)) return managementReport(c, type, range, format);
      const docType = parseDocType(type);
      requireDocumentRight(c, docType, Rights.read);
      const stats = await documentStatistics(ctx, sessionOrg(c), docType.direction, docType.kind, range);
      return c.json(
        {
          byStatus: { ...stats.byStatus },
          byMonth: stats.byMonth.map((m) => ({
            month: m.month,
            total: m.total,
            byStatus: { ...m.byStatus },
          })),
          total: stats.total,
        } as never,
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/validate",
      operationId: "validateDocuments",
      tags,
      description:
        "Validates a selection in the order of their dates, each in its own commit (numbered and posted with its " +
        "entry); answers what was validated and, per refused document, why. The others go on.",
      request: body(BulkValidationInput),
      responses: { 200: answer(BulkValidationReport, "The report"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { ids } = c.req.valid("json");
      const locale = localeOf(c);
      const allowed: string[] = [];
      const refused: { id: string; code: string; field: string | null; message: string }[] = [];
      const problem = (id: string, error: DomainError | ProblemError) => ({
        id,
        code: error.code,
        field: typeof error.params.field === "string" ? error.params.field : null,
        message: translate(error.code, locale, error.params),
      });
      for (const id of ids) {
        try {
          const doc = await liveDocument(ctx, orgId, id);
          requireDocumentRight(c, doc, Rights.update, "validate");
          allowed.push(id);
        } catch (error) {
          if (!(error instanceof Error) || !("code" in error)) throw error;
          refused.push(problem(id, error as DomainError));
        }
      }
      const report = await validateDocuments(ctx, orgId, allowed, commandMetadata(c, ctx));
      return c.json(
        {
          validated: report.validated,
          refused: [...refused, ...report.refused.map((r) => problem(r.id, r.error))],
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/validate",
      operationId: "checkDocumentValidation",
      tags,
      description:
        "What validating the document now would refuse, nothing written: the mandatory mentions missing, the " +
        "posting's refusals (an account missing, a locked period, a closed year), each with its field; for a sales " +
        "invoice or credit note still a draft, the seller's mentions its settings leave out (`warnings`, never refusals).",
      request: { params: DocIdParam },
      responses: { 200: answer(DocumentValidationCheck, "The check"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.read);
      const locale = localeOf(c);
      const problems = (await checkValidation(ctx, orgId, id)).map((p) => ({
        code: p.code,
        field: p.field,
        message: translate(p.code, locale, p.params),
      }));
      // Before a sales invoice or credit note is issued: the seller's mentions its settings leave out.
      const issued = doc.direction === "sales" && (doc.kind === "invoice" || doc.kind === "creditNote");
      const warnings = issued && doc.status === "draft" ? await sellerWarnings(ctx, orgId, locale) : [];
      return c.json({ valid: problems.length === 0, problems, warnings }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/{id}/status/{status}",
      operationId: "changeDocumentStatus",
      tags,
      description:
        "Moves the document along its kind's lifecycle (the core's table). `validated` on an invoice or credit " +
        "note validates it: numbered and posted with its entry in one commit (the right `…invoices.validate`). " +
        "A refused transition is 409 `doc.transitionRefused`.",
      request: { params: DocStatusParams },
      responses: { 200: answer(Document, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id, status } = c.req.valid("param");
      const doc = await liveDocument(ctx, orgId, id);
      const metadata = commandMetadata(c, ctx);
      try {
        if (status === "validated" && (doc.kind === "invoice" || doc.kind === "creditNote")) {
          requireDocumentRight(c, doc, Rights.update, "validate");
          await validateDocument(ctx, orgId, id, metadata);
        } else {
          requireDocumentRight(c, doc, Rights.update);
          await changeStatus(ctx, orgId, id, status, metadata);
        }
      } catch (error) {
        throw withField(error, localeOf(c));
      }
      return c.json(await documentDetail(ctx, orgId, await findDocument(ctx, orgId, id), localeOf(c)), 200);
    },
  );

  return app;
};
