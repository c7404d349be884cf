import { z } from "@hono/zod-openapi";

/** Authorization items (the organisation's own roles) and their assignments to members (/api/auth). */
const RightSchema = z.object({ c: z.string().max(80), r: z.number().int() });
export const AuthorizationItem = z
  .object({ id: z.uuid(), name: z.string(), rights: z.array(RightSchema) })
  .openapi("AuthorizationItem");
export const AuthorizationAssignment = z
  .object({ id: z.uuid(), itemId: z.uuid(), userId: z.uuid() })
  .openapi("AuthorizationAssignment");

export const AuthorizationItemList = z.object({ items: z.array(AuthorizationItem) });
export const CreateAuthorizationItemInput = z.object({
  name: z.string().max(100),
  rights: z.array(RightSchema).max(200),
});
export const ChangeAuthorizationItemInput = z.object({
  name: z.string().max(100).optional(),
  rights: z.array(RightSchema).max(200).optional(),
});

export const AuthorizationAssignmentList = z.object({ items: z.array(AuthorizationAssignment) });
export const AssignInput = z.object({ itemId: z.uuid(), userId: z.uuid() });
export const ReassignInput = z.object({ itemId: z.uuid() });
