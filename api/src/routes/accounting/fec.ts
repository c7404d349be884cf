import { type FecFinding, Rights } from "@registre/core";
import { entriesCsv } from "../../accounting/csv.ts";
import { exportFec, importFec } from "../../accounting/fec.ts";
import { findFiscalYear } from "../../accounting/queries.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { isMessageCode, translate } from "../../http/messages.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { listedFindings } from "../../imports/import-file.ts";
import { answer, errors, UuidParam } from "../../schemas/common.ts";
import { DownloadQuery, FecUpload, FileText, ImportQuery, ImportResult } from "../../schemas/fec.ts";
import { uploadProgress } from "../../uploads/progress.ts";

/** A year's entries as a FEC or CSV file, and the FEC import. Mounted at /accounting/entries. */
export const fecRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("entries.export", Rights.read), {
      method: "get",
      path: "/download/{id}",
      operationId: "downloadEntries",
      tags: ["Accounting"],
      request: {
        params: UuidParam,
        query: DownloadQuery,
      },
      responses: {
        200: {
          description:
            "The fiscal year's FEC (`<SIREN>FEC<closing date>.txt`) or its entries as CSV, streamed",
          content: { "text/plain": { schema: FileText }, "text/csv": { schema: FileText } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const query = c.req.valid("query");
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      // Pulled chunk by chunk: a slow client holds the export back instead of filling memory, and a
      // client that goes away ends it (its COPY connection too).
      const stream = (chunks: AsyncIterable<string | Uint8Array>) => {
        const encoder = new TextEncoder();
        const iterator = chunks[Symbol.asyncIterator]();
        return new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await iterator.next();
            if (next.done) controller.close();
            else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
          },
          async cancel() {
            await iterator.return?.();
          },
        });
      };
      if (query.format === "csv") {
        const name = `ecritures-${year.start}-${year.end}.csv`;
        return c.body(stream(entriesCsv(ctx, orgId, year)), 200, {
          ...fileHeaders(name, "text/csv; charset=utf-8"),
        }) as never;
      }
      const exported = await exportFec(ctx, orgId, year.id, {
        separator: query.separator === "pipe" ? "|" : "\t",
        until: query.until,
      });
      return c.body(stream(exported.chunks), 200, {
        ...fileHeaders(exported.fileName, "text/plain; charset=utf-8"),
        "x-fec-lines": String(exported.lineCount),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.create), {
      upload: "fec",
      method: "post",
      path: "/import",
      operationId: "importFec",
      tags: ["Accounting"],
      request: {
        query: ImportQuery,
        body: {
          content: { "application/octet-stream": { schema: FecUpload } },
          required: true,
        },
      },
      responses: {
        200: answer(ImportResult, "Imported whole; or, with errors, nothing written"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const query = c.req.valid("query");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const progress = uploadProgress(ctx, orgId, c);
      const dryRun = query.dryRun === "true";
      const result = await importFec(ctx, orgId, bytes, query.name, commandMetadata(c, ctx), {
        dryRun,
        progress: progress.report,
        handOver: true,
      });
      const locale = localeOf(c);
      // The file's own findings are worded by the client from their code and params; a refusal of the
      // books (the core's code) also comes in the reader's language, as a problem's detail would — not
      // when its params are not the sentence's (the count of entries refused for one reason).
      const detail = (f: FecFinding) => {
        if (f.code.startsWith("fec.") || !isMessageCode(f.code)) return undefined;
        const text = translate(f.code, locale, f.params);
        return /\{\w+\}/.test(text) ? undefined : text;
      };
      const finding = (f: FecFinding) => {
        const worded = detail(f);
        return {
          line: f.line,
          ...(f.field !== undefined && { field: f.field }),
          code: f.code,
          message: f.message,
          ...(f.params && { params: f.params }),
          ...(worded !== undefined && { detail: worded }),
        };
      };
      const listed = listedFindings(result);
      return c.json(
        {
          fileName: result.fileName,
          encoding: result.encoding,
          separator: result.separator === "|" ? ("pipe" as const) : ("tab" as const),
          records: result.records,
          period: result.period,
          dryRun,
          written: !dryRun && result.errors.length === 0,
          entries: result.entries,
          lines: result.lines,
          lettered: result.lettered,
          journalsCreated: [...result.journalsCreated],
          accountsCreated: result.accountsCreated,
          auxiliaryAccountsCreated: result.auxiliaryAccountsCreated,
          fiscalYears: [...result.fiscalYearsOpened],
          fiscalYearsMoved: result.fiscalYearsMoved.map(({ start, end, was }) => ({ start, end, was })),
          warnings: listed.warnings.map(finding),
          errors: listed.errors.map(finding),
          warningCount: listed.warningCount,
          errorCount: listed.errorCount,
        },
        200,
      );
    },
  );

  return app;
};
