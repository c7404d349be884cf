import {
  type CommandMetadata,
  INVITATION_TTL_DAYS,
  type InvitationCommand,
  normaliseEmail,
  organisationDecider,
  organisationStreamId,
  type Profile,
  validateEmail,
} from "@registre/core";
import type { Context } from "hono";
import { alreadyAppended, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import type { Locale } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { invitationMessage } from "../mail/invitation-message.ts";
import { MailError } from "../mail/mailer.ts";
import { organisationReadModels } from "../organisations.ts";
import { tooManyAttempts } from "./sign-in.ts";
import { hashToken, newToken } from "./tokens.ts";

/** An invitation as the organisation sees it. */
export type OrganisationInvitation = {
  id: string;
  email: string;
  profile: string;
  status: "pending";
  invitedAt: string;
  expiresAt: string;
};

/** An invitation as its addressee sees it. */
export type ReceivedInvitation = {
  id: string;
  org: { id: string; name: string };
  email: string;
  profile: string;
  invitedBy: string | null;
  invitedAt: string;
  expiresAt: string;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

const runInvitationCommand = orgStreamRunner({
  streamId: organisationStreamId,
  decider: organisationDecider,
  readModels: [...organisationReadModels, "invitations"],
});

/** The link tokens of answered or withdrawn invitations are useless: they go at once. */
const dropTokens = async (ctx: AppContext, orgId: string, invitationIds: readonly string[]) => {
  if (invitationIds.length === 0) return;
  await ctx.database.db
    .deleteFrom("invitation_tokens")
    .where("org_id", "=", orgId)
    .where("invitation_id", "in", invitationIds)
    .execute();
};

const pendingRows = (ctx: AppContext, now: Date) =>
  ctx.database.db
    .selectFrom("invitations as i")
    .innerJoin("organisations as o", "o.org_id", "i.org_id")
    .leftJoin("users as u", "u.user_id", "i.invited_by")
    .select([
      "i.org_id",
      "i.invitation_id",
      "i.email",
      "i.profile",
      "i.invited_at",
      "i.expires_at",
      "o.name as org_name",
      "u.name as inviter",
    ])
    .where("i.status", "=", "pending")
    .where("i.expires_at", ">", now);

type PendingRow = {
  org_id: string;
  invitation_id: string;
  email: string;
  profile: string;
  invited_at: Date;
  expires_at: Date;
  org_name: string;
  inviter: string | null;
};

const received = (r: PendingRow): ReceivedInvitation => ({
  id: r.invitation_id,
  org: { id: r.org_id, name: r.org_name },
  email: r.email,
  profile: r.profile,
  invitedBy: r.inviter,
  invitedAt: iso(r.invited_at),
  expiresAt: iso(r.expires_at),
});

/** The organisation's invitations waiting for an answer, newest first (expired ones are not). */
export const organisationInvitations = async (
  ctx: AppContext,
  orgId: string,
): Promise<OrganisationInvitation[]> => {
  const rows = (await pendingRows(ctx, ctx.clock())
    .where("i.org_id", "=", orgId)
    .orderBy("i.invited_at", "desc")
    .execute()) as PendingRow[];
  return rows.map((r) => ({
    id: r.invitation_id,
    email: r.email,
    profile: r.profile,
    status: "pending",
    invitedAt: iso(r.invited_at),
    expiresAt: iso(r.expires_at),
  }));
};

/** The invitations waiting for this user: those addressed to the e-mail of their account. */
export const userInvitations = async (ctx: AppContext, userId: string): Promise<ReceivedInvitation[]> => {
  const email = await accountEmail(ctx, userId);
  const rows = (await pendingRows(ctx, ctx.clock())
    .where("i.email", "=", email)
    .orderBy("i.invited_at", "desc")
    .execute()) as PendingRow[];
  return rows.map(received);
};

const accountEmail = async (ctx: AppContext, userId: string): Promise<string> => {
  const user = await ctx.database.db
    .selectFrom("users")
    .select("email")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new ProblemError(404, "user.notFound");
  return user.email;
};

/** The invitation a link's token names, while it can be answered; else `invitation.notFound`. */
export const invitationByToken = async (ctx: AppContext, token: string): Promise<ReceivedInvitation> => {
  const now = ctx.clock();
  const link = await ctx.database.db
    .selectFrom("invitation_tokens")
    .select(["org_id", "invitation_id"])
    .where("token_hash", "=", hashToken(token))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  const row = link
    ? ((await pendingRows(ctx, now)
        .where("i.org_id", "=", link.org_id)
        .where("i.invitation_id", "=", link.invitation_id)
        .executeTakeFirst()) as PendingRow | undefined)
    : undefined;
  if (!row) throw new ProblemError(404, "invitation.notFound");
  return received(row);
};

/**
 * Invites an address into the organisation: the same answer whether an account has that address or
 * not (only the e-mail's wording differs, and only its recipient reads it). Counted per organisation,
 * so that no organisation turns Registre into a relay to mail strangers.
 */
export const inviteMember = async (
  c: Context,
  ctx: AppContext,
  orgId: string,
  input: { email: string; profile: Profile },
  metadata: CommandMetadata,
  locale: Locale,
): Promise<OrganisationInvitation & { emailSent: boolean }> => {
  const email = normaliseEmail(input.email);
  // Checked before anything is counted or looked up (the aggregate checks it again).
  const invalid = validateEmail(email);
  if (invalid) throw new ProblemError(422, invalid, { value: input.email });
  const { limits, rules } = ctx.identity;
  const limit = await limits.hit(rules.invitations, orgId, ctx.clock());
  if (!limit.allowed) throw tooManyAttempts(c, limit.retryAfterMs);
  const registered = await ctx.database.db
    .selectFrom("users")
    .select("user_id")
    .where("email", "=", email)
    .executeTakeFirst();
  // From the command id: a retried invitation finds its first append and answers the same id.
  const invitationId = derivedId(metadata.commandId, "invitation");
  let outcome: Awaited<ReturnType<typeof runInvitationCommand>>;
  try {
    outcome = await runInvitationCommand(
      ctx,
      orgId,
      {
        type: "InviteMember",
        data: {
          invitationId,
          email,
          profile: input.profile,
          at: metadata.at,
          userIdOfEmail: registered?.user_id,
        },
      },
      metadata,
    );
  } catch (error) {
    await limits.refund(rules.invitations, orgId);
    throw error;
  }
  const invitedEvent = outcome.events.find((e) => e.type === "MemberInvited");
  if (invitedEvent?.type !== "MemberInvited") {
    // The same command again (its Idempotency-Key): it was answered, its e-mail sent, once already.
    const [id, pending] =
      Object.entries(outcome.state.status === "active" ? outcome.state.invitations : {}).find(
        ([, p]) => p.email === email,
      ) ?? [];
    if (!id || !pending) throw new ProblemError(404, "invitation.notFound");
    return {
      id,
      email,
      profile: pending.profile,
      status: "pending",
      invitedAt: metadata.at,
      expiresAt: pending.expiresAt,
      emailSent: true,
    };
  }
  const { expiresAt, profile } = invitedEvent.data;
  await dropTokens(
    ctx,
    orgId,
    outcome.events.flatMap((e) => (e.type === "InvitationRevoked" ? [e.data.invitationId] : [])),
  );
  const token = newToken();
  await ctx.database.db
    .insertInto("invitation_tokens")
    .values({
      token_hash: hashToken(token),
      org_id: orgId,
      invitation_id: invitationId,
      expires_at: expiresAt,
    })
    .execute();
  const [organisation, inviter] = await Promise.all([
    ctx.database.db.selectFrom("organisations").select("name").where("org_id", "=", orgId).executeTakeFirst(),
    metadata.userId
      ? ctx.database.db
          .selectFrom("users")
          .select("name")
          .where("user_id", "=", metadata.userId)
          .executeTakeFirst()
      : undefined,
  ]);
  const message = invitationMessage(locale, {
    inviter: inviter?.name ?? "",
    organisation: organisation?.name ?? "",
    profile,
    email,
    registered: registered !== undefined,
    link: `${ctx.identity.publicUrl}/public/invitation?token=${encodeURIComponent(token)}`,
    expiresInDays: INVITATION_TTL_DAYS,
  });
  let emailSent = true;
  try {
    await ctx.identity.mailer.send({ to: email, ...message });
  } catch (error) {
    // The invitation stands (the invited user finds it on their organisations screen): say so.
    if (!(error instanceof MailError)) throw error;
    console.error(error);
    emailSent = false;
  }
  return {
    id: invitationId,
    email,
    profile,
    status: "pending",
    invitedAt: metadata.at,
    expiresAt,
    emailSent,
  };
};

/** Withdraws a pending invitation of the organisation; another organisation's is "not found". */
export const revokeInvitation = async (
  ctx: AppContext,
  orgId: string,
  invitationId: string,
  metadata: CommandMetadata,
): Promise<void> => {
  const row = await ctx.database.db
    .selectFrom("invitations")
    .select("status")
    .where("org_id", "=", orgId)
    .where("invitation_id", "=", invitationId)
    .executeTakeFirst();
  if (row && (await alreadyAppended(ctx, orgId, metadata))) return;
  if (row?.status !== "pending") throw new ProblemError(404, "invitation.notFound");
  await runInvitationCommand(ctx, orgId, { type: "RevokeInvitation", data: { invitationId } }, metadata);
  await dropTokens(ctx, orgId, [invitationId]);
};

/**
 * Accepts or declines, as the signed-in user: only an invitation addressed to the e-mail of their
 * account is theirs to answer (any other is "not found", whoever holds its id or link).
 */
export const answerInvitation = async (
  ctx: AppContext,
  userId: string,
  invitationId: string,
  answer: "accept" | "decline",
  metadata: CommandMetadata,
): Promise<{ orgId: string }> => {
  const email = await accountEmail(ctx, userId);
  const row = await ctx.database.db
    .selectFrom("invitations")
    .select(["org_id", "status"])
    .where("invitation_id", "=", invitationId)
    .where("email", "=", email)
    .executeTakeFirst();
  // The same command again (a retry whose first answer was lost): it was answered already.
  if (row && (await alreadyAppended(ctx, row.org_id, metadata))) return { orgId: row.org_id };
  if (row?.status !== "pending") throw new ProblemError(404, "invitation.notFound");
  const command: InvitationCommand =
    answer === "accept"
      ? { type: "AcceptInvitation", data: { invitationId, userId, email, at: metadata.at } }
      : { type: "DeclineInvitation", data: { invitationId, email } };
  await runInvitationCommand(ctx, row.org_id, command, metadata);
  await dropTokens(ctx, row.org_id, [invitationId]);
  return { orgId: row.org_id };
};
