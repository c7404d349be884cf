import type { AppContext } from "./context.ts";

/** An organisation a projector stopped for: the event it failed on and why. */
export type FailedOrganisation = {
  readonly orgId: string;
  /** From the organisations read model, when it knows the organisation. */
  readonly name: string | null;
  readonly position: number;
  readonly txId: string;
  readonly orgSeq: number;
  readonly error: string;
  readonly failedAt: string;
  /** Failures in a row at that event: a reactor tries again by itself. */
  readonly attempts: number;
  /** When a reactor tries again (ISO-8601); null for a projector, which waits for `resume`. */
  readonly retryAt: string | null;
};

export type ReadModelState = {
  readonly name: string;
  /** A projector's read model, or a reactor (it acts on the log: commands, the outside world). */
  readonly kind: "projector" | "reactor";
  readonly version: number;
  readonly generation: number;
  readonly status: "running" | "degraded" | "stalled";
  readonly lag: number;
  readonly failures: FailedOrganisation[];
};

/** Each projector's and reactor's state, with the organisations it is stopped for and their names. */
export const readModelStates = async (ctx: AppContext): Promise<ReadModelState[]> => {
  const status = await ctx.runner.status();
  const ids = [...new Set(status.flatMap((s) => s.failures.map((f) => f.orgId)))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    // The organisations read model may itself be the one stopped for them: a name is a courtesy.
    const rows = await ctx.database.db
      .selectFrom("organisations")
      .select(["org_id", "name"])
      .where("org_id", "in", ids)
      .execute()
      .catch(() => []);
    for (const r of rows as { org_id: string; name: string }[]) names.set(r.org_id, r.name);
  }
  return status.map((s) => ({
    name: s.name,
    kind: s.kind,
    version: s.version,
    generation: s.generation,
    status: s.status,
    lag: s.lag,
    failures: s.failures.map((f) => ({
      orgId: f.orgId,
      name: names.get(f.orgId) ?? null,
      position: f.position,
      txId: f.txId,
      orgSeq: f.orgSeq,
      error: f.error,
      failedAt: f.failedAt.toISOString(),
      attempts: f.attempts,
      retryAt: f.retryAt?.toISOString() ?? null,
    })),
  }));
};
