import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { DomainError } from "../decider.ts";
import type { VatRate } from "../items/item.ts";
import type { Cents } from "../money.ts";
import type { EntryLineVat, VatCodeRate, VatKind, VatRegimeKind } from "../vat/code.ts";
import { purchaseRegime } from "../vat/regime.ts";
import { type LiveDocument, underVatRules2 } from "./document.ts";
import { isPriced, lineNet, type PricedLine } from "./lines.ts";
import { documentTotalsOf, isSelfAssessedDocument } from "./self-assessment.ts";
import { categoryKey, compareCategories, type VatCategory, vatOnBase } from "./totals.ts";

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
 * the supplier's number and date as the piece: the mirror, with deductible VAT 44566, 44562 for
 * fixed assets (2x accounts), 44564 for services from a supplier without the débits option (moved to
 * 44566 when paid), and 4091 for deposits paid; from a business abroad the supplier is owed the total
 * excl. tax and the VAT is self-assessed: 4452 due, 445662 (goods from the EU) or 44566 deductible. A
 * sale exempt or outside French VAT (an intra-EU delivery, an export, a service to a business abroad:
 * the line's `vatRegime`) posts no VAT, its revenue line coded as the base of its box. A
 * credit note posts the exact reverse. Every VAT line due or deductible now carries its VAT code
 * (rate, kind, regime, base): what the VAT return reads.
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
  /** Deductible VAT on services not yet paid to a supplier without the débits option; moved on payment. */
  readonly vatDeductiblePending: string;
  /** Deductible VAT self-assessed on goods from another member state. */
  readonly vatDeductibleIntraEu: string;
  /** VAT self-assessed by the buyer, due (4452). */
  readonly vatSelfAssessedDue: string;
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
  vatDeductiblePending: "445640",
  vatDeductibleIntraEu: "445662",
  vatSelfAssessedDue: "445200",
  depositsReceived: "419100",
  depositsPaid: "409100",
  vatOnDebits: false,
};

/** When a VAT part becomes due: at invoicing, or at each payment in proportion (encaissements). */
export type VatExigibility = "invoice" | "payment";

export type VatPart = VatCategory & {
  /** Collected (sales) or deductible (purchases) VAT account; 445740 / 445640 while it waits. */
  readonly account: string;
  readonly base: Cents;
  readonly vat: Cents;
  readonly exigibility: VatExigibility;
  /** Goods, services, fixed assets (bought on 2x accounts): services when every line of the part is one. */
  readonly kind: VatKind;
  readonly regime: VatRegimeKind;
  /** Self-assessed (a purchase from abroad): the same VAT is also due, on this account (445200). */
  readonly selfAssessedOn: string | null;
};

const isFixedAsset = (account: string): boolean => account.startsWith("2");

const taxedRate = (rate: VatRate): rate is "20" | "10" | "5.5" | "2.1" => rate !== "0" && rate !== "exempt";

/** The rate a VAT code names: a taxed rate, else 0 (exempt, 0 %). */
export const codeRate = (rate: string): VatCodeRate =>
  rate === "20" || rate === "10" || rate === "5.5" || rate === "2.1" ? rate : "0";

type PartKey = { account: string; exigibility: VatExigibility; regime: VatRegimeKind; fixedAsset: boolean };

/**
 * Where a line's VAT goes (vat-return.md §2). Sales: collected per rate when due at invoicing (goods,
 * services under the organisation's débits option), 445740 when due on payment (services without it,
 * and deposits, goods too, unless débits on services). Purchases: 445620 for fixed assets; from
 * abroad, self-assessed — 445662 for goods from another member state, 445660 otherwise — with 445200;
 * at home, 445640 for services from a supplier without the débits option (deductible when paid; not on
 * deposit invoices nor on invoices deducting deposits, whose VAT moves through 445660), else 445660.
 */
