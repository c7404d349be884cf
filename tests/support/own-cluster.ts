import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The newest PostgreSQL server binaries Debian installed (`/usr/lib/postgresql/<major>/bin`). */
const binaries = (): string => {
  const majors = readdirSync("/usr/lib/postgresql")
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql");
  return join("/usr/lib/postgresql", majors[0], "bin");
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });

/**
 * How the server stops: "fast" terminates every session and shuts down cleanly; "immediate" kills
 * every server process at once (as a crash would), and the start then recovers from the WAL.
 */
export type ShutdownMode = "fast" | "immediate";

export type OwnCluster = {
  readonly url: string;
  /**
   * Stops the server (`mode`, fast by default) and starts it again `downMs` later (at once by
   * default), so that the outage lasts; `whileDown` runs once the server is stopped, and the start
   * waits for it (and for `downMs`).
   */
  readonly restart: (downMs?: number, whileDown?: () => Promise<void>, mode?: ShutdownMode) => Promise<void>;
  readonly stop: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, on a free port), to restart
 * under load without touching the shared server. initdb refuses to run as root: as root, the cluster
 * belongs to the `postgres` system user and its tools run as that user (runuser).
 */
export const startOwnCluster = async (): Promise<OwnCluster> => {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), "registre-cluster-"));
  const asRoot = process.getuid?.() === 0;
  const as = async (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    return run(command, argv, { timeout: 60_000 });
  };
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, "data");
  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=100",
  ].join(" ");
  const ctl = (...args: string[]) =>
    as("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, ...args]);
  await ctl("-w", "start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (downMs = 0, whileDown?: () => Promise<void>, mode: ShutdownMode = "fast") => {
      if (downMs === 0 && !whileDown) {
        await ctl("-w", "-m", mode, "restart");
        return;
      }
      await ctl("-w", "-m", mode, "stop");
      await Promise.all([new Promise((resolve) => setTimeout(resolve, downMs)), whileDown?.()]);
      await ctl("-w", "start");
    },
    stop: async () => {
      await ctl("-w", "-m", "immediate", "stop").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
