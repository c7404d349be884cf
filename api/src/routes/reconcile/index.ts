import type { z } from "@hono/zod-openapi";
import { DomainError, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { loadOrganisation } from "../../documents/context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { acceptSuggestion, declineSuggestion, reconcileSelection } from "../../reconcile/accept.ts";
import { applyRule, createLineEntry } from "../../reconcile/line-entries.ts";
import { reconciliationReport } from "../../reconcile/report.ts";
import { renderReconciliationPdf } from "../../reconcile/report-pdf.ts";
import { lineSuggestions, statementSuggestions } from "../../reconcile/suggestions.ts";
import { answer, body, errors, plain } from "../../schemas/common.ts";
import {
  AcceptInput,
  AcceptResult,
  AppliedRules,
  ApplyRulesInput,
  BulkReconcileInput,
  BulkReconcileResult,
  DeclineInput,
  LineEntryInput,
  LineEntryResult,
  LineSuggestions,
  ReconciliationQuery,
  ReconciliationReport,
  StatementLineParams,
  StatementParam,
  StatementSuggestions,
} from "../../schemas/reconcile.ts";

const RIGHT = "statements.reconcile";

/** A line's number in a path: 1, 2…; anything else is a line that does not exist. */
const lineNo = (text: string): number => {
  const no = /^[1-9]\d{0,6}$/.test(text) ? Number(text) : 0;
  if (no === 0) throw new DomainError("bankStatement.lineNotFound", { no: text }, 404);
  return no;
};
const TAGS = ["Banks"];

/**
 * Reconciliation of a statement's lines, mounted at /banks/reconcile (the spec names no route):
 * `GET /{id}/suggestions` each unmatched line's best suggestion, `GET /{id}/lines/{no}/suggestions` a
 * line's suggestions with their reasons and the rule that applies, `POST …/accept` one click,
 * `POST …/decline` (remembered), `POST …/entry` a line without a document booked, `POST /{id}/rules`
 * a rule applied to lines, `POST /{id}/bulk` a selection reconciled.
 */
export const reconcileRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/{id}/suggestions",
      operationId: "listStatementSuggestions",
      tags: TAGS,
      request: { params: StatementParam },
      responses: { 200: answer(StatementSuggestions, "Each unmatched line's best suggestion"), ...errors },
    }),
    async (c) =>
      c.json(
        plain<z.infer<typeof StatementSuggestions>>(
          await statementSuggestions(ctx, sessionOrg(c), c.req.valid("param").id),
        ),
        200,
      ),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/{id}/lines/{no}/suggestions",
      operationId: "listLineSuggestions",
      tags: TAGS,
      description:
        "Open invoices (due equal, or sums of a contact's), the invoice number in the label, the contact's IBAN or name, date proximity, and the bank's 512 movements not yet reconciled; ranked, with their reasons; declined ones left out.",
      request: { params: StatementLineParams },
      responses: { 200: answer(LineSuggestions, "The line's suggestions, best first"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      return c.json(
        plain<z.infer<typeof LineSuggestions>>(await lineSuggestions(ctx, sessionOrg(c), id, no)),
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.create), {
      method: "post",
      path: "/{id}/lines/{no}/accept",
      operationId: "acceptLineSuggestion",
      tags: TAGS,
      description:
        "Invoices: records and validates the payment (entry, allocations, lettering) and matches the line, in one commit. A payment, deposit or entry: matches the line to its 512 line.",
      request: { params: StatementLineParams, ...body(AcceptInput) },
      responses: { 200: answer(AcceptResult, "Accepted"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      const { paymentId } = await acceptSuggestion(
        ctx,
        sessionOrg(c),
        id,
        no,
        c.req.valid("json").key,
        commandMetadata(c, ctx),
      );
      return c.json({ statementId: id, no, paymentId }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.update), {
      method: "post",
      path: "/{id}/lines/{no}/decline",
      operationId: "declineLineSuggestion",
      tags: TAGS,
      description: "Declines a suggestion for the line (or offers it again with `restore`); remembered.",
      request: { params: StatementLineParams, ...body(DeclineInput) },
      responses: { 204: { description: "Declined" }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      const { key, restore } = c.req.valid("json");
      await declineSuggestion(ctx, sessionOrg(c), id, no, key, restore ?? false, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.create), {
      method: "post",
      path: "/{id}/lines/{no}/entry",
      operationId: "createLineEntry",
      tags: TAGS,
      description:
        "A line without a document: its entry (account, VAT rate, label, contact) posted and validated in the bank's journal, and the line matched to it.",
      request: { params: StatementLineParams, ...body(LineEntryInput) },
      responses: { 201: answer(LineEntryResult, "Booked and matched"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      const mvt = await createLineEntry(
        ctx,
        sessionOrg(c),
        id,
        no,
        c.req.valid("json"),
        commandMetadata(c, ctx),
      );
      return c.json({ statementId: id, no, mvt }, 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.create), {
      method: "post",
      path: "/{id}/rules",
      operationId: "applyBankRules",
      tags: TAGS,
      description:
        "Applies the rule named (or, for each line, the rule that applies to it) to the unmatched lines given.",
      request: { params: StatementParam, ...body(ApplyRulesInput) },
      responses: { 200: answer(AppliedRules, "The lines booked"), ...errors },
    }),
    async (c) => {
      const { nos, ruleId } = c.req.valid("json");
      return c.json(
        await applyRule(ctx, sessionOrg(c), c.req.valid("param").id, nos, ruleId, commandMetadata(c, ctx)),
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.create), {
      method: "post",
      path: "/{id}/bulk",
      operationId: "reconcileLines",
      tags: TAGS,
      description:
        "Reconciles a selection: each line with the suggestion key given, or its best suggestion when clearly ahead. Matches go in one commit; each invoice payment in its own.",
      request: { params: StatementParam, ...body(BulkReconcileInput) },
      responses: { 200: answer(BulkReconcileResult, "What was done per line"), ...errors },
    }),
    async (c) =>
      c.json(
        await reconcileSelection(
          ctx,
          sessionOrg(c),
          c.req.valid("param").id,
          c.req.valid("json").items,
          commandMetadata(c, ctx),
        ),
        200,
      ),
  );
  return app;
};

/** The reconciliation statement of a bank at a date, mounted at /banks/reconciliation: JSON and PDF. */
export const reconciliationRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/",
      operationId: "getReconciliationStatement",
      tags: TAGS,
      request: { query: ReconciliationQuery },
      responses: { 200: answer(ReconciliationReport, "The reconciliation statement"), ...errors },
    }),
    async (c) => {
      const { bankId, date } = c.req.valid("query");
      return c.json(
        plain<z.infer<typeof ReconciliationReport>>(
          await reconciliationReport(ctx, sessionOrg(c), bankId, date),
        ),
        200,
      );
    },
  );
  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/pdf",
      operationId: "getReconciliationStatementPdf",
      tags: TAGS,
      request: { query: ReconciliationQuery },
      responses: {
        200: {
          description: "The reconciliation statement as a PDF",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { bankId, date } = c.req.valid("query");
      const [report, org] = await Promise.all([
        reconciliationReport(ctx, orgId, bankId, date),
        loadOrganisation(ctx, orgId),
      ]);
      if (org.state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
      const pdf = await renderReconciliationPdf(report, localeOf(c), org.state.name);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...fileHeaders(`rapprochement-${date}.pdf`, "application/pdf"),
      });
    },
  );
  return app;
};
