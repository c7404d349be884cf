import { DomainError } from "../decider.ts";
import { type CreateDocument, type DocumentCommand, documentDecider } from "./decide.ts";
import { checkDepositsWithin, depositDeduction } from "./deposits.ts";
import type { DocumentState, LiveDocument } from "./document.ts";

/**
 * The final invoice of an order deducts its deposits (acomptes): each deposit invoice's net and VAT per
 * rate (CGI 289-I-1-c; EN 16931 BT-113). These rules say which deposits a new invoice of an order takes
 * on its own, and which one a user may add or take off while the invoice is a draft.
 */

/** A deposit invoice made on `order`, validated (numbered), not cancelled. */
const isValidatedDepositOn = (order: LiveDocument, doc: LiveDocument): boolean =>
  doc.kind === "invoice" &&
  doc.depositOn === order.id &&
  doc.validation !== null &&
  doc.number !== null &&
  doc.status !== "cancelled";

/** A deposit a credit note has taken back (whole or in part): not deducted without the user's word. */
const credited = (deposit: LiveDocument): boolean => deposit.children.some((c) => c.kind === "creditNote");

/** The deposits another invoice of the order (not `except`, not cancelled) already deducts. */
const deductedElsewhere = (children: readonly LiveDocument[], except: string): Set<string> =>
  new Set(
    children
      .filter(
        (c) => c.id !== except && c.kind === "invoice" && c.depositOn === null && c.status !== "cancelled",
      )
      .flatMap((c) => c.deposits.map((d) => d.docId)),
  );

/** The state a command list leaves a document in, from `state`. */
const after = (state: DocumentState, commands: readonly DocumentCommand[]): DocumentState =>
  commands.reduce(
    (s, command) => documentDecider.decide(command, s).reduce(documentDecider.evolve, s),
    state,
  );

const fits = (state: DocumentState): boolean => {
  if (state.status === "none" || state.status === "deleted") return false;
  try {
    checkDepositsWithin(state);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
};

/**
 * The deductions a new invoice made from `order` (its creation, `create`) takes with it, in the same
 * commit: every validated deposit invoice of the order that no credit note took back and no other live
 * invoice of the order deducts, oldest first, as long as the invoice's base and VAT per rate cover
 * them — a partial invoice deducts what it can, the rest waits for the next one.
 */
export const finalInvoiceDeductions = (
  order: LiveDocument,
  children: readonly LiveDocument[],
  create: CreateDocument,
): DocumentCommand[] => {
  if (order.kind !== "order" || create.data.kind !== "invoice" || create.data.depositOn) return [];
  const taken = deductedElsewhere(children, create.data.id);
  const deposits = children
    .filter((c) => isValidatedDepositOn(order, c) && !credited(c) && !taken.has(c.id))
    .sort(
      (a, b) =>
        a.header.issueDate.localeCompare(b.header.issueDate) ||
        (a.number ?? "").localeCompare(b.number ?? ""),
    );
  const commands: DocumentCommand[] = [];
  let state = after(documentDecider.initialState(), [create]);
  for (const deposit of deposits) {
    const command: DocumentCommand = {
      type: "DeductDeposit",
      data: { deduction: depositDeduction(deposit) },
    };
    const next = after(state, [command]);
    if (!fits(next)) continue;
    commands.push(command);
    state = next;
  }
  return commands;
};

/**
 * Checks that `deposit` may be deducted on the draft `invoice`, made from `order` (the invoice's origin):
 * a validated deposit invoice of that order, not deducted by another of its invoices. The decider checks
 * the rest (a draft invoice, not already deducted there) and the validation the amounts.
 */
export const checkDeductible = (
  order: LiveDocument,
  children: readonly LiveDocument[],
  invoice: LiveDocument,
  deposit: LiveDocument,
): void => {
  if (!isValidatedDepositOn(order, deposit))
    throw new DomainError("doc.depositNotOnOrder", { field: "docId", number: deposit.number ?? "" }, 409);
  if (deductedElsewhere(children, invoice.id).has(deposit.id))
    throw new DomainError(
      "doc.depositAlreadyDeducted",
      { field: "docId", number: deposit.number ?? "" },
      409,
    );
  const next = after(invoice, [{ type: "DeductDeposit", data: { deduction: depositDeduction(deposit) } }]);
  if (next.status !== "none" && next.status !== "deleted") checkDepositsWithin(next);
};
