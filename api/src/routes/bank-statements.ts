import type { z } from "@hono/zod-openapi";
import { type BankCsvMapping, Rights } from "@registre/core";
import { createTypedStatement, importStatementFile } from "../banks/statement-import.ts";
import {
  findStatement,
  listStatementLines,
  listStatements,
  toStatement,
} from "../banks/statement-queries.ts";
import { deleteStatement, editStatement } from "../banks/statements.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { uploadedFile } from "../imports/routes.ts";
import { loadBanking } from "../payments/banking.ts";
import { applyAutomaticRules } from "../reconcile/line-entries.ts";
import {
  BankCsvMappingSchema,
  BankStatement,
  BankStatementLineList,
  BankStatementList,
  StatementDetail,
  StatementEditInput,
  StatementImportQuery,
  StatementImportReport,
  StatementLinesQuery,
  StatementListQuery,
  StatementUpload,
  TypedStatementInput,
} from "../schemas/bank-statements.ts";
import { answer, body, errors, plain, UuidParam } from "../schemas/common.ts";
import { uploadProgress } from "../uploads/progress.ts";
import { statementLineRoutes } from "./bank-statement-lines.ts";

const tags = ["Bank statements"];
type Report = z.infer<typeof StatementImportReport>;
const flag = (v: "true" | "false" | undefined) => (v === undefined ? undefined : v === "true");

const mappingOf = (text: string | undefined): BankCsvMapping | undefined => {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProblemError(422, "import.invalidMapping", { field: "mapping", detail: "JSON" });
  }
  const checked = BankCsvMappingSchema.safeParse(parsed);
  if (!checked.success)
    throw new ProblemError(422, "import.invalidMapping", { field: "mapping", detail: "BankCsvMapping" });
  return checked.data as BankCsvMapping;
};

/**
 * Bank statements, mounted at /banks/statements — before /banks, whose /{id} would take "statements".
 * The lines (/lines) and the import (/import) come before /{id} here for the same reason.
 */
export const bankStatementRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const bankNames = async (orgId: string) => {
    const { view } = await loadBanking(ctx, orgId);
    return (id: string) => view.banks[id]?.name;
  };

  app.openapi(
    accessRoute(ctx, right("statements", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listBankStatements",
      tags,
      request: { query: StatementListQuery },
      responses: { 200: answer(BankStatementList, "The statements, newest period first"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const q = c.req.valid("query");
      const [{ rows, total }, name] = await Promise.all([
        listStatements(ctx, orgId, { ...q, reconciled: flag(q.reconciled) }),
        bankNames(orgId),
      ]);
      return c.json({ items: rows.map((r) => toStatement(r, localeOf(c), name(r.bank_id))), total }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createBankStatement",
      tags,
      description:
        "A statement typed in: its lines get identities as a file's would, so a later import of the same days " +
        "adds nothing twice. The report says what was added; `statementId` is null when every line was known.",
      request: body(TypedStatementInput),
      responses: { 201: answer(StatementImportReport, "The report"), ...errors },
    }),
    async (c) =>
      c.json(
        plain<Report>(
          await createTypedStatement(
            ctx,
            sessionOrg(c),
            c.req.valid("json"),
            commandMetadata(c, ctx),
            localeOf(c),
          ),
        ),
        201,
      ),
  );

  app.openapi(
    accessRoute(ctx, right("statements.files", Rights.create), {
      upload: "statement",
      method: "post",
      path: "/import",
      operationId: "importBankStatement",
      tags,
      description:
        "A statement file (CAMT.053, OFX, MT940, CFONB 120, QIF; CSV with a column mapping, remembered per bank) " +
        "read whole or not at all — a flaw is a 422 `bankStatement.malformed` naming the line or element —; " +
        "another account or currency refused; balances that do not add up are warnings with their figures. " +
        "Lines the bank already has are left out (same file or overlapping period). A CSV with no mapping " +
        "answers the proposed mapping and the first lines (`csv`), nothing imported.",
      request: {
        query: StatementImportQuery,
        body: { content: { "application/octet-stream": { schema: StatementUpload } }, required: true },
      },
      responses: {
        200: answer(StatementImportReport, "The report (nothing new, a dry run, or the CSV mapping step)"),
        201: answer(StatementImportReport, "The statement imported"),
        ...errors,
        ...problemResponses(413),
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const bytes = await uploadedFile(c);
      const progress = uploadProgress(ctx, sessionOrg(c), c);
      const report = await importStatementFile(
        ctx,
        sessionOrg(c),
        {
          bankId: q.bankId,
          fileName: q.fileName,
          bytes,
          handOver: true,
          format: q.format,
          encoding: q.encoding,
          mapping: mappingOf(q.mapping),
          dryRun: q.dryRun === "true",
          locale: localeOf(c),
          progress: progress.report,
        },
        commandMetadata(c, ctx),
      );
      // The automatic bank rules book and match the new lines they apply to (issue 13: rules on import).
      if (report.statementId)
        await applyAutomaticRules(ctx, sessionOrg(c), report.statementId, commandMetadata(c, ctx));
      return report.statementId ? c.json(plain<Report>(report), 201) : c.json(plain<Report>(report), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements", Rights.read), {
      method: "get",
      path: "/lines",
      operationId: "listBankStatementLines",
      tags,
      request: { query: StatementLinesQuery },
      responses: {
        200: answer(BankStatementLineList, "The lines, with the selection's count and sum"),
        ...errors,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(await listStatementLines(ctx, sessionOrg(c), { ...q, matched: flag(q.matched) }), 200);
    },
  );

  app.route("/", statementLineRoutes(ctx));

  app.openapi(
    accessRoute(ctx, right("statements", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getBankStatement",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(StatementDetail, "The statement and its lines"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const [row, name] = await Promise.all([findStatement(ctx, orgId, id), bankNames(orgId)]);
      const lines = await listStatementLines(ctx, orgId, { statementId: id, limit: 100_000, offset: 0 });
      return c.json({ ...toStatement(row, localeOf(c), name(row.bank_id)), lines: lines.items }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateBankStatement",
      tags,
      description:
        "Its label, reference, period and balances (the balance check made again); lines are the bank's.",
      request: { params: UuidParam, ...body(StatementEditInput) },
      responses: { 200: answer(BankStatement, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const b = c.req.valid("json");
      await editStatement(
        ctx,
        orgId,
        id,
        {
          label: b.label.trim(),
          reference: b.reference?.trim() || null,
          from: b.from,
          to: b.to,
          opening: b.opening ? { amount: b.opening.amount, date: b.opening.date ?? null } : null,
          closing: b.closing ? { amount: b.closing.amount, date: b.closing.date ?? null } : null,
        },
        commandMetadata(c, ctx),
      );
      const [row, name] = await Promise.all([findStatement(ctx, orgId, id), bankNames(orgId)]);
      return c.json(toStatement(row, localeOf(c), name(row.bank_id)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteBankStatement",
      tags,
      description: "Only while none of its lines is matched; its lines then no longer count as imported.",
      request: { params: UuidParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      await deleteStatement(ctx, sessionOrg(c), c.req.valid("param").id, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  return app;
};
