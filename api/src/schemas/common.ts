import { z } from "@hono/zod-openapi";
import { isIsoDate, MAX_LINE_CENTS } from "@registre/core";
import { problemResponses } from "../http/schemas.ts";
import { pathParams, Uuid } from "./ids.ts";

/** What the route schemas share: error answers, bodies, amounts, days, ids. */
export const errors = problemResponses(401, 403, 404, 409, 422);
/** A GET answered from the read-model versions: 304 when `If-None-Match` names the current `ETag`. */
export const notModified = {
  304: { description: "Not modified: the answer the client holds (its If-None-Match) is current" },
} as const;
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
export const answer = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An amount a client sends: whole cents, at most 100 billion euros on one line. */
export const Cents = z.number().int().min(0).max(MAX_LINE_CENTS).openapi({ description: "Integer cents" });
/** A signed amount the API answers (a balance, a result). */
export const Amount = z.number().int().openapi({ description: "Integer cents, signed" });
/** An amount the API answers (a total may exceed one line's bound). */
export const CentsOut = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .openapi({ description: "Integer cents" });
/** A calendar day that exists (2026-02-30 does not), 1900 to 2999. */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isIsoDate, { message: "Not a calendar date (YYYY-MM-DD)" })
  .openapi({ example: "2025-01-31" });
/** A validated line: `<mvt>/<line>`, the entry's id and the line's number (1 to 10,000). */
export const LineRef = z
  .string()
  // No /i flag: the OpenAPI document would carry it into the pattern, which then matches nothing.
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\/(?:[1-9]\d{0,3}|10000)$/,
  )
  .openapi({ example: "0b7e4c9e-1d2f-4a8b-9c3d-5e6f7a8b9c0d/2" });
/** Paging: a page of at most 500, from an offset that stays a reasonable number. */
export const Offset = z.coerce.number().int().min(0).max(1_000_000_000).default(0);

/**
 * The `{id}` of a path that is a uuid: a user, an organisation, an item, a document… A path's id of
 * another shape is `pathParams({ id: <its shape> })` (`ids.ts`): no path takes a bare string.
 */
export const UuidParam = pathParams({ id: Uuid });

/** Core results are deeply readonly; the JSON answer is the same value. */
export const plain = <T>(value: unknown): T => value as T;