const partKeyOf = (
  doc: LiveDocument,
  line: PricedLine,
  accounts: DocumentPostingAccounts,
  selfAssessed: boolean,
): PartKey => {
  const rate = line.vatRate;
  // Exempt or outside French VAT (F2, E1, E2): no VAT, its base on the revenue line.
  if (doc.direction === "sales" && line.vatRegime)
    return {
      account: accounts.vatCollected["20"],
      exigibility: "invoice",
      regime: line.vatRegime.kind,
      fixedAsset: false,
    };
  if (doc.direction === "sales") {
    const onDebits = line.nature === "services" && accounts.vatOnDebits;
    const pending = doc.depositOn !== null ? !onDebits : line.nature === "services" && !accounts.vatOnDebits;
    if (pending)
      return {
        account: accounts.vatCollectedPending,
        exigibility: "payment",
        regime: "domestic",
        fixedAsset: false,
      };
    return {
      account: taxedRate(rate) ? accounts.vatCollected[rate] : accounts.vatCollected["20"],
      exigibility: "invoice",
      regime: "domestic",
      fixedAsset: false,
    };
  }
  const fixedAsset = isFixedAsset(line.account ?? "");
  const kind: VatKind = fixedAsset ? "fixedAsset" : line.nature;
  const regime: VatRegimeKind =
    selfAssessed && doc.contact
      ? purchaseRegime(
          { country: doc.contact.billingAddress?.country, vatNumber: doc.contact.vatNumber },
          kind,
        )
      : "domestic";
  if (fixedAsset)
    return { account: accounts.vatDeductibleFixedAssets, exigibility: "invoice", regime, fixedAsset };
  if (regime === "intraEu")
    return { account: accounts.vatDeductibleIntraEu, exigibility: "invoice", regime, fixedAsset };
  const waits =
    regime === "domestic" &&
    line.nature === "services" &&
    doc.contact?.vatOnDebits !== true &&
    underVatRules2(doc) &&
    doc.depositOn === null &&
    doc.deposits.length === 0;
  if (waits) return { account: accounts.vatDeductiblePending, exigibility: "payment", regime, fixedAsset };
  return { account: accounts.vatDeductible, exigibility: "invoice", regime, fixedAsset };
};

/** Sales parts due at invoicing first, then pending; purchases 445660, 445662, 445640, then fixed assets. */
const partOrder = (key: PartKey): number =>
  (key.fixedAsset ? 4 : 0) + (key.exigibility === "payment" ? 2 : 0) + (key.regime === "domestic" ? 0 : 1);

/**
 * Each VAT category's base and VAT split by the account it posts to (and the regime it falls under).
 * The category's VAT is computed once on its whole base; each part but the last is computed on its own
 * base and the last takes the rest, so the parts add up to the category to the cent.
 */
export const documentVatParts = (doc: LiveDocument, accounts: DocumentPostingAccounts): VatPart[] => {
  const priced = doc.lines.filter(isPriced);
  const selfAssessed = isSelfAssessedDocument(doc);
  type Group = { category: VatCategory; parts: Map<string, { key: PartKey; lines: PricedLine[] }> };
  const groups = new Map<string, Group>();
  for (const line of priced) {
    const category = { vatRate: line.vatRate, vatExemption: line.vatExemption };
    const group = groups.get(categoryKey(category)) ?? { category, parts: new Map() };
    const key = partKeyOf(doc, line, accounts, selfAssessed);
    const id = `${key.account}|${key.regime}`;
    const part = group.parts.get(id) ?? { key, lines: [] };
    part.lines.push(line);
    group.parts.set(id, part);
    groups.set(categoryKey(category), group);
  }
  const parts: VatPart[] = [];
  for (const { category, parts: byKey } of [...groups.values()].sort((a, b) =>
    compareCategories(a.category, b.category),
  )) {
    const ordered = [...byKey.values()].sort((a, b) => partOrder(a.key) - partOrder(b.key));
    const bases = ordered.map((p) => p.lines.reduce((s, l) => s + lineNet(l), 0));
    const vat = vatOnBase(
      bases.reduce((s, b) => s + b, 0),
      category.vatRate,
    );
    let left = vat;
    ordered.forEach(({ key, lines }, i) => {
      const base = bases[i] ?? 0;
      const partVat = i === ordered.length - 1 ? left : vatOnBase(base, category.vatRate);
      left -= partVat;
      const kind: VatKind = key.fixedAsset
        ? "fixedAsset"
        : lines.every((l) => l.nature === "services")
          ? "services"
          : "goods";
      const selfAssessedOn =
        doc.direction === "purchases" && key.regime !== "domestic" && taxedRate(category.vatRate)
          ? accounts.vatSelfAssessedDue
          : null;
      parts.push({
        ...category,
        account: key.account,
        base,
        vat: partVat,
        exigibility: key.exigibility,
        kind,
        regime: key.regime,
        selfAssessedOn,
      });
    });
  }
  return parts;
};

