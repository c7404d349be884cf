import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { DomainError } from "../decider.ts";
import type { VatRate } from "../items/item.ts";
import type { Cents } from "../money.ts";
import type { LiveDocument } from "./document.ts";
import { isPriced, lineNet, type PricedLine } from "./lines.ts";
import { categoryKey, compareCategories, documentTotals, type VatCategory, vatOnBase } from "./totals.ts";

/**
 * A validated invoice or credit note as the entry it posts (bigcapital's InvoiceGL, in cents): a pure
 * function of the document and the organisation's accounts. The shell appends the document's
 * validation and this entry in one commit.
 *
 * Sales (VT): debit the customer's auxiliary account (411) at the total incl. tax less deposits;
 * credit each line account per VAT rate at its base; credit collected VAT per rate (445710…445713),
 * or the pending account (445740) for the part of services whose VAT is due on payment (no débits
 * option) and for deposit invoices; a deposit invoice credits 4191 instead of sales accounts, and a
 * final invoice debits 4191 and the collected VAT of the deposits it deducts. Purchases (HA), with
 * the supplier's number and date as the piece: the mirror, with deductible VAT 44566, or 44562 for
 * fixed assets (2x accounts), and 4091 for deposits paid. A credit note posts the exact reverse.
 */
export type DocumentPostingAccounts = {
  readonly salesJournal: string;
  readonly purchasesJournal: string;
  /** Collected VAT per taxed rate. */
  readonly vatCollected: Readonly<Record<"20" | "10" | "5.5" | "2.1", string>>;
  /** Collected VAT not yet due: services without the débits option, deposits; moved on payment. */
  readonly vatCollectedPending: string;
  readonly vatDeductible: string;
  readonly vatDeductibleFixedAssets: string;
  readonly depositsReceived: string;
  readonly depositsPaid: string;
  /** The organisation opted to pay VAT on services at invoicing (débits) rather than on payment. */
  readonly vatOnDebits: boolean;
};

export const defaultPostingAccounts: DocumentPostingAccounts = {
  salesJournal: "VT",
  purchasesJournal: "HA",
  vatCollected: { "20": "445710", "10": "445711", "5.5": "445712", "2.1": "445713" },
  vatCollectedPending: "445740",
  vatDeductible: "445660",
  vatDeductibleFixedAssets: "445620",
  depositsReceived: "419100",
  depositsPaid: "409100",
  vatOnDebits: false,
};

/** When a VAT part becomes due: at invoicing, or at each payment in proportion (encaissements). */
export type VatExigibility = "invoice" | "payment";

export type VatPart = VatCategory & {
  readonly account: string;
  readonly base: Cents;
  readonly vat: Cents;
  readonly exigibility: VatExigibility;
};

const isFixedAsset = (account: string): boolean => account.startsWith("2");

const taxedRate = (rate: VatRate): rate is "20" | "10" | "5.5" | "2.1" => rate !== "0" && rate !== "exempt";

/**
 * Each VAT category's base and VAT split by the account it posts to. The category's VAT is computed
 * once on its whole base; the first part's VAT is computed on its own base and the second takes the
 * rest, so the parts add up to the category to the cent.
 */
export const documentVatParts = (doc: LiveDocument, accounts: DocumentPostingAccounts): VatPart[] => {
  const priced = doc.lines.filter(isPriced);
  const sales = doc.direction === "sales";
  const groups = new Map<string, { category: VatCategory; first: PricedLine[]; second: PricedLine[] }>();
  for (const line of priced) {
    const category = { vatRate: line.vatRate, vatExemption: line.vatExemption };
    const key = categoryKey(category);
    const group = groups.get(key) ?? { category, first: [], second: [] };
    // Sales: due at invoicing first, then pending; purchases: other goods and services, then fixed assets.
    // A deposit's VAT is due when it is received, for goods too (CGI 269-2-a), unless débits on services.
    const onDebits = line.nature === "services" && accounts.vatOnDebits;
    const second = sales
      ? doc.depositOn !== null
        ? !onDebits
        : line.nature === "services" && !accounts.vatOnDebits
      : isFixedAsset(line.account ?? "");
    (second ? group.second : group.first).push(line);
    groups.set(key, group);
  }
  const parts: VatPart[] = [];
  for (const { category, first, second } of [...groups.values()].sort((a, b) =>
    compareCategories(a.category, b.category),
  )) {
    const firstBase = first.reduce((s, l) => s + lineNet(l), 0);
    const secondBase = second.reduce((s, l) => s + lineNet(l), 0);
    const vat = vatOnBase(firstBase + secondBase, category.vatRate);
    const firstVat = vatOnBase(firstBase, category.vatRate);
    const rate = category.vatRate;
    const taxed = taxedRate(rate);
    const accountOf = (isSecond: boolean): string => {
      if (!sales) return isSecond ? accounts.vatDeductibleFixedAssets : accounts.vatDeductible;
      if (isSecond) return accounts.vatCollectedPending;
      return taxed ? accounts.vatCollected[rate] : accounts.vatCollected["20"];
    };
    const exigibility = (isSecond: boolean): VatExigibility => (sales && isSecond ? "payment" : "invoice");
    if (first.length > 0)
      parts.push({
        ...category,
        account: accountOf(false),
        base: firstBase,
        vat: firstVat,
        exigibility: exigibility(false),
      });
    if (second.length > 0)
      parts.push({
        ...category,
        account: accountOf(true),
        base: secondBase,
        vat: vat - firstVat,
        exigibility: exigibility(true),
      });
  }
  return parts;
};

