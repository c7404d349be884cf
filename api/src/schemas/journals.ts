import { z } from "@hono/zod-openapi";
import { JournalCode, pathParams } from "./ids.ts";

/** The journals (/api/accounting/journals). */
export const Journal = z
  .object({
    code: z.string(),
    label: z.string(),
    labelEn: z.string(),
    kind: z.enum(["sales", "purchases", "bank", "cash", "misc", "opening"]),
    vat: z.boolean(),
    account: z.string().nullable(),
  })
  .openapi("Journal");

export const JournalList = z.object({ items: z.array(Journal) });

export const CreateJournalInput = z.object({
  code: z.string().min(1).max(6),
  label: z.string().max(100),
  labelEn: z.string().max(100).optional(),
  kind: Journal.shape.kind,
  vat: z.boolean().optional(),
  account: z.string().max(20).nullish(),
});

export const UpdateJournalInput = z.object({
  label: z.string().max(100).optional(),
  labelEn: z.string().max(100).optional(),
  vat: z.boolean().optional(),
  account: z.string().max(20).nullish(),
});

/** A journal by its code in a path, exactly as the journals keep it. */
export const JournalCodeParam = pathParams({ id: JournalCode });
