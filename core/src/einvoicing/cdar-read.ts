import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded } from "../decimal.ts";
import { at, attr, kid, kids, parseXml, txt, type XNode } from "../facturx/xml.ts";
import type { ReadLimits } from "../read-limits.ts";
import { type CdarStatusCode, isCdarStatusCode } from "./cdar-codes.ts";
import { dayOfCdarDate, instantOfCdarDateTime } from "./cdar-dates.ts";

/**
 * Reading a lifecycle message (CDAR D22B) a platform delivers: which invoice (its number, date and
 * seller), which status, why, and the amounts it states. Parsed as the supplier files are
 * (`facturx/xml.ts`: a DOCTYPE or an entity refused, the shape bounded before a tree is built, every
 * text cleaned). A message about several invoices (MULTI) is read for its first.
 */
export type CdarStatus = {
  readonly invoiceNumber: string;
  /** BT-2 of the invoice, `YYYY-MM-DD`; null when the message omits it. */
  readonly invoiceIssueDate: string | null;
  /** The invoice's type (BT-3: 380, 381…); null when absent. */
  readonly invoiceTypeCode: string | null;
  readonly sellerSiren: string | null;
  readonly buyerSiren: string | null;
  readonly statusCode: CdarStatusCode;
  readonly reason: { readonly code: string | null; readonly text: string | null } | null;
  /** Amounts the message states (MEN per VAT rate for 212, MPA for 211), in cents. */
  readonly amounts: readonly {
    readonly type: string;
    readonly cents: number;
    readonly ratePercent: string | null;
  }[];
  /** When the status was given (MDT-78), an ISO-8601 instant; null when absent. */
  readonly issuedAt: string | null;
};

const SIREN_SCHEME = "0002";

const sirenOf = (partyNode: XNode): string | null => {
  for (const id of kids(partyNode, "GlobalID")) {
    const scheme = attr(id, "schemeID");
    const value = txt(id);
    if ((scheme === null || scheme === SIREN_SCHEME) && value && /^\d{9}$/.test(value)) return value;
  }
  return null;
};

const amountCents = (value: string | null): number | null => {
  if (value === null) return null;
  const units = decimalUnits(value.replace(/^\+/, ""), 6);
  if (units === undefined) throw new DomainError("cdar.invalidAmount", { field: "ValueAmount" });
  const c = Number(divideRounded(units, 10_000n));
  if (!Number.isSafeInteger(c) || Math.abs(c) > 1e13)
    throw new DomainError("cdar.invalidAmount", { field: "ValueAmount" });
  return c;
};

export const readCdar = (source: string, limits: ReadLimits = {}): CdarStatus => {
  const root = kid(parseXml(source, limits), "CrossDomainAcknowledgementAndResponse");
  if (root === undefined) throw new DomainError("cdar.notLifecycle", { field: "file" });
  const exchanged = kid(root, "ExchangedDocument");
  const reference = kid(root, "AcknowledgementDocument", "ReferenceReferencedDocument");
  if (reference === undefined)
    throw new DomainError("cdar.missingField", { field: "ReferenceReferencedDocument" });
  const invoiceNumber = at(reference, "IssuerAssignedID");
  if (!invoiceNumber) throw new DomainError("cdar.missingField", { field: "IssuerAssignedID" });
  const code = Number(at(reference, "ProcessConditionCode"));
  if (!Number.isInteger(code) || !isCdarStatusCode(code))
    throw new DomainError("cdar.unknownStatus", { field: "ProcessConditionCode" });
  // The businesses by role, wherever the message names them (issuer or a recipient).
  const parties = [kid(exchanged, "IssuerTradeParty"), ...kids(exchanged, "RecipientTradeParty")];
  const byRole = (role: string) => parties.find((p) => at(p, "RoleCode") === role);
  const sellerSiren = sirenOf(kid(reference, "IssuerTradeParty")) ?? sirenOf(byRole("SE"));
  const buyerSiren = sirenOf(byRole("BY"));
  const statuses = kids(reference, "SpecifiedDocumentStatus");
  const withReason = statuses.find((s) => at(s, "ReasonCode") || at(s, "Reason"));
  const amounts = statuses.flatMap((s) =>
    kids(s, "SpecifiedDocumentCharacteristic").flatMap((c) => {
      const cents = amountCents(at(c, "ValueAmount"));
      return cents === null
        ? []
        : [{ type: at(c, "TypeCode") ?? "", cents, ratePercent: at(c, "ValuePercent") }];
    }),
  );
  const dateText = at(reference, "FormattedIssueDateTime", "DateTimeString");
  const issued = at(root, "AcknowledgementDocument", "IssueDateTime", "DateTimeString");
  return {
    invoiceNumber,
    invoiceIssueDate: dateText ? dayOfCdarDate(dateText) : null,
    invoiceTypeCode: at(reference, "TypeCode"),
    sellerSiren,
    buyerSiren,
    statusCode: code,
    reason: withReason
      ? { code: at(withReason, "ReasonCode"), text: txt(kid(withReason, "Reason"), true) }
      : null,
    amounts,
    issuedAt: issued ? instantOfCdarDateTime(issued) : null,
  };
};