/** The entry's label: "Facture FA2026-00001 Alpha SARL", "Avoir …", "Facture d'acompte …". */
export const postingLabel = (doc: LiveDocument, number: string): string => {
  const what = doc.kind === "creditNote" ? "Avoir" : doc.depositOn !== null ? "Facture d'acompte" : "Facture";
  return `${what} ${number} ${doc.contact?.name ?? ""}`.trim().slice(0, 200);
};

/** Adds `amount` on its natural side (a negative amount goes to the other side); nothing for zero. */
const push = (
  lines: EntryLine[],
  account: string,
  auxiliary: string | null,
  amount: Cents,
  side: "debit" | "credit",
) => {
  if (amount === 0) return;
  const debitSide = (side === "debit") === amount > 0;
  const abs = Math.abs(amount);
  lines.push({ account, auxiliary, label: null, debit: debitSide ? abs : 0, credit: debitSide ? 0 : abs });
};

/**
 * The entry of a validated (or being validated: `number` given) invoice or credit note. Refuses a
 * document that posts nothing, has no contact account, or has a priced line without an account.
 */
export const documentPosting = (
  doc: LiveDocument,
  accounts: DocumentPostingAccounts = defaultPostingAccounts,
  number: string | null = doc.number,
): EntryContent => {
  if (doc.kind !== "invoice" && doc.kind !== "creditNote")
    throw new DomainError("doc.postsNothing", { kind: doc.kind }, 409);
  const sales = doc.direction === "sales";
  const piece = sales ? number : doc.header.supplierNumber;
  if (!piece) throw new DomainError("doc.numberMissing", { field: sales ? "number" : "supplierNumber" });
  const auxiliary = doc.contact?.auxiliary;
  if (!auxiliary) throw new DomainError("doc.contactAccountMissing", { field: "contact" });
  const priced = doc.lines.filter(isPriced);
  const missing = priced.find((l) => !l.account);
  if (missing) throw new DomainError("doc.lineAccountMissing", { field: "account", line: missing.id });

  const totals = documentTotals(doc.lines, { deposits: doc.deposits });
  // Written as a sales invoice: "debit" is the customer's side; purchases and credit notes flip it.
  const flip = (sales ? 1 : -1) * (doc.kind === "creditNote" ? -1 : 1);
  const third: "debit" | "credit" = flip > 0 ? "debit" : "credit";
  const other: "debit" | "credit" = flip > 0 ? "credit" : "debit";
  const lines: EntryLine[] = [];
  push(lines, auxiliary.control, auxiliary.code, totals.totalInclTax - totals.deposits, third);

  const byAccount = new Map<string, Cents>();
  for (const line of priced) {
    const account =
      doc.depositOn !== null
        ? sales
          ? accounts.depositsReceived
          : accounts.depositsPaid
        : (line.account ?? "");
    const key = `${account}|${categoryKey(line)}`;
    byAccount.set(key, (byAccount.get(key) ?? 0) + lineNet(line));
  }
  for (const [key, amount] of byAccount) push(lines, key.split("|")[0] ?? "", null, amount, other);
  for (const part of documentVatParts(doc, accounts)) push(lines, part.account, null, part.vat, other);

  // Deposits deducted: their net leaves the advances account, their VAT the tax account it went to.
  push(lines, sales ? accounts.depositsReceived : accounts.depositsPaid, null, totals.depositsExclTax, third);
  for (const share of doc.deposits.flatMap((d) => d.shares)) {
    const rate = share.vatRate as VatRate;
    const account = !sales
      ? accounts.vatDeductible
      : taxedRate(rate)
        ? accounts.vatCollected[rate]
        : accounts.vatCollected["20"];
    push(lines, account, null, share.vat, third);
  }
  if (lines.length < 2) throw new DomainError("doc.zeroTotal", {}, 422);

  const date = doc.header.issueDate;
  return {
    journal: sales ? accounts.salesJournal : accounts.purchasesJournal,
    date,
    pieceRef: piece,
    pieceDate: sales ? date : (doc.header.supplierDate ?? date),
    label: postingLabel(doc, piece),
    lines,
  };
};
