/**
 * A payment's allocation that follows its amount (issue 23): typing 300 on a customer who owes 714,60
 * puts 300 on the invoice, not the whole 714,60. The amount goes first to the document the payment was
 * started from, then to the oldest open ones (by date, then number), each up to what is left due on it;
 * invoices for a payment, credit notes for a refund (credit notes are owed the other way). Whatever the
 * amount does not reach stays unallocated; what it exceeds is the contact's advance.
 */
export type OpenDocument = {
  readonly id: string;
  readonly kind: string;
  readonly issueDate: string;
  readonly number: string | null;
  /** What is left due on it, in cents. */
  readonly due: number;
};

export const allocationFollowing = (
  total: number,
  docs: readonly OpenDocument[],
  options: { readonly refund: boolean; readonly first?: string | null },
): Map<string, number> => {
  const order = (d: OpenDocument) => [d.id === options.first ? 0 : 1, d.issueDate, d.number ?? ""] as const;
  const candidates = docs
    .filter((d) => (d.kind === "creditNote") === options.refund && d.due > 0)
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2].localeCompare(y[2]);
    });
  const allocation = new Map<string, number>();
  let left = Math.max(0, total);
  for (const doc of candidates) {
    if (left === 0) break;
    const take = Math.min(doc.due, left);
    allocation.set(doc.id, take);
    left -= take;
  }
  return allocation;
};
