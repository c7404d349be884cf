import { z } from "@hono/zod-openapi";

/** The supplier-invoice import (`POST /docs/import`): a Factur-X PDF, a CII or UBL XML, or a plain PDF. */
export const DocImportQuery = z.object({
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "true: read and check the file, answer what it would create, write nothing" }),
  supplierId: z.uuid().optional().openapi({ description: "The contact chosen as the supplier" }),
  createSupplier: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "true: create the supplier proposed when none matched (the user confirmed it)" }),
  name: z.string().max(255).optional().openapi({ description: "The file's name, kept with the original" }),
});

export const DocImportUpload = z.string().openapi({ format: "binary" });

const Address = z.object({
  lines: z.array(z.string()),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
});

export const DocImportResult = z
  .object({
    source: z.enum(["facturx", "cii", "ubl", "pdf"]).openapi({
      description:
        "facturx: a PDF with its XML; cii, ubl: an XML; pdf: a plain PDF (an empty draft for manual entry)",
    }),
    invoice: z
      .object({
        profile: z.string(),
        typeCode: z.string(),
        kind: z.enum(["invoice", "creditNote"]),
        number: z.string(),
        issueDate: z.string(),
        dueDate: z.string().nullable(),
        operationCategory: z.string().nullable(),
        precedingInvoice: z.string().nullable(),
        seller: z.object({
          name: z.string(),
          siren: z.string().nullable(),
          vatNumber: z.string().nullable(),
          address: Address.nullable(),
        }),
        totals: z.object({
          excludingTax: z.number().int(),
          vat: z.number().int(),
          includingTax: z.number().int(),
          due: z.number().int(),
        }),
        vat: z.array(
          z.object({ category: z.string(), rate: z.string(), base: z.number().int(), vat: z.number().int() }),
        ),
        lines: z.array(
          z.object({
            label: z.string(),
            quantity: z.string(),
            unitPrice: z.string(),
            vatRate: z.string(),
            vatExemption: z.string().nullable(),
          }),
        ),
        linesMissing: z
          .boolean()
          .openapi({ description: "MINIMUM carries no lines: the draft's are entered by hand" }),
      })
      .nullable(),
    supplier: z.object({
      match: z
        .object({ id: z.uuid(), name: z.string(), by: z.enum(["siren", "vatNumber", "name"]) })
        .nullable(),
      proposal: z
        .object({
          name: z.string(),
          siren: z.string().nullable(),
          vatNumber: z.string().nullable(),
          city: z.string().nullable(),
        })
        .nullable()
        .openapi({
          description: "The contact the import creates with createSupplier=true when none matched",
        }),
    }),
    warnings: z.array(z.object({ code: z.string(), message: z.string() })).openapi({
      description:
        "What to check before importing, in the request's language: `doc.supplierOwnSiren`, the file's seller has the organisation's own SIREN (its own invoice?)",
    }),
    created: z
      .object({
        docId: z.uuid(),
        contactId: z.uuid().nullable(),
        contactCreated: z.boolean(),
        originalAttached: z.boolean(),
      })
      .nullable(),
  })
  .openapi("DocImportResult");
