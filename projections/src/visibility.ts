import { type Checkpoint, compareCheckpoints } from "@registre/store";
import { type BehaviorSubject, filter, firstValueFrom, map, timeout } from "rxjs";

/** Whether a command's events show in the read models it answers from. */
export type Visibility = "visible" | "lagging" | "failed";

/** How long a command waits for its read models before it answers "not yet visible". */
export const WAIT_BUDGET_MS = 1500;

/** What a projector has read, and the organisations whose events it holds back. */
export type Progress = { readonly checkpoint: Checkpoint; readonly held: ReadonlySet<string> };

/**
 * Read-your-writes over the runner's published progress; `poke` wakes the live loops for a place in
 * the log (a no-op when an announced append already woke them for it).
 */
export const visibility = (
  progress: BehaviorSubject<ReadonlyMap<string, Progress>>,
  poke: (target: Checkpoint) => void,
  waitBudgetMs = WAIT_BUDGET_MS,
) => {
  /**
   * Whether the named projectors show `target` (read-your-writes), within `budgetMs`: "failed" at
   * once when one of them holds `orgId`'s events back after a failure, "lagging" when the budget ran out.
   */
  const awaitVisible = async (
    target: Checkpoint,
    names: readonly string[],
    orgId: string | null,
    budgetMs = waitBudgetMs,
  ): Promise<Visibility> => {
    const judge = (m: ReadonlyMap<string, Progress>): Visibility | undefined => {
      let reached = true;
      for (const n of names) {
        const p = m.get(n);
        if (orgId !== null && p?.held.has(orgId)) return "failed";
        if (!p || compareCheckpoints(p.checkpoint, target) < 0) reached = false;
      }
      return reached ? "visible" : undefined;
    };
    const now = judge(progress.value);
    if (now) return now;
    // An append of this process woke the loops already, with its place (the store announces it); a
    // place appended elsewhere (a duplicate command's first attempt, the log's head) wakes them here.
    poke(target);
    try {
      return await firstValueFrom(
        progress.pipe(
          map(judge),
          filter((v): v is Visibility => v !== undefined),
          timeout(budgetMs),
        ),
      );
    } catch {
      return "lagging";
    }
  };

  /** True once the named projectors show `target` for `orgId` (see `awaitVisible`). */
  const waitFor = async (
    target: Checkpoint,
    names: readonly string[],
    orgId: string | null,
    budgetMs = waitBudgetMs,
  ): Promise<boolean> => (await awaitVisible(target, names, orgId, budgetMs)) === "visible";

  return { awaitVisible, waitFor };
};
