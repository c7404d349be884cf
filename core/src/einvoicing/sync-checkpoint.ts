import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * Where an organisation's sync with its e-invoicing platform stands (stream
 * `einvoicing-sync-<org>`): the `updatedAt` of the last flow it dispatched, from which the next search
 * pages on (`updatedAfter`). Kept as events rather than in a table: it moves only when flows were read,
 * and travels with the organisation's log (its erasure, its export) like every other fact of it.
 */
export const syncCheckpointStreamId = (orgId: string): string => `einvoicing-sync-${orgId}`;

export type SyncCheckpointEvent = DomainEvent<
  "EInvoicingSyncCheckpointMoved",
  { readonly updatedAfter: string; readonly flows: number }
>;
export type SyncCheckpointCommand = {
  readonly type: "MoveEInvoicingSyncCheckpoint";
  readonly data: { readonly updatedAfter: string; readonly flows: number };
};
export type SyncCheckpointState = { readonly updatedAfter: string | null };

/** The checkpoint only moves on: a later instant is recorded, the same or an earlier one is not. */
export const syncCheckpointDecider: Decider<SyncCheckpointCommand, SyncCheckpointEvent, SyncCheckpointState> =
  {
    decide: (command, state) => {
      const { updatedAfter, flows } = command.data;
      const instant = Date.parse(updatedAfter);
      if (Number.isNaN(instant) || !/^\d{4}-\d{2}-\d{2}T/.test(updatedAfter))
        throw new DomainError("validation.invalidDate", { field: "updatedAfter", value: updatedAfter });
      if (state.updatedAfter !== null && instant <= Date.parse(state.updatedAfter)) return [];
      return [{ type: "EInvoicingSyncCheckpointMoved", data: { updatedAfter, flows } }];
    },
    evolve: (_state, event) => ({ updatedAfter: event.data.updatedAfter }),
    initialState: () => ({ updatedAfter: null }),
  };
