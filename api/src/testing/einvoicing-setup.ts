import type { AppContext } from "../context.ts";
import { setConnection } from "../einvoicing/connection.ts";

/**
 * The e-invoicing tests' connection to the fake platform (`fake-platform.testing.ts`): its addresses,
 * `clientId` the account at the platform, a client secret (`client-secret` unless told) and, when given,
 * the webhook's secret.
 */
export const fakeConnection = (
  clientId: string,
  secrets: { clientSecret?: string; webhookSecret?: string } = {},
) => ({
  flowUrl: "https://pa.example/flow-service",
  directoryUrl: "https://pa.example/directory-service",
  tokenUrl: "https://pa.example/oauth/token",
  clientId,
  clientSecret: secrets.clientSecret ?? "client-secret",
  ...(secrets.webhookSecret !== undefined && { webhookSecret: secrets.webhookSecret }),
});

/** Connects an organisation to the fake platform as `clientId` (`fakeConnection`), as its owner would. */
export const connectToFakePlatform = (
  ctx: AppContext,
  orgId: string,
  clientId: string,
  secrets: { clientSecret?: string; webhookSecret?: string } = {},
) =>
  setConnection(ctx, orgId, fakeConnection(clientId, secrets), {
    commandId: crypto.randomUUID(),
    at: new Date().toISOString(),
  });
