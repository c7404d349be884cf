import { type Checkpoint, compareCheckpoints, type Database } from "@registre/store";
import { moveCheckpoints } from "./commits.ts";
import { readState, type StateRow } from "./state.ts";

/**
 * What the runner knows of a projector between steps: its row as last read or written, how far it
 * has read the log, when the row was last checked, and whether it was caught up then.
 */
export type Memo = { state: StateRow; read: Checkpoint; checkedAt: number; caughtUp: boolean };

export const checkpointOf = (state: StateRow): Checkpoint => ({
  txId: state.tx_id,
  position: state.position,
});

const sameRow = (a: StateRow, b: StateRow): boolean =>
  a.generation === b.generation &&
  a.tx_id === b.tx_id &&
  a.position === b.position &&
  a.failures_version === b.failures_version;

/**
 * `check(name, memo)` writes the read position as the checkpoint when it is ahead (compare-and-set
 * on the remembered row), or reads the row again: either way the remembered row is checked against
 * the database; a row that moved elsewhere is forgotten (`forget`), to be read again.
 */
export const checkpointWriter = (database: Database, forget: (name: string) => void) => {
  const checkOne = async (name: string, m: Memo): Promise<void> => {
    m.checkedAt = Date.now();
    if (compareCheckpoints(m.read, checkpointOf(m.state)) <= 0) {
      const state = await readState(database.db, name);
      if (!state || !sameRow(state, m.state)) forget(name);
      return;
    }
    const to = m.read;
    const moved = await moveCheckpoints(database.db, [{ name, state: m.state, to }]);
    if (!moved.has(name)) forget(name);
    else m.state = { ...m.state, tx_id: to.txId, position: to.position };
  };

  // The loops due to write their read positions at the same moment (woken by the same trigger: once
  // written together, they fall due together) write them in one statement.
  let checks: { name: string; m: Memo; done: (error?: unknown) => void }[] = [];
  const check = (name: string, m: Memo): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      checks.push({ name, m, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (checks.length === 1) setImmediate(() => void flushChecks());
    });
  const flushChecks = async () => {
    const group = checks;
    checks = [];
    const ahead = group.filter((c) => compareCheckpoints(c.m.read, checkpointOf(c.m.state)) > 0);
    const alone = (c: (typeof group)[number]) => {
      checkOne(c.name, c.m).then(() => c.done(), c.done);
    };
    for (const c of group) if (ahead.length < 2 || !ahead.includes(c)) alone(c);
    if (ahead.length < 2) return;
    const moves = ahead.map((c) => ({ name: c.name, state: c.m.state, to: c.m.read }));
    let moved: Set<string>;
    try {
      moved = await moveCheckpoints(database.db, moves);
    } catch {
      // A lost connection or a deadlock with another runner: each on its own, as it would be alone.
      ahead.forEach(alone);
      return;
    }
    ahead.forEach((c, i) => {
      const to = moves[i]?.to ?? c.m.read;
      c.m.checkedAt = Date.now();
      if (!moved.has(c.name)) forget(c.name);
      else c.m.state = { ...c.m.state, tx_id: to.txId, position: to.position };
      c.done();
    });
  };

  return check;
};
