import type { z } from "@hono/zod-openapi";
import type { ImportMapping } from "@registre/core";
import type { Context } from "hono";
import { ProblemError } from "../http/problem.ts";
import type { ImportQuery } from "../schemas/imports.ts";

/** The uploaded file's bytes, read by the door within its kind's limit (`http/door.ts`). */
export const uploadedFile = async (c: Context): Promise<Uint8Array> =>
  new Uint8Array(await c.req.arrayBuffer());

/** The query's mapping (JSON: field -> header or null), 422 when it is not one. */
export const mappingOf = (query: z.infer<typeof ImportQuery>): ImportMapping | undefined => {
  if (!query.mapping) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(query.mapping);
  } catch {
    throw new ProblemError(422, "import.invalidMapping", { detail: "JSON" });
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((v) => v === null || typeof v === "string")
  )
    throw new ProblemError(422, "import.invalidMapping", { detail: "field -> column" });
  return parsed as ImportMapping;
};