/** The VAT code of a part's lines: the rate (0 when exempt), its kind and regime, and its base. */
export const partVatCode = (part: VatPart): EntryLineVat => ({
  rate: codeRate(part.vatRate),
  kind: part.kind,
  regime: part.regime,
  base: Math.abs(part.base),
});

/** The entry's label: "Facture FA2026-00001 Alpha SARL", "Avoir …", "Facture d'acompte …". */
export const postingLabel = (doc: LiveDocument, number: string): string => {
  const what = doc.kind === "creditNote" ? "Avoir" : doc.depositOn !== null ? "Facture d'acompte" : "Facture";
  return `${what} ${number} ${doc.contact?.name ?? ""}`.trim().slice(0, 200);
};

/**
 * Adds `amount` on its natural side (a negative amount goes to the other side, its base with it);
 * nothing for zero.
 */
const push = (
  lines: EntryLine[],
  account: string,
  auxiliary: string | null,
  amount: Cents,
  side: "debit" | "credit",
  vat?: EntryLineVat,
) => {
  if (amount === 0) return;
  const debitSide = (side === "debit") === amount > 0;
  const abs = Math.abs(amount);
  lines.push({
    account,
    auxiliary,
    label: null,
    debit: debitSide ? abs : 0,
    credit: debitSide ? 0 : abs,
    ...(vat && { vat }),
  });
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

  const totals = documentTotalsOf(doc);
  // Written as a sales invoice: "debit" is the customer's side; purchases and credit notes flip it.
  const flip = (sales ? 1 : -1) * (doc.kind === "creditNote" ? -1 : 1);
  const third: "debit" | "credit" = flip > 0 ? "debit" : "credit";
  const other: "debit" | "credit" = flip > 0 ? "credit" : "debit";
  const lines: EntryLine[] = [];
  push(lines, auxiliary.control, auxiliary.code, totals.totalInclTax - totals.deposits, third);

  const byAccount = new Map<string, { account: string; amount: Cents; vat: EntryLineVat | undefined }>();
  for (const line of priced) {
    const account =
      doc.depositOn !== null
        ? sales
          ? accounts.depositsReceived
          : accounts.depositsPaid
        : (line.account ?? "");
    // A sale exempt or outside French VAT: its revenue line is the base of its box (F2, E1, E2).
    const regime = sales && account.startsWith("7") ? line.vatRegime?.kind : undefined;
    const vat: EntryLineVat | undefined = regime
      ? { rate: "0", kind: regime === "reverseCharge" ? "services" : "goods", regime }
      : undefined;
    const key = `${account}|${categoryKey(line)}|${regime ?? ""}`;
    const seen = byAccount.get(key) ?? { account, amount: 0, vat };
    byAccount.set(key, { ...seen, amount: seen.amount + lineNet(line) });
  }
  for (const { account, amount, vat } of byAccount.values()) push(lines, account, null, amount, other, vat);
  for (const part of documentVatParts(doc, accounts)) {
    // A part waiting for payment (445740, 445640) is in no box yet: the payment's move is tagged.
    const code = part.exigibility === "invoice" ? partVatCode(part) : undefined;
    push(lines, part.account, null, part.vat, other, code);
    // Self-assessed: the same VAT due, on the other side.
    if (part.selfAssessedOn) push(lines, part.selfAssessedOn, null, part.vat, third, code);
  }

  // Deposits deducted: their net leaves the advances account, their VAT the tax account it went to.
  push(lines, sales ? accounts.depositsReceived : accounts.depositsPaid, null, totals.depositsExclTax, third);
  for (const share of doc.deposits.flatMap((d) => d.shares)) {
    const rate = share.vatRate as VatRate;
    const account = !sales
      ? accounts.vatDeductible
      : taxedRate(rate)
        ? accounts.vatCollected[rate]
        : accounts.vatCollected["20"];
    const code: EntryLineVat = {
      rate: codeRate(rate),
      kind: "goods",
      regime: "domestic",
      base: Math.abs(share.net),
    };
    push(lines, account, null, share.vat, third, code);
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
