import { z } from "@hono/zod-openapi";
import { uploadPhases } from "../uploads/progress.ts";

export const ProgressKeyParam = z.object({
  key: z.uuid().openapi({ param: { name: "key", in: "path" }, description: "The import's Idempotency-Key" }),
});

export const UploadProgress = z
  .object({
    phase: z.enum(uploadPhases).openapi({
      description:
        "reading (the file, in the worker pool), checking (its rows against the books), writing (the commits), " +
        "projecting (the lists catching up), done",
    }),
    done: z.number().int().min(0),
    total: z.number().int().min(0).openapi({ description: "0 while the count is not known yet" }),
    updatedAt: z.string(),
  })
  .openapi("UploadProgress");
