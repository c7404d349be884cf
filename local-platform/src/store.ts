import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Account, DirectoryEntry, Faults, Flow, StoredFlow, Token } from "./model.ts";

/**
 * The platform's state, in memory, and optionally kept in a JSON file (`dataFile`) so that a demo
 * survives a restart: written a moment after each change (and at close), atomically (a temporary file
 * renamed over the old one).
 */
export type State = {
  accounts: Account[];
  directory: DirectoryEntry[];
  flows: StoredFlow[];
  tokens: Token[];
  faults: Faults;
  nextIdInstance: number;
  /** The last timestamp given (epoch ms): the clock never gives it again. */
  lastStamp: number;
};

const emptyState = (): State => ({
  accounts: [],
  directory: [],
  flows: [],
  tokens: [],
  faults: { down: false, ackError: null, slowMs: 0 },
  nextIdInstance: 1,
  lastStamp: 0,
});

export type Store = {
  readonly state: State;
  /** A timestamp strictly after every one given before (even within one millisecond, across restarts). */
  stamp(): string;
  /** Says the state changed: the file is written shortly. */
  changed(): void;
  flow(flowId: string): StoredFlow | undefined;
  account(siren: string): Account | undefined;
  /** Writes the file now, if there is one and something changed. */
  flush(): void;
  close(): void;
};

const SAVE_DELAY_MS = 50;

export const openStore = (options: { dataFile?: string | undefined; now: () => Date }): Store => {
  const { dataFile, now } = options;
  const state = dataFile ? load(dataFile) : emptyState();
  let dirty = false;
  let timer: NodeJS.Timeout | null = null;
  const byId = new Map(state.flows.map((f) => [f.flow.flowId, f]));
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!dataFile || !dirty) return;
    dirty = false;
    mkdirSync(dirname(dataFile), { recursive: true });
    const temporary = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, dataFile);
  };
  return {
    state,
    stamp() {
      // Each flow's updatedAt is the paging key of the search: strictly increasing, so that a client
      // paging with updatedAfter = the last updatedAt it saw never skips a change made in the same ms.
      const t = Math.max(now().getTime(), state.lastStamp + 1);
      state.lastStamp = t;
      return new Date(t).toISOString();
    },
    changed() {
      dirty = true;
      // The index follows the flows' list (flows are only ever appended).
      for (let i = byId.size; i < state.flows.length; i++) {
        const f = state.flows[i] as StoredFlow;
        byId.set(f.flow.flowId, f);
      }
      if (dataFile && !timer) {
        timer = setTimeout(flush, SAVE_DELAY_MS);
        timer.unref();
      }
    },
    flow: (flowId) => byId.get(flowId),
    account: (siren) => state.accounts.find((a) => a.siren === siren),
    flush,
    close: flush,
  };
};

const load = (dataFile: string): State => {
  let text: string;
  try {
    text = readFileSync(dataFile, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return emptyState();
    throw error;
  }
  const saved = JSON.parse(text) as Partial<State>;
  return { ...emptyState(), ...saved };
};

/** The flow as the API shows it: a copy, so that no caller changes the stored one. */
export const publicFlow = (f: StoredFlow): Flow => structuredClone(f.flow);
