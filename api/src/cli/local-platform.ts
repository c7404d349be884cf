import { join, resolve } from "node:path";
import type { DemoPlatform } from "../demo/einvoicing.ts";
import type { Cli } from "./io.ts";

/**
 * The local approved platform beside `registre serve` (issue 25): a test double of the outside world,
 * started for the demo unless REGISTRE_EINVOICING=off, on REGISTRE_LOCAL_PLATFORM_PORT (3100 by default),
 * its state in the data folder (local-platform.json). The one file of the product's sources naming the
 * platform's package — a shell's, never on a request's path: loaded by a dynamic import only here, and
 * an install without the package (it is a workspace, not a dependency of the API) just starts without it.
 */
export const startDemoPlatform = async (
  cli: Cli,
  dataDir: string | undefined,
): Promise<(DemoPlatform & { close(): Promise<void> }) | null> => {
  const env = cli.io.env;
  if ((env.REGISTRE_EINVOICING ?? "local") === "off") return null;
  const port = Number(env.REGISTRE_LOCAL_PLATFORM_PORT ?? 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    cli.warn(
      `REGISTRE_LOCAL_PLATFORM_PORT is not a port (${env.REGISTRE_LOCAL_PLATFORM_PORT}): no local platform`,
    );
    return null;
  }
  let start: typeof import("@registre/local-platform").startLocalPlatform;
  try {
    ({ startLocalPlatform: start } = await import("@registre/local-platform"));
  } catch {
    cli.warn("the local approved platform is not installed: started without it");
    return null;
  }
  const dataFile =
    dataDir && !dataDir.startsWith("memory://") ? resolve(join(dataDir, "local-platform.json")) : undefined;
  try {
    const platform = await start({ port, ...(dataFile && { dataFile }), ackDelayMs: 200, log: cli.warn });
    cli.print(`local approved platform on ${platform.url} (REGISTRE_EINVOICING=off to go without it)`);
    return platform;
  } catch (error) {
    cli.warn(
      `the local approved platform could not start on port ${port}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
};
