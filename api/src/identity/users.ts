import { hash } from "@node-rs/argon2";
import {
  type CommandMetadata,
  normaliseEmail,
  PLATFORM_ORG,
  type Right,
  userDecider,
  userStreamId,
  validateEmail,
  validatePassword,
} from "@registre/core";
import { isUniqueViolation } from "@registre/store";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import type { StorageProvider } from "../ports/file-store.ts";
import { rightsIn } from "./auth.ts";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  platformAdmin: boolean;
  storageProvider: StorageProvider;
  org: { id: string; name: string } | null;
  rights: Right[];
};

/** The user as the web app keeps it with its token: identity, current organisation, rights there. */
export const sessionUser = async (
  ctx: AppContext,
  userId: string,
  orgId: string | null,
): Promise<SessionUser> => {
  const db = ctx.database.db;
  const [user, credentials, org] = await Promise.all([
    db
      .selectFrom("users")
      .select(["user_id", "email", "name"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db.selectFrom("credentials").select("platform_admin").where("user_id", "=", userId).executeTakeFirst(),
    orgId
      ? db
          .selectFrom("organisations")
          .select(["org_id", "name"])
          .where("org_id", "=", orgId)
          .executeTakeFirst()
      : undefined,
  ]);
  // Signed up a moment ago and the users read model is not there yet: say so, rather than fail.
  if (!user) throw new ProblemError(503, "readModel.behind");
  return {
    id: user.user_id,
    email: user.email,
    name: user.name,
    platformAdmin: credentials?.platform_admin ?? false,
    storageProvider: ctx.files.provider,
    org: org ? { id: org.org_id, name: org.name } : null,
    rights: await rightsIn(ctx, userId, org ? orgId : null),
  };
};

/** The organisations a user belongs to, by name. */
export const userOrganisations = async (ctx: AppContext, userId: string) =>
  ctx.database.db
    .selectFrom("memberships as m")
    .innerJoin("organisations as o", "o.org_id", "m.org_id")
    .select(["o.org_id as id", "o.name", "o.siren", "m.profile"])
    .where("m.user_id", "=", userId)
    .orderBy("o.name")
    .execute() as Promise<{ id: string; name: string; siren: string; profile: string }[]>;

/**
 * Registers a user: credentials first (the unique address is the "Email already used" check), then the
 * UserRegistered event; if the event cannot be appended the credentials are removed again. The user's
 * id derives from the command id: a retry that finds its own credentials (it stopped after writing
 * them) goes on to the event, which the store answers with the first append if there was one.
 */
export const registerUser = async (
  ctx: AppContext,
  input: { email: string; password: string; name: string; platformAdmin?: boolean },
  metadata: CommandMetadata,
): Promise<string> => {
  const email = normaliseEmail(input.email);
  const invalid = validateEmail(email) ?? validatePassword(input.password);
  if (invalid) throw new ProblemError(422, invalid);
  const userId = derivedId(metadata.commandId, "user");
  try {
    await ctx.database.db
      .insertInto("credentials")
      .values({
        user_id: userId,
        email,
        password_hash: await hash(input.password),
        platform_admin: input.platformAdmin ?? false,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const owner = await ctx.database.db
      .selectFrom("credentials")
      .select("user_id")
      .where("email", "=", email)
      .executeTakeFirst();
    if (owner?.user_id !== userId) throw new ProblemError(409, "identity.emailUsed");
  }
  try {
    await handleCommand(ctx, {
      orgId: PLATFORM_ORG,
      streamId: userStreamId(userId),
      decider: userDecider,
      commands: [{ type: "RegisterUser", data: { userId, email, name: input.name } }],
      metadata: { ...metadata, userId: metadata.userId ?? userId },
      readModels: ["users"],
    });
  } catch (error) {
    await ctx.database.db.deleteFrom("credentials").where("user_id", "=", userId).execute();
    throw error;
  }
  return userId;
};
