import { z } from "@hono/zod-openapi";

/** Help articles (/api/help): one per screen, in French and English, written by the platform administrator. */
export const HelpArticle = z
  .object({
    id: z.uuid(),
    screen: z.string().openapi({ example: "/org/contacts" }),
    titleFr: z.string(),
    titleEn: z.string(),
    bodyFr: z.string(),
    bodyEn: z.string(),
  })
  .openapi("HelpArticle");
export const HelpArticleList = z.object({ items: z.array(HelpArticle) });
export const HelpQuery = z.object({
  screen: z.string().max(200).optional().openapi({ description: "Only the article of this screen" }),
});
export const HelpArticleInput = z
  .object({
    screen: z.string().max(200),
    titleFr: z.string().max(200),
    titleEn: z.string().max(200),
    bodyFr: z.string().max(20_000),
    bodyEn: z.string().max(20_000),
  })
  .openapi("HelpArticleInput");
export const HelpArticleChange = HelpArticleInput.partial().openapi("HelpArticleChange");
