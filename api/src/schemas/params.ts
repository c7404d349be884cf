import { z } from "@hono/zod-openapi";
import { paramKeyPattern, paramTypes } from "@registre/core";
import { pathParams } from "./ids.ts";

/** The platform's parameters (/api/params) and the organisation types (/api/organizations/types). */
export const Param = z
  .object({
    key: z.string(),
    type: z.enum(paramTypes),
    value: z.string().openapi({ description: "As text: `30`, `49.90`, `true`, an address…" }),
    description: z.string(),
    known: z.boolean().openapi({ description: "A parameter the product reads: it cannot be removed" }),
  })
  .openapi("Param");
export const ParamList = z.object({ items: z.array(Param) });
export const ParamInput = z
  .object({
    key: z.string().max(60),
    type: z.enum(paramTypes),
    value: z.string().max(1000),
    description: z.string().max(500).optional(),
  })
  .openapi("ParamInput");
export const ParamChange = z
  .object({ value: z.string().max(1000).optional(), description: z.string().max(500).optional() })
  .openapi("ParamChange");
export const ParamKeyParam = pathParams({
  id: z.string().regex(paramKeyPattern).openapi({ example: "trialDays" }),
});

export const OrganisationTypeList = z.object({
  items: z.array(
    z
      .object({
        code: z.string(),
        short: z.string(),
        labelFr: z.string(),
        labelEn: z.string(),
        tax: z.enum(["IS", "IR"]),
      })
      .openapi("OrganisationType"),
  ),
});
