import { addDays, parisDate } from "@registre/core";
import { readModels, type ScheduledJob, withJobLock } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { lateInvoices, loadReminderSettings, type ReminderOutcome, sendReminder } from "./reminders.ts";

export type ReminderRun = {
  readonly organisations: number;
  readonly sent: number;
  readonly refused: readonly (ReminderOutcome & { readonly orgId: string })[];
};

/** The reminders' job on the schedule (`schedule_jobs`), and the name of its lock. */
export const REMINDERS_JOB = "reminders";

/**
 * Holds the reminders' lock — the schedule's lock of the job (`withJobLock`) — while `run` runs, or
 * answers null at once when someone holds it: one server at a time sends reminders, whichever servers
 * share the database.
 */
export const withRemindersLock = <T>(ctx: AppContext, run: () => Promise<T>): Promise<T | null> =>
  withJobLock(ctx.database, REMINDERS_JOB, run);

/**
 * For every organisation that turned automatic reminders on, each late sales invoice's due level
 * (`dueReminderLevel`: never a level sent, nor one below) sent and recorded. Idempotent — run it again the
 * same day and nothing more is sent: a level's command id derives from the invoice and the level. The
 * caller holds the reminders' lock (the schedule, or `runDueReminders`).
 */
const sendDueReminders = async (ctx: AppContext): Promise<ReminderRun> => {
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
};

/** The daily run, now, under the reminders' lock; null when another run holds it. */
export const runDueReminders = (ctx: AppContext): Promise<ReminderRun | null> =>
  withRemindersLock(ctx, () => sendDueReminders(ctx));

/**
 * The first instant of the Paris day after the one of `instant`: midnight in France, at UTC+1 in
 * winter and UTC+2 in summer (the clocks change at 2 or 3 in the morning, never at midnight).
 */
export const nextParisDay = (instant: Date): Date => {
  const day = addDays(parisDate(instant), 1);
  const summer = new Date(`${day}T00:00:00+02:00`);
  return parisDate(summer) === day ? summer : new Date(`${day}T00:00:00+01:00`);
};

/**
 * The reminders on the schedule: a minute after a server first registers the job, then at the start of
 * each Paris day (a day missed while every server was down is run as soon as one is back). A server
 * started with REMINDERS=off does not register it.
 */
export const remindersJob = (ctx: AppContext): ScheduledJob => ({
  name: REMINDERS_JOB,
  next: nextParisDay,
  run: async () => {
    const run = await sendDueReminders(ctx);
    return `${run.sent} sent, ${run.refused.length} not sent (${run.organisations} organisations)`;
  },
});
