import type { IsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import type { DepositDeduction, LiveDocument } from "./document.ts";
import { isPriced, type LineInput } from "./lines.ts";
import { categoryKey, vatBreakdown } from "./totals.ts";

/**
 * Deposits (acomptes): an invoice for part of an order before the supply (CGI 289-I-1-c), whose VAT
 * is due when it is received, goods included (CGI 269-2-a); the final invoice deducts each deposit's
 * net and VAT per rate.
 */

/**
 * The lines of a deposit invoice of `percent` % of an order: one free line per VAT category of the
 * order, its base's share rounded half up to the cent, posted (by `documentPosting`) to 4191.
 */
export const depositLines = (order: LiveDocument, percent: string, label?: string): LineInput[] => {
  if (order.kind !== "order") throw new DomainError("doc.depositNeedsOrder", { kind: order.kind }, 409);
  if (order.status === "cancelled" || order.status === "refused")
    throw new DomainError("doc.transformRefused", { status: order.status }, 409);
  const p = decimalUnits(percent, 4);
  if (p === undefined || p <= 0n || p > 100n * 10_000n)
    throw new DomainError("validation.invalidPercentage", { field: "percent", value: percent });
  const priced = order.lines.filter(isPriced);
  const text = label ?? `Acompte de ${formatUnits(p, 4, 0)} % sur commande ${order.number ?? ""}`.trim();
  return vatBreakdown(order.lines)
    .filter((row) => row.base > 0)
    .map((row, index) => {
      const lines = priced.filter((l) => categoryKey(l) === categoryKey(row));
      const share = divideRounded(BigInt(row.base) * p, 100n * 10_000n);
      return {
        kind: "free" as const,
        id: `deposit-${index + 1}`,
        label: text,
        quantity: "1",
        unitPrice: formatUnits(share, 2),
        vatRate: row.vatRate,
        vatExemption: row.vatExemption,
        account: lines[0]?.account ?? null,
        nature: lines.some((l) => l.nature === "goods") ? ("goods" as const) : ("services" as const),
      };
    });
};

/** What a validated deposit invoice deducts from the final one: its net and VAT per category. */
export const depositDeduction = (deposit: LiveDocument): DepositDeduction => {
  if (deposit.kind !== "invoice" || deposit.depositOn === null)
    throw new DomainError("doc.notADeposit", { kind: deposit.kind }, 409);
  if (!deposit.validation || !deposit.number)
    throw new DomainError("doc.depositNotValidated", { id: deposit.id }, 409);
  return {
    docId: deposit.id,
    number: deposit.number,
    issueDate: deposit.header.issueDate as IsoDate,
    shares: vatBreakdown(deposit.lines).map((row) => ({
      vatRate: row.vatRate,
      vatExemption: row.vatExemption,
      net: row.base,
      vat: row.vat,
    })),
  };
};

/** Refuses deposits that deduct more than the invoice's base or VAT in a category, or a category it lacks. */
export const checkDepositsWithin = (doc: LiveDocument): void => {
  if (doc.deposits.length === 0) return;
  const rows = new Map(vatBreakdown(doc.lines).map((r) => [categoryKey(r), r]));
  const sums = new Map<string, { net: number; vat: number }>();
  for (const share of doc.deposits.flatMap((d) => d.shares)) {
    const key = `${share.vatRate}|${share.vatExemption ?? ""}`;
    const s = sums.get(key) ?? { net: 0, vat: 0 };
    sums.set(key, { net: s.net + share.net, vat: s.vat + share.vat });
  }
  for (const [key, sum] of sums) {
    const row = rows.get(key);
    if (!row || sum.net > row.base || sum.vat > row.vat)
      throw new DomainError(
        "doc.depositExceedsInvoice",
        { field: "deposits", vatRate: key.split("|")[0] ?? "" },
        409,
      );
  }
};
