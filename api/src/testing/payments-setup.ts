import { parisDate } from "@registre/core";
import type { Call } from "./api-harness.ts";
import { documentsOrganisation } from "./documents-setup.ts";

/** A ledger line as `GET /accounting/entries/mvt/{mvt}` answers it. */
export type EntryLine = {
  readonly account: string;
  readonly auxiliary: string | null;
  readonly debit: number;
  readonly credit: number;
  readonly letterCode?: string | null;
};

/** An entry's lines as [account, "aux" or null, debit, credit]: what the payment tests compare. */
export const lineShape = (lines: readonly EntryLine[]) =>
  lines.map((l) => [l.account, l.auxiliary === null ? null : "aux", l.debit, l.credit]);

/**
 * The payment tests' organisation (`documentsOrganisation`): a day of its open year to date payments
 * on (today when the year is this one), `invoice` — a validated invoice of `hours` of consulting
 * (services, VAT on receipts: an hour 80.00 € sold, 40.00 € bought, + 20 %) — and `entry`, an entry
 * read by its number.
 */
export const paymentsOrganisation = async (
  call: Call,
  register: Parameters<typeof documentsOrganisation>[1],
  name: string,
) => {
  const o = await documentsOrganisation(call, register, name);
  const today = parisDate(new Date());
  const day = o.year.start.slice(0, 4) === today.slice(0, 4) ? today : o.year.start;
  const invoice = async (direction: "sales" | "purchases" = "sales", hours = "10") => {
    const doc = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction,
      issueDate: day,
      contactId: direction === "sales" ? o.customerId : o.supplierId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: hours }],
      ...(direction === "purchases" && { supplierNumber: `F-${hours}`, supplierDate: day }),
    });
    return o.ok("PUT", `/docs/${doc.id}/status/validated`);
  };
  const entry = async (mvt: string) =>
    (await call("GET", `/accounting/entries/mvt/${mvt}`, o.token)).body as {
      journal: string;
      lines: EntryLine[];
    };
  return { ...o, day, invoice, entry };
};
