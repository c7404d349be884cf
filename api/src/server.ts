import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Database } from "@registre/store";
import { createApp } from "./app.ts";
import { type Environment, openContext, webDist } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { seedDemo } from "./demo.ts";

export type RunningServer = {
  readonly url: string;
  readonly ctx: AppContext;
  readonly close: () => Promise<void>;
};

/** Opens the database, migrates, starts the projections, seeds the demo on first start, and listens. */
export const startServer = async (
  env: Environment & { port?: number; host?: string; webRoot?: string; seed?: boolean; database?: Database },
): Promise<RunningServer> => {
  const ctx = await openContext(env, env.database);
  await ctx.runner.start();
  if (env.seed ?? true) {
    const demo = await seedDemo(ctx);
    if (demo) env.log?.(`created the demo organisation Atelier Démo SARL (${demo})`);
  }
  const app = createApp(ctx, { webRoot: env.webRoot ?? webDist });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.port ?? 3000, hostname: env.host ?? "0.0.0.0" }, () =>
      resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    ctx,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.runner.stop();
      await ctx.database.close();
    },
  };
};
