import type { z } from "@hono/zod-openapi";
import type { ImportMapping } from "@registre/core";
import type { Context, MiddlewareHandler } from "hono";
import { ProblemError } from "../http/problem.ts";
import type { ImportQuery } from "../schemas/imports.ts";
import { fileTooLarge, MAX_IMPORT_BYTES } from "./import-file.ts";

/** The uploaded file's bytes; 50 MB or more refused, by its declared length before reading it. */
export const uploadedFile = async (c: Context): Promise<Uint8Array> => {
  const declared = Number(c.req.header("content-length") ?? "");
  if (Number.isFinite(declared) && declared >= MAX_IMPORT_BYTES) throw fileTooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength >= MAX_IMPORT_BYTES) throw fileTooLarge();
  return bytes;
};

/** Middleware: an import declaring 50 MB or more is refused (413) before anything reads its body. */
export const importSizeGuard: MiddlewareHandler = async (c, next) => {
  const declared = Number(c.req.header("content-length") ?? "");
  if (c.req.method === "POST" && Number.isFinite(declared) && declared >= MAX_IMPORT_BYTES)
    throw fileTooLarge();
  return next();
};

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

/** A file name's safe part for Content-Disposition. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
