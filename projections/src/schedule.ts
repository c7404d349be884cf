import type { Database } from "@registre/store";
import { sql } from "kysely";
import { errorText } from "./confined.ts";

/**
 * A time-driven job of the schedule: named once for every server, it runs when due, on one server at a
 * time, and its last run and next run are kept in `schedule_jobs` for the platform administrator. A job
 * must be safe to run twice (a crash after its work and before its row is written runs it again): the
 * reminders, for one, derive their commands' ids from the invoice and the level.
 */
export type ScheduledJob = {
  readonly name: string;
  /** When the job runs next after a run that started at `startedAt`. */
  readonly next: (startedAt: Date) => Date;
  /** A job seen for the first time runs this long after its row is made (a minute by default). */
  readonly firstRunInMs?: number;
  /** After a failed run, it tries again this soon, if that comes before its next run (15 minutes by default). */
  readonly retryInMs?: number;
  /** Does the work; answers a line for the screen and the log (what it did), if any. */
  readonly run: (startedAt: Date) => Promise<string | undefined>;
};

/** A job's row, as the platform administrator sees it. */
export type JobState = {
  readonly name: string;
  readonly nextRunAt: Date;
  readonly lastStartedAt: Date | null;
  readonly lastFinishedAt: Date | null;
  readonly lastOutcome: "ok" | "failed" | null;
  readonly lastSummary: string | null;
  readonly lastError: string | null;
  readonly runs: number;
  readonly failures: number;
  /** Started and not finished: running now somewhere (or its server stopped during the run). */
  readonly running: boolean;
};

type JobRow = {
  name: string;
  next_run_at: Date | string;
  last_started_at: Date | string | null;
  last_finished_at: Date | string | null;
  last_outcome: "ok" | "failed" | null;
  last_summary: string | null;
  last_error: string | null;
  runs: number | string;
  failures: number | string;
};

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toState = (r: JobRow): JobState => {
  const started = date(r.last_started_at);
  const finished = date(r.last_finished_at);
  return {
    name: r.name,
    nextRunAt: new Date(r.next_run_at),
    lastStartedAt: started,
    lastFinishedAt: finished,
    lastOutcome: r.last_outcome,
    lastSummary: r.last_summary,
    lastError: r.last_error,
    runs: Number(r.runs),
    failures: Number(r.failures),
    running: started !== null && (finished === null || finished < started),
  };
};

/** Every job's row, by name: those of this server's schedule and those another server registered. */
export const readSchedule = async (database: Pick<Database, "db">): Promise<JobState[]> => {
  const { rows } = await sql<JobRow>`select * from schedule_jobs order by name`.execute(database.db);
  return rows.map(toState);
};

/** The jobs this process runs at the moment, per database: a second run of one here does not start. */
const runningHere = new WeakMap<object, Set<string>>();

/**
 * Holds the job's lock while `work` runs, or answers null at once when someone holds it. The lock is a
 * session advisory lock, `(hashtext('registre'), hashtext(<job>))`: on PostgreSQL on a connection of its
 * own, so one server at a time runs the job whichever servers share the database; on PGlite on its one
 * session (one process: the lock is taken the same way, and this process's own runs are told apart by
 * a flag, as a session's advisory lock is its own to take again).
 */
export const withJobLock = async <T>(
  database: Pick<Database, "db" | "dedicated">,
  name: string,
  work: () => Promise<T>,
): Promise<T | null> => {
  const here = runningHere.get(database) ?? new Set<string>();
  runningHere.set(database, here);
  if (here.has(name)) return null;
  here.add(name);
  const dedicated = database.dedicated?.();
  const session = async (statement: "lock" | "unlock"): Promise<boolean> => {
    if (dedicated) {
      const [row] =
        statement === "lock"
          ? await dedicated<{ done: boolean }[]>`
              select pg_try_advisory_lock(hashtext('registre'), hashtext(${name})) as done`
          : await dedicated<{ done: boolean }[]>`
              select pg_advisory_unlock(hashtext('registre'), hashtext(${name})) as done`;
      return row?.done === true;
    }
    const { rows } =
      statement === "lock"
        ? await sql<{ done: boolean }>`
            select pg_try_advisory_lock(hashtext('registre'), hashtext(${name})) as done`.execute(database.db)
        : await sql<{ done: boolean }>`
            select pg_advisory_unlock(hashtext('registre'), hashtext(${name})) as done`.execute(database.db);
    return rows[0]?.done === true;
  };
  try {
    if (!(await session("lock"))) return null;
    try {
      return await work();
    } finally {
      await session("unlock");
    }
  } finally {
    here.delete(name);
    await dedicated?.end();
  }
};

