import { z } from "@hono/zod-openapi";
import {
  documentDirections,
  documentKinds,
  documentListPeriods,
  documentListSorts,
  documentListStatuses,
} from "@registre/core";

const text = (max: number) => z.string().max(max);

export const NumberSeries = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .openapi({
        example: "sales-invoice",
        description: "Letters, digits and dashes; the counter is per id (and year)",
      }),
    kind: z.enum(documentKinds),
    direction: z.enum(documentDirections),
    label: text(100),
    format: text(40).openapi({
      example: "FA{YYYY}-{#####}",
      description: "{YYYY}, {YY}, {MM} and one {#…} (the counter on as many digits as #)",
    }),
  })
  .openapi("DocumentNumberSeries");

// Inline where null is allowed: OpenAPI 3.0 drops `nullable` beside a `$ref`.
const BankFields = z.object({ holder: text(100), iban: text(50), bic: text(11).nullable() });

const SettingsFields = z.object({
  series: z.array(NumberSeries).max(50).openapi({ description: "The first series of a use is its default" }),
  paymentTerms: text(500).nullable().openapi({ description: "Default payment terms printed on documents" }),
  notes: text(2000).nullable().openapi({ description: "Default notes of a new document" }),
  legalMentions: text(2000).nullable().openapi({ description: "Printed at the foot of every document" }),
  earlyPaymentDiscount: text(500).openapi({ example: "Pas d'escompte pour paiement anticipé" }),
  bank: BankFields.nullable(),
  printBankDetails: z.boolean(),
  facturxProfile: z
    .enum(["en16931", "basic"])
    .openapi({ description: "The Factur-X profile of validated sales invoices and credit notes" }),
  einvoiceSyntax: z.enum(["facturx", "cii"]).openapi({
    description: "What the approved platform receives of them: the Factur-X PDF/A-3, or the CII XML alone",
  }),
});

/** A mention the law asks of the seller's invoices that the settings leave out: a warning, never a refusal. */
export const SellerMentionWarning = z
  .object({ code: z.string(), field: z.string(), message: z.string() })
  .openapi("SellerMentionWarning", {
    description:
      "`docSettings.mention.legalForm`, `shareCapital`, `registration` (in the legal mentions) or `bankDetails` (customers may pay by transfer, the IBAN is not printed); `message` in the request's language",
  });

export const DocumentSettings = SettingsFields.extend({
  usedSeries: z
    .array(z.string())
    .openapi({ description: "Series that numbered documents: kept with their use and format" }),
  warnings: z.array(SellerMentionWarning),
}).openapi("DocumentSettings");
export const DocumentSettingsInput = SettingsFields.partial().openapi("DocumentSettingsInput");

const PreferenceFields = z.object({
  sort: z.enum(documentListSorts),
  status: z.enum(documentListStatuses),
  period: z.enum(documentListPeriods),
  pageSize: z.number().int().min(10).max(500),
});
export const DocPreferenceScope = z
  .enum(["me", "org"])
  .openapi({ description: "Mine, or the organisation's" });
export const DocumentPreferences = PreferenceFields.extend({ scope: DocPreferenceScope }).openapi(
  "DocumentPreferences",
);
export const DocumentPreferencesInput = PreferenceFields.partial()
  .extend({ scope: DocPreferenceScope })
  .openapi("DocumentPreferencesInput");
export const DocumentPreferencesChange = PreferenceFields.partial().openapi("DocumentPreferencesChange");
export const DocumentPreferencesList = z
  .object({
    items: z.array(DocumentPreferences),
    effective: PreferenceFields.extend({ source: z.enum(["user", "org", "default"]) }),
  })
  .openapi("DocumentPreferencesList");
export const DocPreferenceParam = z.object({
  id: z.enum(["me", "org"]).openapi({ param: { name: "id", in: "path" } }),
});
