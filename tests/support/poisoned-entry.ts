import { randomUUID } from "node:crypto";
import { entryStreamId } from "@registre/core";
import type { AppendResult, EventStore } from "@registre/store";

/**
 * Appends, straight to an organisation's log (the API would refuse it), an entry whose amounts an
 * older writer stored as French text ("12,50"): the ledger cannot apply it and stops for that
 * organisation. What the tests of confined projection failures start from.
 */
export const appendPoisonedEntry = (
  store: EventStore,
  orgId: string,
  at = new Date(),
): Promise<AppendResult> => {
  const mvt = randomUUID();
  return store.append(
    orgId,
    entryStreamId(mvt),
    "no_stream",
    [
      {
        type: "EntryDrafted",
        data: {
          mvt,
          journal: "OD",
          date: "2026-01-05",
          pieceRef: "ANCIEN",
          pieceDate: "2026-01-05",
          label: "Ancien format",
          origin: { kind: "manual" },
          lines: [
            { account: "512000", auxiliary: null, label: null, debit: "12,50", credit: 0 },
            { account: "471000", auxiliary: null, label: null, debit: 0, credit: "12,50" },
          ],
        },
      },
    ],
    { metadata: { commandId: randomUUID(), at: at.toISOString() } },
  );
};
