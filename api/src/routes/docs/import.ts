import type { z } from "@hono/zod-openapi";
import { hasRight, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import {
  importSupplierInvoice,
  type SupplierFile,
  supplierContactInput,
  supplierMatch,
  supplierOnDebits,
} from "../../documents/einvoice/import.ts";
import { supplierWarnings } from "../../documents/queries.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf, ProblemError } from "../../http/problem.ts";
import { problemResponses } from "../../http/schemas.ts";
import { uploadedFile } from "../../imports/routes.ts";
import { answer, errors } from "../../schemas/common.ts";
import { DocImportQuery, DocImportResult, DocImportUpload } from "../../schemas/docs-import.ts";

type Result = z.infer<typeof DocImportResult>;

const invoiceOf = (read: SupplierFile): Result["invoice"] => {
  if (!read.invoice) return null;
  const { invoice: i, proposal: p } = read;
  return {
    profile: i.profile,
    typeCode: i.typeCode,
    kind: p.kind,
    number: i.number,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    operationCategory: i.operationCategory,
    precedingInvoice: i.precedingInvoice?.number ?? null,
    seller: {
      name: i.seller.name,
      siren: i.seller.siren,
      vatNumber: i.seller.vatNumber,
      address: i.seller.address && { ...i.seller.address, lines: [...i.seller.address.lines] },
    },
    totals: p.totals,
    vat: i.vatBreakdown.map((b) => ({ category: b.category, rate: b.rate, base: b.base, vat: b.vat })),
    lines: p.lines.map((l) => ({
      label: l.label,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      vatExemption: l.vatExemption ?? null,
    })),
    linesMissing: p.linesMissing,
  };
};

/**
 * `POST /docs/import` (the screen /org/purchases/invoices/import): a supplier's Factur-X PDF, CII or UBL
 * XML, or a plain PDF. `dryRun=true` answers what was read and the supplier matched or proposed; then
 * the same file with the choice creates the draft purchase invoice. Mounted before `/docs/{id}`.
 */
export const documentImportRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      upload: "supplierInvoice",
      method: "post",
      path: "/import",
      operationId: "importSupplierInvoice",
      tags: ["Documents"],
      description:
        "Reads the file from its bytes (never its name): its BR-CO-10…17 totals, the supplier's identity and the " +
        "profile are checked, a refusal is a problem (`einvoice.*`) and creates nothing. With `dryRun` nothing is " +
        "written; otherwise the draft purchase invoice (or credit note) is created — with the supplier matched, " +
        "chosen (`supplierId`) or created (`createSupplier=true`) — and the original file attached to it, in one " +
        "commit: the new supplier, the draft and the file are stored together or not at all. Texts read from the " +
        "file are cleaned of control characters and bidirectional overrides. " +
        "Rights: purchases.invoices (create), contacts (create) to create the supplier.",
      request: {
        query: DocImportQuery,
        body: { content: { "application/octet-stream": { schema: DocImportUpload } }, required: true },
      },
      responses: {
        200: answer(DocImportResult, "What the file says and what it would create (dryRun)"),
        201: answer(DocImportResult, "The draft created"),
        ...errors,
        ...problemResponses(413),
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const query = c.req.valid("query");
      requireDocumentRight(c, { direction: "purchases", kind: "invoice" }, Rights.create);
      let bytes = await uploadedFile(c);
      // Read in the worker pool, within the organisation's upload limits (`workers/tasks.ts`).
      const read = await ctx.work.run(
        "supplierFile",
        { bytes, limits: ctx.uploadLimits.supplierInvoice },
        {
          // Moved to the thread and back, not copied: the original is kept with the draft.
          moveBytes: true,
          bytesBack: (back) => {
            bytes = back;
          },
        },
      );
      const [match, warnings] = read.invoice
        ? await Promise.all([
            supplierMatch(ctx, orgId, read.invoice.seller),
            supplierWarnings(ctx, orgId, read.invoice.seller, localeOf(c)),
          ])
        : [null, []];
      const proposal =
        read.invoice && !match
          ? supplierContactInput(read.invoice.seller, supplierOnDebits(read.invoice))
          : null;
      const base: Result = {
        source: read.source,
        invoice: invoiceOf(read),
        supplier: {
          match,
          proposal: proposal
            ? {
                name: proposal.name ?? "",
                siren: proposal.legal?.siren ?? null,
                vatNumber: proposal.legal?.vatNumber ?? null,
                city: proposal.addresses?.[0]?.city ?? null,
              }
            : null,
        },
        warnings,
        created: null,
      };
      if (query.dryRun === "true") return c.json(base, 200);
      const createSupplier = query.createSupplier === "true" && !query.supplierId && !match;
      if (createSupplier && !hasRight(c.get("rights"), "contacts", Rights.create))
        throw new ProblemError(403, "identity.forbidden", { code: "contacts" });
      const created = await importSupplierInvoice(
        ctx,
        orgId,
        {
          bytes,
          name:
            query.name ?? (read.source === "cii" || read.source === "ubl" ? "facture.xml" : "facture.pdf"),
          contentType: read.source === "cii" || read.source === "ubl" ? "application/xml" : "application/pdf",
        },
        read,
        { supplierId: query.supplierId, createSupplier },
        commandMetadata(c, ctx),
        localeOf(c),
      );
      return c.json({ ...base, created }, 201);
    },
  );
  return app;
};
