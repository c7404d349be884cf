import type { z } from "@hono/zod-openapi";
import type { LiveDocument } from "@registre/core";
import { noTransmission } from "@registre/core";
import type { DocumentTransmission } from "../schemas/einvoicing-transmission.ts";

type Answer = z.infer<typeof DocumentTransmission>;

/** Whether the document is one the platform receives: a validated sales invoice or credit note. */
const transmissible = (doc: LiveDocument): boolean =>
  doc.direction === "sales" &&
  (doc.kind === "invoice" || doc.kind === "creditNote") &&
  doc.validation !== null;

/** The invoice's internal credit note: offered (rejected or refused, not credited yet), or the one made. */
export type InternalCreditNoteView = Answer["internalCreditNote"];

/**
 * A document's transmission as the invoice's screen shows it: where it stands (`state`), then each
 * fact recorded on its stream. An organisation without a connection has « not connected » on its
 * invoices, unless they were sent while it had one.
 */
export const transmissionAnswer = (
  doc: LiveDocument,
  connected: boolean,
  internalCreditNote: InternalCreditNoteView = { offered: false, creditNote: null },
): Answer => {
  const t = doc.transmission ?? noTransmission;
  const state: Answer["state"] = !transmissible(doc)
    ? "notTransmissible"
    : doc.internal
      ? "internal"
      : t.submission
        ? t.acknowledgement
          ? t.acknowledgement.status === "Ok"
            ? "acknowledged"
            : "rejected"
          : "submitted"
        : t.notSent
          ? "notSent"
          : t.refusal
            ? "refused"
            : connected
              ? "waiting"
              : "notConnected";
  return {
    state,
    connected,
    submission: t.submission ? { ...t.submission } : null,
    acknowledgement: t.acknowledgement
      ? { ...t.acknowledgement, details: t.acknowledgement.details.map((d) => ({ ...d })) }
      : null,
    statuses: t.statuses.map((s) => ({ ...s })),
    notSent: t.notSent ? { ...t.notSent } : null,
    refusal: t.refusal ? { ...t.refusal } : null,
    collected: (t.collected ?? []).map((c) => ({ ...c, amounts: c.amounts.map((a) => ({ ...a })) })),
    replaced: t.replaced ? { from: t.replaced.from, to: t.replaced.to, at: t.replaced.at } : null,
    internalCreditNote,
  };
};
