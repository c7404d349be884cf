import { createHash, randomBytes } from "node:crypto";
import { type CommandMetadata, isLive, type LiveDocument, type OrganisationState } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { runDocument } from "../documents/commands.ts";
import { loadDocument, loadOrganisation } from "../documents/context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";

/** A share link's secret: 32 random bytes, base64url, behind `sh_` (like sessions' `rg_`). */
const newToken = () => `sh_${randomBytes(32).toString("base64url")}`;
const TOKEN = /^sh_[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest();

export type ShareAnswer = {
  readonly shareId: string;
  readonly createdAt: string;
  readonly createdBy: string | null;
  readonly expiresAt: string | null;
  readonly expired: boolean;
};

/**
 * Creates a share link: its token's hash in `share_links`, then `DocumentShared` on the document's
 * stream (the log decides whether the link counts: a row whose event never landed opens nothing).
 * Answers the token once; it is never stored.
 */
export const createShare = async (
  ctx: AppContext,
  orgId: string,
  docId: string,
  input: { readonly expiresAt: string | null },
  metadata: CommandMetadata,
): Promise<ShareAnswer & { readonly token: string }> => {
  const shareId = derivedId(metadata.commandId, "share");
  const token = newToken();
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt).toISOString();
  // A retry of the same command (its first answer lost) gets a token that works: the row's hash is replaced.
  await ctx.database.db
    .insertInto("share_links")
    .values({
      token_hash: hashOf(token),
      org_id: orgId,
      share_id: shareId,
      doc_id: docId,
      created_at: metadata.at,
      created_by: metadata.userId ?? null,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .onConflict((oc) => oc.columns(["org_id", "share_id"]).doUpdateSet({ token_hash: hashOf(token) }))
    .execute();
  await runDocument(
    ctx,
    orgId,
    docId,
    [{ type: "ShareDocument", data: { shareId, expiresAt, now: metadata.at } }],
    metadata,
  );
  return { shareId, token, createdAt: metadata.at, createdBy: null, expiresAt, expired: false };
};

/** Revokes a link: `DocumentShareRevoked` on the document's stream, then the row marked (and so dead twice). */
export const revokeShare = async (
  ctx: AppContext,
  orgId: string,
  docId: string,
  shareId: string,
  metadata: CommandMetadata,
): Promise<void> => {
  await runDocument(ctx, orgId, docId, [{ type: "RevokeDocumentShare", data: { shareId } }], metadata);
  await ctx.database.db
    .updateTable("share_links")
    .set({ revoked_at: metadata.at })
    .where("org_id", "=", orgId)
    .where("share_id", "=", shareId)
    .where("revoked_at", "is", null)
    .execute();
};

/** The document's links not revoked, newest first, each saying whether it has expired. */
export const listShares = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
): Promise<ShareAnswer[]> => {
  const live = new Set((doc.shares ?? []).map((s) => s.shareId));
  if (live.size === 0) return [];
  const rows = await readModels(ctx.database)
    .selectFrom("share_links as s")
    .leftJoin("users as u", (join) => join.onRef("u.user_id", "=", "s.created_by"))
    .select(["s.share_id", "s.created_at", "s.expires_at", "u.name"])
    .where("s.org_id", "=", orgId)
    .where("s.doc_id", "=", doc.id)
    .where("s.revoked_at", "is", null)
    .orderBy("s.created_at", "desc")
    .execute();
  const now = ctx.clock().getTime();
  return rows
    .filter((r) => live.has(r.share_id))
    .map((r) => ({
      shareId: r.share_id,
      createdAt: new Date(r.created_at).toISOString(),
      createdBy: r.name ?? null,
      expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      expired: r.expires_at !== null && new Date(r.expires_at).getTime() <= now,
    }));
};

const refused = () => new ProblemError(404, "share.invalidToken");

/**
 * The document a token opens, with its organisation: the token's row, not revoked nor expired, whose
 * link the document's stream still holds, on a live document of an active organisation. Anything else
 * is the same 404 `share.invalidToken` ("Please contact the sender…"): the answer tells nothing.
 */
export const resolveShare = async (
  ctx: AppContext,
  token: string,
): Promise<{ doc: LiveDocument; org: Extract<OrganisationState, { status: "active" }> }> => {
  if (!TOKEN.test(token)) throw refused();
  const row = await ctx.database.db
    .selectFrom("share_links")
    .select(["org_id", "doc_id", "share_id", "expires_at", "revoked_at"])
    .where("token_hash", "=", hashOf(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) throw refused();
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= ctx.clock().getTime()) throw refused();
  const [{ state }, org] = await Promise.all([
    loadDocument(ctx, row.org_id, row.doc_id),
    loadOrganisation(ctx, row.org_id),
  ]);
  if (!isLive(state) || !(state.shares ?? []).some((s) => s.shareId === row.share_id)) throw refused();
  if (org.state.status !== "active") throw refused();
  return { doc: state, org: org.state };
};
