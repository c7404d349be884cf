import { z } from "@hono/zod-openapi";

/** The session: register, login, organisation choice, logout, the signed-in account (spec section 7). */
const Right = z.object({ c: z.string(), r: z.number().int() });
export const SessionUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    platformAdmin: z.boolean(),
    storageProvider: z
      .enum(["local", "s3"])
      .openapi({ description: "Where files are kept: the data folder or an S3-compatible store" }),
    org: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    rights: z.array(Right),
  })
  .openapi("SessionUser");
export const TokenAndUser = z.object({ token: z.string(), user: SessionUserSchema }).openapi("TokenAndUser");
export const OrgChoice = z
  .object({ orgs: z.array(z.object({ id: z.uuid(), name: z.string() })), ticket: z.string() })
  .openapi("OrganisationChoice");

/** Given back by every successful sign-in: the browser sends it with its next ones (see admitSignIn). */
const Device = z.string().openapi({ description: "Device token: this browser is known for the account" });

export const RegisterInput = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  name: z.string().min(1).max(200),
});
export const LoginInput = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  device: z.string().max(200).optional(),
});
export const LoginResult = z.union([
  TokenAndUser.extend({ device: Device }),
  OrgChoice.extend({ device: Device }),
]);
export const ChangeOrganisationInput = z.object({ orgId: z.uuid(), ticket: z.string().optional() });
export const UserOrganisationList = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), siren: z.string(), profile: z.string() })),
});
export const UserAccount = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
