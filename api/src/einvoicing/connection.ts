/**
 * An organisation's connection to its approved platform (`core/src/einvoicing/connection.ts`, stream
 * `einvoicing-connection-<org>`): set and removed through the command pipeline, with its two secrets
 * sealed under the server key before they enter the event (`sealed.ts`; bound to the organisation and
 * the field, so a sealed value moved elsewhere does not open). No read model: the stream is a handful
 * of events, loaded through the aggregate cache (`loadAggregate`) — one small read per call. What the
 * answers show of it is `ConnectionView`: never a secret, only whether each is set.
 */
import { createHmac } from "node:crypto";
import {
  type CommandMetadata,
  type ConnectionSettings,
  connectionDecider,
  connectionStreamId,
  DomainError,
  type SealedConnection,
} from "@registre/core";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import type { PlatformConnection } from "../ports/index.ts";
import { seal, unseal } from "./sealed.ts";

/** A connection ready to use: the platform's, with the secrets opened, and the webhook's secret. */
export type DecryptedConnection = PlatformConnection & {
  readonly orgId: string;
  /** The secret the platform signs its webhook calls with; null until one is set. */
  readonly webhookSecret: string | null;
};

/** What the answers show of a connection. */
export type ConnectionView = ConnectionSettings & {
  readonly clientSecretSet: boolean;
  readonly webhookSecretSet: boolean;
};

export type ConnectionInput = ConnectionSettings & {
  /** A new client secret; absent, the one set is kept. */
  readonly clientSecret?: string | undefined;
  /** A webhook secret the user chose; absent, the one set is kept (or one generated, below). */
  readonly webhookSecret?: string | undefined;
  /** Registre makes the webhook's secret, answered once for the user to copy into the platform. */
  readonly generateWebhookSecret?: boolean | undefined;
};

const sealContext = (orgId: string, field: "clientSecret" | "webhookSecret") =>
  `einvoicing-connection:${orgId}:${field}`;

const loadSealed = async (ctx: AppContext, orgId: string): Promise<SealedConnection | null> =>
  (await loadAggregate(ctx, orgId, connectionStreamId(orgId), connectionDecider)).state.connection;

const viewOf = (sealed: SealedConnection): ConnectionView => ({
  flowUrl: sealed.flowUrl,
  directoryUrl: sealed.directoryUrl,
  tokenUrl: sealed.tokenUrl,
  clientId: sealed.clientId,
  clientSecretSet: true,
  webhookSecretSet: sealed.webhookSecret !== null,
});

/** The organisation's connection as the answers show it, or null. */
export const connectionView = async (ctx: AppContext, orgId: string): Promise<ConnectionView | null> => {
  const sealed = await loadSealed(ctx, orgId);
  return sealed && viewOf(sealed);
};

/**
 * The organisation's connection with its secrets opened, or null when it has none. A secret sealed
 * under another server key (the key changed) is refused 409 `einvoicing.secretUnreadable`, naming the
 * field to enter again.
 */
export const loadConnection = async (ctx: AppContext, orgId: string): Promise<DecryptedConnection | null> => {
  const sealed = await loadSealed(ctx, orgId);
  if (!sealed) return null;
  const open = (field: "clientSecret" | "webhookSecret", value: string) => {
    try {
      return unseal(ctx.secretKey(), sealContext(orgId, field), value);
    } catch {
      throw new ProblemError(409, "einvoicing.secretUnreadable", { field });
    }
  };
  return {
    orgId,
    flowUrl: sealed.flowUrl,
    directoryUrl: sealed.directoryUrl,
    tokenUrl: sealed.tokenUrl,
    clientId: sealed.clientId,
    clientSecret: open("clientSecret", sealed.clientSecret),
    webhookSecret: sealed.webhookSecret === null ? null : open("webhookSecret", sealed.webhookSecret),
  };
};

/**
 * The organisations with a connection: those with a connection stream (read from the streams' index,
 * across organisations, as the schedule does), less those whose connection was removed.
 */
export const connectedOrganisations = async (ctx: AppContext): Promise<readonly string[]> => {
  const rows = await ctx.database.db
    .selectFrom("streams")
    .select("org_id")
    .where("stream_id", "like", "einvoicing-connection-%")
    .orderBy("org_id")
    .execute();
  const orgs = rows.map((row) => String(row.org_id));
  const connected = await Promise.all(orgs.map(async (orgId) => (await loadSealed(ctx, orgId)) !== null));
  return orgs.filter((_, i) => connected[i]);
};

