import { readFileSync } from "node:fs";
import postgres from "postgres";
import { adminUrl, withAdmin } from "../support/postgres-admin.ts";

// What the load benchmark watches beside its measures: the projection horizon and the CPU time used.

/**
 * Samples, every 50 ms, whether a transaction of another database of the cluster that has written
 * something has been open for more than 50 ms: the projection horizon is cluster-wide, so such a
 * transaction holds every command's read models back until it ends. Answers the share of samples.
 */
export const watchHorizon = (database: string) => {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  let samples = 0;
  let held = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where datname <> ${database} and backend_xid is not null and now() - xact_start > interval '50 ms'`;
      samples++;
      if ((row?.n ?? 0) > 0) held++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async (): Promise<number> => {
    stopped = true;
    await loop.catch(() => {});
    await sql.end();
    return samples === 0 ? 0 : held / samples;
  };
};

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; undefined elsewhere). */
export const cpuOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};

/**
 * The CPU time the server process and the PostgreSQL backends of the benchmark's database use while
 * a figure is measured: per request, a figure the other work on a shared machine moves far less than
 * latencies (it is what the requests cost, not how long they waited for the cores).
 */
export const watchCpu = async (serverPid: number | undefined, database: string) => {
  const backends = () =>
    withAdmin(async (sql) =>
      (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`).map(
        (r) => r.pid,
      ),
    );
  const sample = (pids: readonly number[]) => new Map(pids.map((pid) => [pid, cpuOf(pid)]));
  const serverBefore = serverPid === undefined ? undefined : cpuOf(serverPid);
  const before = sample(await backends());
  return async (): Promise<{ server: number; database: number } | undefined> => {
    const serverAfter = serverPid === undefined ? undefined : cpuOf(serverPid);
    const after = sample(await backends());
    if (serverBefore === undefined || serverAfter === undefined) return undefined;
    let db = 0;
    for (const [pid, used] of after) {
      const was = before.get(pid);
      // A backend that came during the measure counts from zero; one that left is not counted.
      if (used !== undefined) db += used - (was ?? 0);
    }
    return { server: serverAfter - serverBefore, database: db };
  };
};
