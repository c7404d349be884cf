import type { IsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";
import type { LiveDocument } from "./document.ts";
import { type DocumentPlan, planCreditNote } from "./transform.ts";
import type { LifecycleStatus } from "./transmission.ts";

/**
 * The internal credit note (issue 25, e-invoicing-platforms.md §1): an invoice is never cancelled once
 * issued, but when the platform rejects it (213, not conformant) or the buyer refuses it (210), the
 * seller cancels it in its own books with a credit note of the whole invoice, marked internal — never
 * transmitted to the platform, never e-reported (`transmissionScope`) —, then issues a corrected
 * invoice. The shell creates and validates it in one commit, with its posting.
 */

/** The statuses after which the invoice is cancelled in the books: 210 Refusée, 213 Rejetée. */
export const cancellingStatusCodes = [210, 213] as const;

/** The platform's last word on the document: its latest lifecycle status by date (the last received on a tie). */
export const lastLifecycleStatus = (doc: LiveDocument): LifecycleStatus | null =>
  (doc.transmission?.statuses ?? []).reduce<LifecycleStatus | null>(
    (last, s) => (!last || Date.parse(s.date) >= Date.parse(last.date) ? s : last),
    null,
  );

/** Whether the invoice's last platform status is a rejection or a refusal (the credit note is offered). */
export const offersInternalCreditNote = (doc: LiveDocument): boolean => {
  const last = lastLifecycleStatus(doc);
  return (
    doc.kind === "invoice" &&
    doc.direction === "sales" &&
    last !== null &&
    (cancellingStatusCodes as readonly number[]).includes(last.code)
  );
};

/**
 * The internal credit note of `invoice`, dated `issueDate`: the whole invoice credited. Refused (409)
 * unless its last platform status is 210 or 213 (`einvoicing.notRefused`), or when a credit note of it
 * already stands (`einvoicing.alreadyCredited`: the books would cancel it twice). `children` are the
 * invoice's children as they stand.
 */
export const planInternalCreditNote = (
  invoice: LiveDocument,
  input: { readonly id: string; readonly issueDate: IsoDate; readonly children: readonly LiveDocument[] },
): DocumentPlan => {
  if (!offersInternalCreditNote(invoice))
    throw new DomainError(
      "einvoicing.notRefused",
      { field: "id", status: lastLifecycleStatus(invoice)?.code ?? "none" },
      409,
    );
  const credited = input.children.find(
    (c) => c.kind === "creditNote" && c.status !== "cancelled" && c.origin?.docId === invoice.id,
  );
  if (credited)
    throw new DomainError("einvoicing.alreadyCredited", { field: "id", number: credited.number ?? "" }, 409);
  const plan = planCreditNote(invoice, {
    id: input.id,
    issueDate: input.issueDate,
    selection: { kind: "whole" },
  });
  return { ...plan, create: { ...plan.create, data: { ...plan.create.data, internal: true } } };
};
