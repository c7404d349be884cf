import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { type Admin, adminRoutes, makeAdmin } from "./admin.ts";
import { bearer, tokenHandler } from "./auth.ts";
import { directoryRoutes } from "./directory.ts";
import { flowRoutes } from "./flows.ts";
import { directoryError, type Env, flowError, sleep } from "./http.ts";
import { type Platform, resumePending } from "./processing.ts";
import { openStore } from "./store.ts";
import { makeTasks } from "./tasks.ts";
import { makeWebhooks } from "./webhooks.ts";

/**
 * The local approved platform on one port: `/oauth/token`, the Flow service under `/flow-service`,
 * the Directory service under `/directory-service` (then `/v1/...` as in their OpenAPI documents), and
 * the admin API under `/admin`. The faults set through the admin API apply to the standard calls
 * (token included): `down` answers 503, `slowMs` delays each answer.
 */
export type LocalPlatformOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** 127.0.0.1 unless said. */
  host?: string;
  /** A JSON file the state is kept in (a demo survives restarts); in memory only without it. */
  dataFile?: string;
  now?: () => Date;
  /** How long a flow stays Pending before its acknowledgement (default 50 ms). */
  ackDelayMs?: number;
  /** Where unexpected errors of the background work are told (default: console.error). */
  log?: (message: string) => void;
};

export type LocalPlatform = {
  /** The base URL, e.g. http://127.0.0.1:3100. */
  url: string;
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  port: number;
  admin: Admin;
  close(): Promise<void>;
};

const faults =
  (
    p: Platform,
    error: (c: Context, status: 503, code: string, message: string) => Response,
  ): MiddlewareHandler =>
  async (c, next) => {
    const { down, slowMs } = p.store.state.faults;
    if (slowMs > 0) await sleep(slowMs);
    if (down) return error(c, 503, "RESOURCE_ERROR", "The platform is down (fault set by the admin API).");
    await next();
  };

export const startLocalPlatform = async (options: LocalPlatformOptions = {}): Promise<LocalPlatform> => {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.error(message));
  const store = openStore({ dataFile: options.dataFile, now });
  const tasks = makeTasks((error) => log(`local platform: ${error instanceof Error ? error.stack : error}`));
  const webhooks = makeWebhooks(store, tasks, now);
  const platform: Platform = { store, tasks, webhooks, now, ackDelayMs: options.ackDelayMs ?? 50 };
  const admin = makeAdmin(platform);

  const app = new Hono<Env>();
  const flowService = new Hono<Env>();
  flowService.use("*", faults(platform, flowError), bearer(store, now, flowError));
  flowService.route("/", flowRoutes(platform));
  flowService.onError((_e, c) => flowError(c, 500, "INTERNAL_ERROR", "The platform failed."));
  const directoryService = new Hono<Env>();
  directoryService.use("*", faults(platform, directoryError), bearer(store, now, directoryError));
  directoryService.route("/", directoryRoutes(store));
  directoryService.onError((_e, c) => directoryError(c, 500, "INTERNAL_ERROR", "The platform failed."));

  app.use(
    "/oauth/*",
    faults(platform, (c, status, _code, message) =>
      c.json({ error: "temporarily_unavailable", error_description: message }, status),
    ),
  );
  app.post("/oauth/token", tokenHandler(store, now));
  app.route("/flow-service", flowService);
  app.route("/directory-service", directoryService);
  app.route("/admin", adminRoutes(admin, platform));
  app.notFound((c) => flowError(c, 404, "MISSING_RESOURCE", "No such resource."));

  resumePending(platform);
  const host = options.host ?? "127.0.0.1";
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () =>
      resolve(s as Server),
    );
    (s as Server).once("error", reject);
  });
  // An idle connection is closed by its client first (undici keeps one 4 s by default): a server that
  // closed it at the same moment (Node's 5 s) would reset a request just sent on it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    flowUrl: `${url}/flow-service`,
    directoryUrl: `${url}/directory-service`,
    tokenUrl: `${url}/oauth/token`,
    port,
    admin,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await tasks.close();
        store.close();
      })()),
  };
};
