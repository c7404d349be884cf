import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import type { Cli } from "./io.ts";

/** Opens (and migrates) the database the run's environment names, runs `work`, and always closes it. */
export const withContext = async <T>(
  cli: Cli,
  work: (ctx: AppContext) => Promise<T>,
  quiet = true,
): Promise<T> => {
  const ctx = await openContext({ ...cli.environment, log: quiet ? undefined : cli.warn });
  try {
    return await work(ctx);
  } finally {
    await ctx.database.close();
  }
};
