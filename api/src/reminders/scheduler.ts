import { parisDate } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { lateInvoices, loadReminderSettings, type ReminderOutcome, sendReminder } from "./reminders.ts";

export type ReminderRun = {
  readonly organisations: number;
  readonly sent: number;
  readonly refused: readonly (ReminderOutcome & { readonly orgId: string })[];
};

/** Runs in this process at the moment, per database: a second run in the same process does not start. */
const running = new WeakSet<object>();

/**
 * Holds the platform-wide reminders lock while `run` runs, or answers null at once when someone holds it.
 * PostgreSQL: a session advisory lock on a connection of its own, so one server at a time sends
 * reminders, whichever servers share the database; PGlite (one process): this process's flag alone.
 */
export const withRemindersLock = async <T>(ctx: AppContext, run: () => Promise<T>): Promise<T | null> => {
  if (running.has(ctx.database)) return null;
  running.add(ctx.database);
  try {
    const dedicated = ctx.database.kind === "postgres" ? ctx.database.dedicated?.() : undefined;
    if (!dedicated) return await run();
    try {
      const [row] = await dedicated<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext('registre'), hashtext('reminders')) as locked`;
      if (!row?.locked) return null;
      try {
        return await run();
      } finally {
        await dedicated`select pg_advisory_unlock(hashtext('registre'), hashtext('reminders'))`;
      }
    } finally {
      await dedicated.end();
    }
  } finally {
    running.delete(ctx.database);
  }
};

/**
 * The daily run: for every organisation that turned automatic reminders on, each late sales invoice's due
 * level (`dueReminderLevel`: never a level sent, nor one below) sent and recorded. Idempotent — run it
 * again the same day and nothing more is sent — and one server at a time (`withRemindersLock`); answers
 * null when another run holds the lock.
 */
export const runDueReminders = (ctx: AppContext): Promise<ReminderRun | null> =>
  withRemindersLock(ctx, async () => {
    const orgs = await readModels(ctx.database).selectFrom("organisations").select("org_id").execute();
    let organisations = 0;
    let sent = 0;
    const refused: (ReminderOutcome & { orgId: string })[] = [];
    for (const { org_id: orgId } of orgs) {
      const { state: settings } = await loadReminderSettings(ctx, orgId);
      if (!settings.automatic) continue;
      organisations++;
      for (const invoice of await lateInvoices(ctx, orgId)) {
        if (invoice.dueLevel === null) continue;
        const outcome = await sendReminder(ctx, orgId, invoice.id, {
          commandId: ctx.newId(),
          at: ctx.clock().toISOString(),
        });
        if (outcome.sent) sent++;
        else refused.push({ ...outcome, orgId });
      }
    }
    return { organisations, sent, refused };
  });

/**
 * Runs `runDueReminders` a minute after the server starts, then each hour when the Paris day changed
 * since this process's last run (so once a day; a missed hour or a restart only delays it).
 */
export const startReminderSchedule = (
  ctx: AppContext,
  log: (line: string) => void = () => {},
  { firstDelayMs = 60_000, everyMs = 3_600_000 } = {},
) => {
  let lastDay: string | null = null;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    const day = parisDate(ctx.clock());
    if (day === lastDay) return;
    current = runDueReminders(ctx)
      .then((run) => {
        if (!run) return;
        lastDay = day;
        if (run.sent || run.refused.length)
          log(
            `reminders: ${run.sent} sent, ${run.refused.length} not sent (${run.organisations} organisations)`,
          );
      })
      .catch((error) =>
        log(`reminders: the daily run failed: ${error instanceof Error ? error.message : error}`),
      );
  };
  const first = setTimeout(tick, firstDelayMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await current;
    },
  };
};
