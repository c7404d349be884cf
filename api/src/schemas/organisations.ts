import { z } from "@hono/zod-openapi";
import { type VatRegime, vatPeriodicities, vatRegimes } from "@registre/core";
import { FILE_NAME } from "../files/logos.ts";
import { pathParams, Uuid } from "./ids.ts";

/** Organisations: the platform's list (/api/registre/orgs) and the signed-in one (/api/org). */
export const Address = z
  .object({
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).optional(),
    postalCode: z.string().min(1).max(20),
    city: z.string().min(1).max(100),
    country: z.string().length(2),
  })
  .openapi("PostalAddress");

/** The settings an organisation is created or changed with. */
const Settings = {
  siren: z.string().min(9).max(11).openapi({ example: "123456782" }),
  vatNumber: z.string().max(20).nullable().optional().openapi({ example: "FR11123456782" }),
  address: Address.nullable().optional(),
  fiscalYearStartMonth: z.number().int().min(1).max(12).optional().openapi({ example: 1 }),
  vatRegime: z
    .enum(vatRegimes as [VatRegime, ...VatRegime[]])
    .optional()
    .openapi({ example: "reel_normal" }),
  vatOnDebits: z.boolean().optional(),
  vatPeriodicity: z.enum(vatPeriodicities).optional().openapi({
    description:
      "How often the VAT return is filed: monthly or quarterly (CA3, réel normal), yearly (CA12, réel simplifié); by default the regime's",
  }),
  email: z.string().max(254).nullable().optional().openapi({ example: "contact@atelier-demo.fr" }),
};

export const CreateOrganisation = z
  .object({ name: z.string().min(1).max(200).openapi({ example: "Atelier Démo SARL" }), ...Settings })
  .openapi("CreateOrganisation");
export const UpdateOrganisation = z
  .object({
    name: z.string().min(1).max(200).optional(),
    ...Settings,
    siren: Settings.siren.optional(),
    auxiliaryCodeMode: z
      .enum(["name", "counter"])
      .optional()
      .openapi({ description: "How a customer's or supplier's auxiliary account code is made" }),
  })
  .openapi("UpdateOrganisation");

export const Organisation = z
  .object({
    id: z.uuid(),
    name: z.string(),
    siren: z.string(),
    vatNumber: z.string().nullable(),
    address: Address.nullable(),
    fiscalYearStartMonth: z.number().int(),
    vatRegime: z.string(),
    vatOnDebits: z.boolean(),
    vatPeriodicity: z.enum(vatPeriodicities),
    email: z.string().nullable(),
    logo: z
      .object({ png: z.string(), webp: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable()
      .openapi({ description: "The logo's URLs: a WebP variant for browsers that take it, a PNG otherwise" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Organisation");

export const HistoryItem = z
  .object({
    streamId: z.string(),
    version: z.number().int(),
    type: z.string(),
    at: z.string(),
    userId: z.string().nullable(),
    summary: z.record(z.string(), z.unknown()),
  })
  .openapi("HistoryItem");

export const OrganisationListQuery = z.object({
  q: z.string().optional().openapi({ description: "Filters by name or SIREN" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export const OrganisationList = z.object({ items: z.array(Organisation), total: z.number() });
export const OrganisationHistory = z.object({ items: z.array(HistoryItem) });

/** An organisation's logo, as a form upload. */
export const LogoUpload = z.object({
  file: z
    .custom<File>((v) => v instanceof File)
    .openapi({
      type: "string",
      format: "binary",
      description: "PNG, JPEG, WebP or GIF, 2 MB at most",
    }),
});
/** A stored picture by its organisation and its content-addressed name (`<hash>.webp`). */
export const LogoFileParam = pathParams({ orgId: Uuid, file: z.string().regex(FILE_NAME) });
