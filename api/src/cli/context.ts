import { environmentFromProcess, openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";

/** Opens (and migrates) the database the environment names, runs `work`, and always closes it. */
export const withContext = async <T>(work: (ctx: AppContext) => Promise<T>, quiet = true): Promise<T> => {
  const env = environmentFromProcess();
  const ctx = await openContext({ ...env, log: quiet ? undefined : (line) => console.error(line) });
  try {
    return await work(ctx);
  } finally {
    await ctx.database.close();
  }
};
