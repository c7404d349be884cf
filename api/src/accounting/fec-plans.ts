import { createHash } from "node:crypto";
import type { FecImportPlan } from "@registre/core";
import { derivedId } from "../ids.ts";

/**
 * The plans of this process's latest FEC dry runs, by what each was made from: the screen checks a file,
 * then imports it, and the import takes the plan its dry run made — seconds for a large file — rather
 * than reading and deciding the file again. The key covers everything the plan depends on (the
 * organisation, the file's bytes and name, the versions of the chart, the journals and the calendar, the
 * day, the rest of the planner's input): a plan is taken only for the very books it was made on. Kept a
 * few minutes, two at most (a plan of 100,000 lines is tens of megabytes), and taken once.
 */
const KEPT = 2;
const KEPT_MS = 10 * 60_000;

type Kept = { readonly plan: FecImportPlan; readonly commandId: string; readonly at: number };
const kept = new Map<string, Kept>();

/** The key of a plan: the file's bytes and the planner's other input (without the file's text). */
export const planKey = (bytes: Uint8Array, madeFrom: Readonly<Record<string, unknown>>): string =>
  createHash("sha256").update(bytes).update("\u0000").update(JSON.stringify(madeFrom)).digest("hex");

const purge = (now: number) => {
  for (const [key, entry] of kept) if (now - entry.at > KEPT_MS) kept.delete(key);
};

/** Keeps a dry run's plan (made under `commandId`) for the import that may follow. */
export const keepPlan = (key: string, plan: FecImportPlan, commandId: string, now: number): void => {
  purge(now);
  kept.delete(key);
  kept.set(key, { plan, commandId, at: now });
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT) break;
    kept.delete(oldest);
  }
};

/**
 * The plan kept under `key`, once, as if made under `commandId`: the fiscal years it opens take the ids
 * the import's command derives (`derivedId(command, "year", k)`, as `workers/tasks.ts` gives them).
 */
export const takePlan = (key: string, commandId: string, now: number): FecImportPlan | undefined => {
  purge(now);
  const found = kept.get(key);
  if (!found) return undefined;
  kept.delete(key);
  if (found.commandId === commandId) return found.plan;
  let fiscal = JSON.stringify(found.plan.fiscal);
  for (let k = 0; k <= found.plan.fiscal.length; k++)
    fiscal = fiscal.replaceAll(derivedId(found.commandId, "year", k), derivedId(commandId, "year", k));
  return { ...found.plan, fiscal: JSON.parse(fiscal) as FecImportPlan["fiscal"] };
};
