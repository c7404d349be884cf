import { z } from "@hono/zod-openapi";

/** Platform administration: users, and the organisations' members and logs (/api/registre). */
export const PlatformUser = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    platformAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("PlatformUser");
export const LogItem = z
  .object({
    orgId: z.uuid(),
    streamId: z.string(),
    version: z.number().int(),
    type: z.string(),
    at: z.string(),
    userId: z.string().nullable(),
    summary: z.record(z.string(), z.unknown()),
  })
  .openapi("LogItem");

export const PlatformUserQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export const PlatformUserList = z.object({
  items: z.array(PlatformUser.extend({ orgs: z.number().int() })),
  total: z.number().int(),
});
export const PlatformUserOrganisationList = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), siren: z.string(), profile: z.string() })),
});
export const PlatformMemberList = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export const LogList = z.object({
  items: z.array(LogItem),
  /** The `before` of the next (older) page, or null on the last one. */
  next: z.number().int().nullable(),
});
/** A log page: the newest events, or those before a position (the previous page's `next`). */
export const LogQuery = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
