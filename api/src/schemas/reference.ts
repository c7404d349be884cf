import { z } from "@hono/zod-openapi";
import type { ReferenceKind } from "@registre/core";
import { pathParams, ReferenceCode } from "./ids.ts";

/** The platform's reference lists (/api/registre/{units,countries,activities,jobs,bics}). */
export const ReferenceEntry = z
  .object({ code: z.string(), label: z.string(), labelEn: z.string() })
  .openapi("ReferenceEntry");
export const ReferenceList = z.object({ items: z.array(ReferenceEntry) }).openapi("ReferenceList");
export const ReferenceQuery = z.object({ q: z.string().max(200).optional() });
export const ReferenceInput = z.object({
  code: z.string().max(40),
  label: z.string().max(300),
  labelEn: z.string().max(300).optional(),
});
export const ReferenceChange = z.object({
  label: z.string().max(300).optional(),
  labelEn: z.string().max(300).optional(),
});
/** An entry's code in a path, exactly as the list keeps it: `HUR`, never `hur` nor `HUR `. */
export const ReferenceCodeParam = (kind: ReferenceKind) => pathParams({ id: ReferenceCode(kind) });