/**
 * A webhook secret made for a command: derived from the server key and the command's id, so a retried
 * command (the same id) makes — and answers — the very same secret, and nobody without the key can.
 */
const generatedWebhookSecret = (ctx: AppContext, orgId: string, commandId: string): string =>
  `whsec_${createHmac("sha256", ctx.secretKey()).update(`einvoicing-webhook:${orgId}:${commandId}`).digest("base64url")}`;

/**
 * Whether a server in production may call `url`: not the machine itself (loopback, `localhost`, 0.0.0.0/8)
 * nor a link-local address — 169.254.0.0/16 holds the clouds' metadata services, whose answers carry
 * the server's credentials. The host as the URL parser reads it, so `http://2852039166/` is
 * 169.254.169.254. (A name that resolves there is not caught: that is the network's to forbid.)
 */
const reachableFromProduction = (url: string): boolean => {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    // Not a URL: the core refuses its shape (`einvoicing.invalidUrl`).
    return true;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host === "metadata.google.internal")
    return false;
  const ipv4 = host.match(/^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/);
  if (!ipv4) return !host.startsWith("[");
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return !(a === 127 || a === 0 || (a === 169 && b === 254));
};

/** The shortest secret a user may choose for the webhook (the one Registre makes is 43 characters). */
export const MIN_WEBHOOK_SECRET = 16;

/**
 * Sets the organisation's connection. Answers what the screens show, and the webhook secret when
 * Registre made it (shown once: afterwards the answers only say it is set). The URLs' shape (http(s), a
 * host, no credentials) is the core's rule; in production, an address inside the server's own network
 * edge — itself, or the cloud's metadata service — is refused too (`einvoicing.urlNotAllowed`).
 */
export const setConnection = async (
  ctx: AppContext,
  orgId: string,
  input: ConnectionInput,
  metadata: CommandMetadata,
): Promise<{ connection: ConnectionView; generatedWebhookSecret: string | null }> => {
  if (input.webhookSecret !== undefined && input.generateWebhookSecret)
    throw new DomainError("einvoicing.webhookSecretTwice", { field: "webhookSecret" });
  if (input.webhookSecret !== undefined && input.webhookSecret.length < MIN_WEBHOOK_SECRET)
    throw new DomainError("einvoicing.webhookSecretShort", {
      field: "webhookSecret",
      min: MIN_WEBHOOK_SECRET,
    });
  if (ctx.production)
    for (const field of ["flowUrl", "directoryUrl", "tokenUrl"] as const)
      if (!reachableFromProduction(input[field].trim()))
        throw new DomainError("einvoicing.urlNotAllowed", { field });
  const made = input.generateWebhookSecret ? generatedWebhookSecret(ctx, orgId, metadata.commandId) : null;
  const webhookSecret = made ?? input.webhookSecret;
  const { state } = await handleCommand(ctx, {
    orgId,
    streamId: connectionStreamId(orgId),
    decider: connectionDecider,
    commands: [
      {
        type: "SetEInvoicingConnection",
        data: {
          flowUrl: input.flowUrl.trim(),
          directoryUrl: input.directoryUrl.trim(),
          tokenUrl: input.tokenUrl.trim(),
          clientId: input.clientId,
          clientSecret:
            input.clientSecret === undefined
              ? undefined
              : seal(ctx.secretKey(), sealContext(orgId, "clientSecret"), input.clientSecret),
          webhookSecret:
            webhookSecret === undefined
              ? undefined
              : seal(ctx.secretKey(), sealContext(orgId, "webhookSecret"), webhookSecret),
        },
      },
    ],
    metadata,
    readModels: [],
  });
  if (!state.connection) throw new Error("a connection set is there");
  return { connection: viewOf(state.connection), generatedWebhookSecret: made };
};

/** Removes the organisation's connection (nothing when it has none). */
export const removeConnection = async (ctx: AppContext, orgId: string, metadata: CommandMetadata) => {
  await handleCommand(ctx, {
    orgId,
    streamId: connectionStreamId(orgId),
    decider: connectionDecider,
    commands: [{ type: "RemoveEInvoicingConnection", data: {} }],
    metadata,
    readModels: [],
  });
};