export type ScheduleOptions = {
  /** The clock the jobs' times are read from. */
  readonly clock?: () => Date;
  /** How often the schedule looks for jobs due (30 s by default). */
  readonly tickMs?: number;
  /** A job ran (its summary), failed, or the schedule could not look at its jobs. */
  readonly log?: (line: string) => void;
};

export type Schedule = ReturnType<typeof createSchedule>;

/**
 * The schedule of this server: its jobs' rows made when absent, then, every `tickMs`, each job whose
 * `next_run_at` has come is run under its lock (`withJobLock`) — after checking, once the lock is held,
 * that it is still due: another server may have run it meanwhile, and moved its next run.
 */
export const createSchedule = (
  database: Database,
  jobs: readonly ScheduledJob[],
  options: ScheduleOptions = {},
) => {
  const clock = options.clock ?? (() => new Date());
  const byName = new Map(jobs.map((j) => [j.name, j]));
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<void> | undefined;

  const register = async () => {
    const now = clock();
    for (const job of jobs)
      await sql`
        insert into schedule_jobs (name, next_run_at)
        values (${job.name}, ${new Date(now.getTime() + (job.firstRunInMs ?? 60_000))})
        on conflict (name) do nothing`.execute(database.db);
  };

  /** Runs the job if it is due and nobody runs it: "ran", "failed", or "skipped" (not due, or locked elsewhere). */
  const runIfDue = async (job: ScheduledJob): Promise<"ran" | "failed" | "skipped"> =>
    (await withJobLock(database, job.name, async () => {
      const startedAt = clock();
      const { rows } = await sql<{ due: boolean }>`
        select next_run_at <= ${startedAt} as due from schedule_jobs where name = ${job.name}`.execute(
        database.db,
      );
      if (rows[0]?.due !== true) return "skipped" as const;
      await sql`update schedule_jobs set last_started_at = ${startedAt} where name = ${job.name}`.execute(
        database.db,
      );
      let summary: string | undefined;
      let failure: unknown;
      try {
        summary = await job.run(startedAt);
      } catch (error) {
        failure = error ?? new Error("failed");
      }
      const next = job.next(startedAt);
      const retry = new Date(startedAt.getTime() + (job.retryInMs ?? 15 * 60_000));
      const nextRunAt = failure !== undefined && retry < next ? retry : next;
      await sql`
        update schedule_jobs set
          last_finished_at = ${clock()},
          last_outcome = ${failure === undefined ? "ok" : "failed"},
          last_summary = ${summary ?? null},
          last_error = ${failure === undefined ? null : errorText(failure)},
          runs = runs + 1,
          failures = failures + ${failure === undefined ? 0 : 1},
          next_run_at = ${nextRunAt}
        where name = ${job.name}`.execute(database.db);
      if (failure !== undefined) options.log?.(`${job.name}: the run failed: ${errorText(failure)}`);
      else if (summary) options.log?.(`${job.name}: ${summary}`);
      return failure === undefined ? ("ran" as const) : ("failed" as const);
    })) ?? "skipped";

  /** Runs every job due (one after the other): what each did. */
  const tick = async (): Promise<Record<string, "ran" | "failed" | "skipped">> => {
    const now = clock();
    const { rows } = await sql<{ name: string }>`
      select name from schedule_jobs where next_run_at <= ${now} order by next_run_at`.execute(database.db);
    const outcomes: Record<string, "ran" | "failed" | "skipped"> = {};
    for (const { name } of rows) {
      const job = byName.get(name);
      // A job another server registered and this one does not run (REMINDERS=off here).
      if (job) outcomes[name] = await runIfDue(job);
    }
    return outcomes;
  };

  const start = async (): Promise<void> => {
    await register();
    timer = setInterval(() => {
      if (ticking) return;
      ticking = tick()
        .then(() => undefined)
        .catch((error: unknown) => options.log?.(`schedule: ${errorText(error)}`))
        .finally(() => {
          ticking = undefined;
        });
    }, options.tickMs ?? 30_000);
    timer.unref?.();
  };

  const stop = async (): Promise<void> => {
    clearInterval(timer);
    timer = undefined;
    await ticking;
  };

  return { start, stop, register, tick, jobs };
};
