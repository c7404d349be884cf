import type { StoredEvent } from "@registre/store";
import type { Kysely } from "kysely";

/** A read-model table as its projector declares it; `{table}` in the DDL stands for the physical name. */
export type ReadModelTable = {
  /** The name queries use: a view onto the live generation's table. */
  readonly name: string;
  /** Column and constraint definitions, e.g. "org_id uuid not null, ..., primary key (org_id, id)". */
  readonly columns: string;
  readonly indexes?: readonly string[];
  /**
   * Groups of statements that speed queries up but may be refused (an extension the server does not
   * offer or lets this user create): each group runs whole or not at all, and a refusal is not an error.
   */
  readonly optionalIndexes?: readonly (readonly string[])[];
};

/** Maps a read-model table name to the physical table of the generation being written. */
export type TableNames = (name: string) => string;

// biome-ignore lint/suspicious/noExplicitAny: read-model rows are typed by each projector's module
export type ProjectionExecutor = Kysely<any>;

/**
 * A projector folds events into read-model rows. `apply` receives a batch (only the types it
 * handles, in log order) and writes inside the runner's transaction, which also moves its checkpoint.
 * Bump `version` whenever `apply` or `tables` change: the runner then rebuilds it from the log.
 */
export type Projector = {
  readonly name: string;
  readonly version: number;
  /** The event types it reads; every type when absent. */
  readonly handles?: readonly string[];
  readonly tables: readonly ReadModelTable[];
  readonly apply: (
    db: ProjectionExecutor,
    events: readonly StoredEvent[],
    table: TableNames,
  ) => Promise<void>;
};

/** Rows to insert in as few statements as the parameter limit allows. */
export const chunk = <T>(rows: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};
