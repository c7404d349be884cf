import { z } from "@hono/zod-openapi";
import { profiles } from "@registre/core";
import { pathParams, Uuid } from "./ids.ts";

/** What the platform administrator writes: users, organisations closed, memberships (/api/registre). */
export const PlatformUserInput = z
  .object({
    email: z.string().min(1).max(254),
    password: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
    platformAdmin: z.boolean().default(false),
  })
  .openapi("PlatformUserInput");
export const PlatformUserChange = z
  .object({ name: z.string().min(1).max(200).optional(), platformAdmin: z.boolean().optional() })
  .openapi("PlatformUserChange");
export const ArchiveQuery = z.object({ reason: z.string().max(500).optional() });
export const ArchivedOrganisation = z
  .object({ id: z.uuid(), archivedAt: z.string(), reason: z.string().nullable() })
  .openapi("ArchivedOrganisation");
export const FecQuery = z.object({ year: Uuid.openapi({ description: "The fiscal year's id" }) });
export const FiscalYearList = z.object({
  items: z.array(z.object({ id: z.uuid(), start: z.string(), end: z.string(), status: z.string() })),
});

const Profile = z.enum(profiles as [string, ...string[]]);
/** A membership's id: `{orgId}.{userId}`. */
export const MembershipId = z
  .string()
  // No /i flag: the OpenAPI document would carry it into the pattern, which then matches nothing.
  .regex(/^[0-9a-fA-F-]{36}\.[0-9a-fA-F-]{36}$/)
  .openapi({
    description: "`{orgId}.{userId}`",
    example: "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d.0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0e",
  });
export const MembershipParam = pathParams({ id: MembershipId });
export const Membership = z
  .object({
    id: z.string(),
    orgId: z.uuid(),
    orgName: z.string(),
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    profile: z.string(),
    addedAt: z.string(),
  })
  .openapi("PlatformMembership");
export const MembershipList = z.object({ items: z.array(Membership), total: z.number().int() });
export const MembershipQuery = z.object({
  org: z.uuid().optional(),
  user: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export const MembershipInput = z
  .object({ orgId: z.uuid(), userId: z.uuid(), profile: Profile })
  .openapi("PlatformMembershipInput");
export const MembershipChange = z.object({ profile: Profile }).openapi("PlatformMembershipChange");
