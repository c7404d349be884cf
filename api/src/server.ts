import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createSchedule } from "@registre/projections";
import type { Database } from "@registre/store";
import { createApp } from "./app.ts";
import { billingJob } from "./billing/schedule.ts";
import { platformInvoiceJob } from "./billing-invoices/invoice-job.ts";
import { paymentMailReactors } from "./billing-invoices/payment-mail.ts";
import { platformInvoiceReactors } from "./billing-invoices/reactor.ts";
import { type Environment, openContext, webDist } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { type DemoPlatform, seedDemoEInvoicing } from "./demo/einvoicing.ts";
import { seedDemo } from "./demo/index.ts";
import { ereportingJob } from "./einvoicing/ereporting-job.ts";
import { einvoicingReactors } from "./einvoicing/reactors.ts";
import { einvoicingSyncJob } from "./einvoicing/sync.ts";
import { seedReferenceData } from "./reference/reference.ts";
import { remindersJob } from "./reminders/scheduler.ts";

export type RunningServer = {
  readonly url: string;
  readonly ctx: AppContext;
  /**
   * Stops accepting connections, lets the requests in flight finish (at most `graceMs`, then their
   * connections are cut), stops the schedule and the projection runner and closes the database.
   */
  readonly close: (graceMs?: number) => Promise<void>;
};

/** How long a stopping server lets its requests in flight finish. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Opens the database, migrates, starts the projections, seeds the demo on first start, listens, and
 * starts the schedule (the daily reminders, unless REMINDERS=off; the e-invoicing sync every minute, the e-reporting every 15 minutes; billing every hour when STRIPE_SECRET_KEY is set).
 */
export const startServer = async (
  env: Environment & {
    port?: number;
    host?: string;
    webRoot?: string;
    seed?: boolean;
    database?: Database;
    /** The local approved platform `registre serve` started beside Registre: the demo's e-invoicing on it. */
    demoPlatform?: DemoPlatform;
  },
): Promise<RunningServer> => {
  // The production reactors: the e-invoicing platform's sending (`einvoicing/sending.ts`), the platform's invoices.
  const ctx = await openContext(env, env.database, {
    reactors: (context) => [
      ...einvoicingReactors(context),
      ...platformInvoiceReactors(context),
      ...paymentMailReactors(context),
    ],
  });
  // A thread ready for the first file, loading while the projections catch up.
  ctx.work.warm();
  await ctx.runner.start();
  await seedReferenceData(ctx);
  if (env.seed ?? true) {
    const demo = await seedDemo(ctx);
    if (demo) env.log?.(`created the demo organisation Atelier Démo SARL (${demo})`);
    if (env.demoPlatform) {
      const perrin = await seedDemoEInvoicing(ctx, env.demoPlatform, {
        // The platform's webhooks to this server (not known yet on a port picked at random).
        ...(env.port !== 0 && { webhookBase: `http://127.0.0.1:${env.port ?? 3000}` }),
        ...(env.log && { log: env.log }),
      });
      if (perrin) env.log?.(`created the demo's e-invoicing partner Menuiserie Perrin et Fils (${perrin})`);
    }
  }
  const app = createApp(ctx, { webRoot: env.webRoot ?? webDist });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.port ?? 3000, hostname: env.host ?? "0.0.0.0" }, () =>
      resolve(s as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  // The time-driven jobs: each runs on one server at a time, whichever servers share the database.
  // The e-invoicing sync runs every minute, for the organisations connected to a platform.
  const jobs = [
    ...(env.reminders === "off" ? [] : [remindersJob(ctx)]),
    einvoicingSyncJob(ctx),
    ereportingJob(ctx),
    ...billingJob(ctx),
    ...platformInvoiceJob(ctx),
  ];
  const schedule = createSchedule(ctx.database, jobs, {
    clock: ctx.clock,
    ...(env.log && { log: env.log }),
  });
  await schedule.start();
  let closing: Promise<void> | undefined;
  const close = (graceMs = SHUTDOWN_GRACE_MS) =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        // No new connection; `close` calls back once every open one has ended.
        server.close(() => resolve());
        // Keep-alive connections between requests would hold it open: end them as they fall idle,
        // and cut whatever is still running when the grace period is over.
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.once("close", () => {
          clearInterval(idle);
          clearTimeout(cut);
        });
      });
      await schedule.stop();
      await ctx.runner.stop();
      await ctx.database.close();
    })());
  return { url: `http://localhost:${port}`, ctx, close };
};
