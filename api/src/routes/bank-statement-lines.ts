import { DomainError, Rights } from "@registre/core";
import { findStatement, findStatementLine } from "../banks/statement-queries.ts";
import { matchStatementLine, unmatchStatementLine } from "../banks/statements.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { fileHeaders } from "../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { BankStatementLine, LineParam, MatchInput } from "../schemas/bank-statements.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";

const tags = ["Bank statements"];

/** A line number of the path: a positive integer, else the line is not found. */
const lineNo = (text: string): number => {
  const no = /^[1-9]\d{0,8}$/.test(text) ? Number(text) : 0;
  if (no === 0) throw new DomainError("bankStatement.lineNotFound", { no: text }, 404);
  return no;
};

const lineOf = findStatementLine;

/** A statement's lines matched and unmatched by hand, and its original file (mounted with the statements). */
export const statementLineRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("statements.reconcile", Rights.update), {
      method: "put",
      path: "/{id}/lines/{no}/match",
      operationId: "matchBankStatementLine",
      tags,
      description:
        "Matches the line to an existing payment, deposit or entry: its validated line on the bank's 512 account, " +
        "of the line's amount, not matched to another statement line (`StatementLineMatched`, by the user).",
      request: { params: LineParam, ...body(MatchInput) },
      responses: { 200: answer(BankStatementLine, "The line, matched"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      await matchStatementLine(ctx, orgId, id, no, c.req.valid("json"), "user", commandMetadata(c, ctx));
      return c.json(await lineOf(ctx, orgId, id, no), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements.reconcile", Rights.update), {
      method: "delete",
      path: "/{id}/lines/{no}/match",
      operationId: "unmatchBankStatementLine",
      tags,
      description:
        "Undoes a match (`StatementLineUnmatched`); refused once the line's day is in a locked period.",
      request: { params: LineParam },
      responses: { 204: { description: "Unmatched" }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const no = lineNo(c.req.valid("param").no);
      await unmatchStatementLine(ctx, sessionOrg(c), id, no, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("statements.files", Rights.read), {
      method: "get",
      path: "/{id}/file",
      operationId: "downloadBankStatementFile",
      tags,
      request: { params: UuidParam },
      responses: {
        200: { description: "The file as imported", content: { "application/octet-stream": { schema: {} } } },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const row = await findStatement(ctx, orgId, c.req.valid("param").id);
      const bytes = row.file_sha256 ? await ctx.files.get(`attachments/${orgId}/${row.file_sha256}`) : null;
      if (!bytes || !row.file_name) throw new DomainError("bankStatement.noFile", {}, 404);
      return c.body(bytes, 200, {
        ...fileHeaders(row.file_name, "application/octet-stream"),
        "cache-control": "no-store",
      }) as never;
    },
  );

  return app;
};
