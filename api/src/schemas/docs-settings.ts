import { z } from "@hono/zod-openapi";
import { documentListPeriods, documentListSorts, documentListStatuses, seriesUses } from "@registre/core";

const text = (max: number) => z.string().max(max);

export const NumberSeries = z
  .object({
    code: z.string().max(10).openapi({
      example: "FA",
      description: "Capital letters and digits; the counter is per code and year",
    }),
    use: z.enum(seriesUses),
    label: text(100),
    format: text(40).openapi({
      example: "FA{YYYY}-{NNNNN}",
      description: "{YYYY}, {YY}, {MM} and one {N…} (the sequence on as many digits as N's)",
    }),
  })
  .openapi("DocumentNumberSeries");

// Inline where null is allowed: OpenAPI 3.0 drops `nullable` beside a `$ref`.
const BankFields = z.object({ holder: text(100), iban: text(50), bic: text(11).nullable() });

const SettingsFields = z.object({
  series: z.array(NumberSeries).max(50),
  defaults: z.partialRecord(z.enum(seriesUses), z.string().max(10)).openapi({
    description: "The series each use takes when a document names none",
  }),
  paymentTerms: text(500).nullable().openapi({ description: "Default payment terms printed on documents" }),
  notes: text(2000).nullable().openapi({ description: "Default notes of a new document" }),
  legalMentions: text(2000).nullable().openapi({ description: "Printed at the foot of every document" }),
  earlyPaymentDiscount: text(500).openapi({ example: "Pas d'escompte pour paiement anticipé" }),
  bank: BankFields.nullable(),
  printBankDetails: z.boolean(),
});

export const DocumentSettings = SettingsFields.extend({
  usedSeries: z
    .array(z.string())
    .openapi({ description: "Series that numbered documents: kept with their use and format" }),
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
