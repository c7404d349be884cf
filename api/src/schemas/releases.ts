import { z } from "@hono/zod-openapi";
import { RELEASE_BODY_MAX, RELEASE_TITLE_MAX, releaseVersionPattern } from "@registre/core";
import { Day } from "./common.ts";

/** The product's release notes (/api/registre/releases) and what a member reads of them (/api/releases). */
const texts = {
  version: z.string().regex(releaseVersionPattern).openapi({ example: "2026.12" }),
  date: Day,
  titleFr: z.string().min(1).max(RELEASE_TITLE_MAX).openapi({ example: "Tableaux de bord" }),
  titleEn: z.string().min(1).max(RELEASE_TITLE_MAX).openapi({ example: "Dashboards" }),
  bodyFr: z.string().min(1).max(RELEASE_BODY_MAX).openapi({
    description:
      "Plain paragraphs separated by a blank line; lines starting with « - » make a list. Never HTML.",
    example:
      "Le tableau de bord montre le chiffre d’affaires.\n\n- Prévision de trésorerie\n- Factures en retard",
  }),
  bodyEn: z.string().min(1).max(RELEASE_BODY_MAX).openapi({
    example: "The dashboard shows revenue.\n\n- Cash forecast\n- Late invoices",
  }),
};

export const Release = z
  .object({
    id: z.uuid(),
    version: z.string(),
    date: z.string(),
    titleFr: z.string(),
    titleEn: z.string(),
    bodyFr: z.string(),
    bodyEn: z.string(),
    published: z.boolean(),
    publishedAt: z
      .string()
      .nullable()
      .openapi({ description: "When it was last published; null for a draft" }),
  })
  .openapi("Release");
export const ReleaseList = z.object({ items: z.array(Release) }).openapi("ReleaseList");

export const ReleaseInput = z
  .object({
    ...texts,
    published: z.boolean().default(false).openapi({ description: "Published, or a draft" }),
  })
  .openapi("ReleaseInput");
export const ReleaseChange = z
  .object({
    version: texts.version.optional(),
    date: Day.optional(),
    titleFr: texts.titleFr.optional(),
    titleEn: texts.titleEn.optional(),
    bodyFr: texts.bodyFr.optional(),
    bodyEn: texts.bodyEn.optional(),
    published: z.boolean().optional(),
  })
  .openapi("ReleaseChange");

export const ReleaseNews = z
  .object({
    lastSeen: z
      .string()
      .nullable()
      .openapi({ description: "Publication moment of the newest note seen; null: never" }),
    unread: z.number().int().min(0),
    items: z.array(Release.extend({ new: z.boolean() })),
  })
  .openapi("ReleaseNews");
export const ReleasesSeen = z
  .object({
    upTo: z.iso.datetime().openapi({ description: "The `publishedAt` of the newest note shown" }),
  })
  .openapi("ReleasesSeen");
