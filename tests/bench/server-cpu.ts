/**
 * The CPU time PostgreSQL spends for one database while some work runs, read from `/proc` (the server on
 * this machine, as the benchmarks' local one is): every process the postmaster forks whose title names the
 * database (its sessions) or a session of it (`parallel worker for PID …`: an index build's or a scan's
 * workers), sampled every 50 ms so that short-lived workers are counted too. Unavailable (null) when the
 * server is elsewhere or `/proc` is not readable.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type postgres from "postgres";

const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const read = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};

/** utime + stime of a process, in seconds. */
const cpuOf = (pid: number): number | null => {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

const childrenOf = (pid: number): number[] => {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = read(`/proc/${pid}/task/${task}/children`) ?? "";
      for (const child of text.trim().split(/\s+/)) if (child) out.push(Number(child));
    }
  } catch {
    return [];
  }
  return out;
};

export type ServerCpu = {
  /** Starts counting; `stop` answers the seconds of CPU the database's processes used since. */
  readonly start: () => { stop: () => number };
};

/** A sampler for the database `sql` is connected to, or null when its processes cannot be read. */
export const serverCpu = async (sql: postgres.Sql): Promise<ServerCpu | null> => {
  const [row] = await sql<{ pid: number; db: string }[]>`
    select pg_backend_pid() as pid, current_database() as db`;
  if (!row) return null;
  const stat = read(`/proc/${row.pid}/stat`);
  if (!stat) return null;
  const postmaster = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  const database = row.db;
  const ours = (pid: number, sessions: Set<number>): boolean => {
    const title = (read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ");
    if (title.includes(` ${database} `)) return true;
    const leader = /parallel worker for PID (\d+)/.exec(title)?.[1];
    return leader !== undefined && sessions.has(Number(leader));
  };
  return {
    start: () => {
      // Per process: its CPU when first seen (0 when it started after `start`), and the latest.
      const first = new Map<number, number>();
      const last = new Map<number, number>();
      const sessions = new Set<number>();
      const sample = (initial: boolean) => {
        for (const pid of childrenOf(postmaster)) {
          if (!last.has(pid) && !ours(pid, sessions)) continue;
          const cpu = cpuOf(pid);
          if (cpu === null) continue;
          if (!first.has(pid)) first.set(pid, initial ? cpu : 0);
          last.set(pid, cpu);
          sessions.add(pid);
        }
      };
      sample(true);
      const timer = setInterval(() => sample(false), 50);
      return {
        stop: () => {
          clearInterval(timer);
          sample(false);
          let total = 0;
          for (const [pid, cpu] of last) total += cpu - (first.get(pid) ?? 0);
          return total;
        },
      };
    },
  };
};

/** The CPU time of this process (every thread), in seconds, from a `process.cpuUsage()` reading. */
export const processCpu = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};
