import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";

/**
 * The VAT code an entry line carries (issue 22): the rate, what the operation is (goods, services, a
 * fixed asset) and its regime, so that the VAT return knows the line's base and box. Document and
 * payment postings tag their VAT lines with the base the tax was computed on; a manual entry tags its
 * revenue, expense and VAT lines, and a tagged line on an account outside 445 is itself a base.
 *
 * A VAT line's facts (`VatLineFact`) are read from the validated entry alone: the ledger is the truth,
 * and the return's totals are the VAT accounts' movements.
 */

/** The French rates a box knows (metropolitan), and 0 for exempt or untaxed operations. */
export const vatCodeRates = ["20", "10", "5.5", "2.1", "0"] as const;
export type VatCodeRate = (typeof vatCodeRates)[number];

export const vatKinds = ["goods", "services", "fixedAsset"] as const;
export type VatKind = (typeof vatKinds)[number];

/**
 * Domestic; intra-EU (an acquisition self-assessed, B2, or a delivery exempt, F2); export (E1); import
 * (goods from outside the EU, their VAT self-assessed on the return, A4); reverse charge (services bought
 * from a business established abroad, self-assessed, A3; sold to one, E2).
 */
export const vatRegimeKinds = ["domestic", "intraEu", "export", "import", "reverseCharge"] as const;
export type VatRegimeKind = (typeof vatRegimeKinds)[number];

export type VatCode = {
  readonly rate: VatCodeRate;
  readonly kind: VatKind;
  readonly regime: VatRegimeKind;
};

/** A line's VAT code, and on a VAT account the base its tax was computed on (whole cents, its side). */
export type EntryLineVat = VatCode & { readonly base?: Cents | undefined };

/** The standard accounts (PCG, Registre's chart). */
export const vatAccounts = {
  collected: { "20": "445710", "10": "445711", "5.5": "445712", "2.1": "445713" },
  collectedPending: "445740",
  selfAssessedDue: "445200",
  deductibleFixedAssets: "445620",
  deductiblePending: "445640",
  deductible: "445660",
  deductibleIntraEu: "445662",
  toPay: "445510",
  credit: "445670",
  otherToDeduct: "445680",
  instalments: "445810",
  refundAsked: "445830",
  roundingCharge: "658000",
  roundingIncome: "758000",
} as const;

/** An account of VAT (445…): its lines are the tax itself, not a base. */
export const isVatAccount = (account: string): boolean => account.startsWith("445");

/**
 * VAT that waits (services on receipts, 445740 collected and 445640 deductible): it is in no box until
 * a payment moves it, and the return leaves it as it is.
 */
export const isPendingVatAccount = (account: string): boolean =>
  account.startsWith("44574") || account.startsWith("44564");

/** The accounts the settlement moves and the return's own lines: 44551, 44567, 44581, 44583. */
export const isSettlementVatAccount = (account: string): boolean =>
  ["44551", "44567", "44581", "44583"].some((p) => account.startsWith(p));

/** Collected (due to the State) or deductible, by the account; a base by its class (7 sales, 6/2 purchases). */
export type VatDirection = "collected" | "deductible";

export const vatDirectionOf = (account: string): VatDirection | null => {
  if (account.startsWith("4457") || account.startsWith("4452")) return "collected";
  if (account.startsWith("4456")) return "deductible";
  if (account.startsWith("7")) return "collected";
  if (account.startsWith("6") || account.startsWith("2")) return "deductible";
  return null;
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, field: string): T => {
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  throw new DomainError("entry.invalidVatCode", { field, value: String(value) });
};

/**
 * A line's VAT code as the entry keeps it, or an error naming the line: only on revenue (7), expense (6),
 * fixed-asset (2) and VAT (445) accounts, not on a pending or settlement account, with a whole base.
 */
export const normaliseLineVat = (
  vat: EntryLineVat | null | undefined,
  account: string,
  line: number,
): EntryLineVat | undefined => {
  if (vat === null || vat === undefined) return undefined;
  const field = `lines.${line}.vat`;
  const code: EntryLineVat = {
    rate: oneOf(vatCodeRates, vat.rate, `${field}.rate`),
    kind: oneOf(vatKinds, vat.kind, `${field}.kind`),
    regime: oneOf(vatRegimeKinds, vat.regime, `${field}.regime`),
  };
  if (vatDirectionOf(account) === null || isPendingVatAccount(account) || isSettlementVatAccount(account))
    throw new DomainError("entry.vatCodeAccount", { field, line, account });
  if (vat.base === undefined || vat.base === null) return code;
  if (!Number.isSafeInteger(vat.base) || vat.base < 0)
    throw new DomainError("entry.invalidVatCode", { field: `${field}.base`, value: String(vat.base) });
  return { ...code, base: vat.base };
};

/**
 * What one tagged line of a validated entry brings to the return, signed the way of its direction
 * (collected: credit positive; deductible: debit positive), so that a credit note counts against.
 */
export type VatLineFact = VatCode & {
  readonly account: string;
  readonly direction: VatDirection;
  readonly base: Cents;
  readonly tax: Cents;
};

export const vatLineFact = (line: {
  readonly account: string;
  readonly debit: Cents;
  readonly credit: Cents;
  readonly vat?: EntryLineVat | undefined;
}): VatLineFact | null => {
  const { vat } = line;
  if (!vat) return null;
  const direction = vatDirectionOf(line.account);
  if (!direction) return null;
  const sign = (direction === "collected" ? line.credit > 0 : line.debit > 0) ? 1 : -1;
  const amount = line.debit + line.credit;
  const tax = isVatAccount(line.account) ? amount : 0;
  const base = vat.base ?? (isVatAccount(line.account) ? 0 : amount);
  return {
    rate: vat.rate,
    kind: vat.kind,
    regime: vat.regime,
    account: line.account,
    direction,
    base: sign * base,
    // Never -0: a base without tax (an exempt sale's revenue line) on a credit note.
    tax: tax === 0 ? 0 : sign * tax,
  };
};

type FactLine = Parameters<typeof vatLineFact>[0];

/**
 * What each line of one validated entry brings to the return. A VAT line that states its base (an
 * invoice's, a bank line's booking) carries the base of its code: the entry's tagged revenue or
 * expense lines of that same code and direction then bring their code but no base, which they would
 * otherwise count a second time (a card sale booked from the bank put 100 € in A1 and 08 twice).
 */
export const vatLineFacts = (lines: readonly FactLine[]): (VatLineFact | null)[] => {
  const facts = lines.map(vatLineFact);
  const key = (f: VatLineFact) => `${f.direction}|${f.rate}|${f.kind}|${f.regime}`;
  const stated = new Set<string>();
  facts.forEach((fact, i) => {
    if (fact && isVatAccount(fact.account) && lines[i]?.vat?.base !== undefined) stated.add(key(fact));
  });
  if (stated.size === 0) return facts;
  return facts.map((fact) =>
    fact && !isVatAccount(fact.account) && stated.has(key(fact)) ? { ...fact, base: 0 } : fact,
  );
};
