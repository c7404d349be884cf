import { type ScheduledJob, withJobLock } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem-error.ts";
import type { EInvoicingPlatform } from "../ports/index.ts";
import { isPlatformError } from "../ports/index.ts";
import { connectedOrganisations, loadConnection } from "./connection.ts";
import { runEReporting } from "./ereporting.ts";

/**
 * E-reporting on the schedule (`ereporting`, registered in `server.ts`): every 15 minutes, on one
 * server at a time, each connected organisation's periods whose window has opened are sent once, and
 * the platform is asked for the answers still missing. A period is sent once whatever the runs and the
 * servers: the organisation's lock (`ereporting:<org>`, which « send now » takes too), the derived
 * command ids and the search of its tracking id before submitting (`ereporting.ts`).
 */
export const EREPORTING_JOB = "ereporting";

/** One organisation's e-reporting under its lock; null when a run holds it. */
export const withEReportingLock = <T>(ctx: AppContext, orgId: string, work: () => Promise<T>) =>
  withJobLock(ctx.database, `${EREPORTING_JOB}:${orgId}`, work);

/** The organisation's platform, or null when it has no connection. */
export const platformOf = async (ctx: AppContext, orgId: string): Promise<EInvoicingPlatform | null> => {
  const connection = await loadConnection(ctx, orgId);
  return connection ? ctx.einvoicing.connect(connection) : null;
};

/** Every connected organisation's e-reporting; one failing (its platform down) is tried again next run. */
export const runAllEReporting = async (ctx: AppContext) => {
  const orgs = await connectedOrganisations(ctx);
  const failed: string[] = [];
  let sent = 0;
  let answers = 0;
  for (const orgId of orgs) {
    try {
      const run = await withEReportingLock(ctx, orgId, async () => {
        const platform = await platformOf(ctx, orgId);
        return platform ? runEReporting(ctx, orgId, platform) : null;
      });
      sent += run?.sent ?? 0;
      answers += run?.answers ?? 0;
    } catch (error) {
      if (!isPlatformError(error) && !(error instanceof ProblemError)) throw error;
      failed.push(orgId);
    }
  }
  return { organisations: orgs.length, sent, answers, failed };
};

const EVERY_MS = 15 * 60_000;

export const ereportingJob = (ctx: AppContext): ScheduledJob => ({
  name: EREPORTING_JOB,
  firstRunInMs: 60_000,
  retryInMs: 5 * 60_000,
  next: (startedAt) => new Date(startedAt.getTime() + EVERY_MS),
  run: async () => {
    const run = await runAllEReporting(ctx);
    return `${run.sent} flows sent, ${run.answers} answers (${run.organisations} organisations${
      run.failed.length > 0 ? `, ${run.failed.length} to try again` : ""
    })`;
  },
});
