import { DomainError } from "../decider.ts";
import { CDAR_STATUSES, type CdarStatusCode, cdarReasonCodes } from "./cdar-codes.ts";
import { cdarDateTime, cdarDay } from "./cdar-dates.ts";

/**
 * A lifecycle message (« CDV ») as UN/CEFACT's CrossDomainAcknowledgementAndResponse D22B, modelled
 * element for element on the XP Z12-012 annex B examples (`../shared/fixtures/einvoicing/cdar/examples/`)
 * and valid against the schema of `fixtures/cdar/xsd/` (checked by xmllint in the tests): one message
 * about one invoice (MONO), its issuer and recipient businesses by SIREN (scheme 0002), the status with
 * its label, a reason for a dispute or a refusal, the amounts received per VAT rate for « Encaissée ».
 */

export type CdarParty = {
  readonly siren: string;
  readonly name: string;
};

export type CdarMessage = {
  readonly status: CdarStatusCode;
  /** When the status was given (MDT-78) and the message made (MDT-8): an ISO-8601 instant. */
  readonly issuedAt: string;
  /** The invoice the status is about. */
  readonly invoice: {
    /** BT-1. */
    readonly number: string;
    /** BT-2, `YYYY-MM-DD`. */
    readonly issueDate: string;
    /** BT-3: 380 an invoice, 381 a credit note, 386 a deposit invoice… */
    readonly typeCode: string;
    /** When the invoice was deposited or received (MDT-95), an ISO-8601 instant. */
    readonly receivedAt: string;
  };
  readonly seller: CdarParty;
  readonly buyer: CdarParty;
  /** Who gives the status: the buyer (204…211) or the seller (209, 212). */
  readonly from: "buyer" | "seller";
  /** A dispute's or a refusal's reason (MDT-113 and its text). */
  readonly reason?: { readonly code: string; readonly text: string | null } | null | undefined;
  /** « Encaissée » (212): the amounts received per VAT rate, in cents, the rate a decimal string ("20.00"). */
  readonly amounts?: readonly { readonly cents: number; readonly ratePercent: string }[] | undefined;
  /** « Paiement transmis » (211): the amount paid, in cents, and its day. */
  readonly payment?: { readonly cents: number; readonly day: string } | null | undefined;
};

const NS = [
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"',
].join(" ");

export const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Cents as a decimal amount: 1200000 → "12000.00". */
export const cdarAmount = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) throw new DomainError("cdar.invalidAmount", { field: "amounts" });
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

const SIREN = /^\d{9}$/;
const RATE = /^\d{1,3}(\.\d{1,4})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const check = (message: CdarMessage) => {
  const { status, invoice, reason } = message;
  if (!(status in CDAR_STATUSES)) throw new DomainError("cdar.unknownStatus", { field: "status" });
  if (!SIREN.test(message.seller.siren))
    throw new DomainError("cdar.invalidSiren", { field: "seller.siren" });
  if (!SIREN.test(message.buyer.siren)) throw new DomainError("cdar.invalidSiren", { field: "buyer.siren" });
  if (!invoice.number.trim()) throw new DomainError("cdar.missingField", { field: "invoice.number" });
  if (!DAY.test(invoice.issueDate))
    throw new DomainError("cdar.missingField", { field: "invoice.issueDate" });
  if (status === 210 && !reason) throw new DomainError("cdar.reasonRequired", { field: "reasonCode" });
  if (reason) {
    const allowed = cdarReasonCodes(status);
    if (!allowed.includes(reason.code as never))
      throw new DomainError("cdar.reasonNotAllowed", { field: "reasonCode", code: reason.code.slice(0, 40) });
  }
  if (status === 212 && (message.amounts ?? []).length === 0)
    throw new DomainError("cdar.amountsRequired", { field: "amounts" });
  for (const a of message.amounts ?? [])
    if (!RATE.test(a.ratePercent)) throw new DomainError("cdar.invalidRate", { field: "amounts" });
};

const el = (name: string, content: string) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escapeXml(value));
const dateTime = (name: string, instant: string) =>
  el(name, `<udt:DateTimeString format="204">${cdarDateTime(instant)}</udt:DateTimeString>`);

const party = (tag: string, p: CdarParty, role: "BY" | "SE", withAddress: boolean) =>
  el(
    tag,
    `<ram:GlobalID schemeID="0002">${p.siren}</ram:GlobalID>${text("ram:Name", p.name)}${el("ram:RoleCode", role)}${
      withAddress
        ? el("ram:URIUniversalCommunication", `<ram:URIID schemeID="0225">${p.siren}</ram:URIID>`)
        : ""
    }`,
  );

/** The statuses the PPF must receive (210, 212): the PPF (0238 « 9998 », role DFH) is a recipient too. */
const PPF_RECIPIENT = el(
  "ram:RecipientTradeParty",
  `<ram:GlobalID schemeID="0238">9998</ram:GlobalID>${el("ram:Name", "PPF")}${el("ram:RoleCode", "DFH")}`,
);

/** The message's id (MDT-4), as the examples make it: `F202500003_204_20250701161000#380_20250701`. */
export const cdarMessageId = (message: CdarMessage): string =>
  `${message.invoice.number}_${message.status}_${cdarDateTime(message.invoice.receivedAt)}#${message.invoice.typeCode}_${cdarDay(message.invoice.issueDate)}`;

const documentStatus = (message: CdarMessage): string => {
  const parts: string[] = [];
  if (message.reason) {
    parts.push(text("ram:ReasonCode", message.reason.code));
    if (message.reason.text) parts.push(text("ram:Reason", message.reason.text));
  }
  const characteristic = (type: string, value: string) =>
    el(
      "ram:SpecifiedDocumentCharacteristic",
      `${el("ram:TypeCode", type)}${el("ram:ValueChangedIndicator", el("udt:IndicatorString", "false"))}${value}`,
    );
  for (const a of message.status === 212 ? (message.amounts ?? []) : [])
    parts.push(
      characteristic(
        "MEN",
        `<ram:ValueAmount currencyID="EUR">${cdarAmount(a.cents)}</ram:ValueAmount>${el("ram:ValuePercent", a.ratePercent)}`,
      ),
    );
  if (message.status === 211 && message.payment)
    parts.push(
      characteristic(
        "MPA",
        `<ram:ValueAmount currencyID="EUR">${cdarAmount(message.payment.cents)}</ram:ValueAmount>${el(
          "ram:ValueDateTime",
          `<udt:DateTimeString format="102">${cdarDay(message.payment.day)}</udt:DateTimeString>`,
        )}`,
      ),
    );
  return parts.length > 0 ? el("ram:SpecifiedDocumentStatus", parts.join("")) : "";
};

/** The lifecycle message's XML. Throws `DomainError` (`cdar.*`, the field named) on what it cannot state. */
export const buildCdar = (message: CdarMessage): string => {
  check(message);
  const { status, invoice } = message;
  const info = CDAR_STATUSES[status];
  const [issuer, recipient, issuerRole, recipientRole] =
    message.from === "buyer"
      ? ([message.buyer, message.seller, "BY", "SE"] as const)
      : ([message.seller, message.buyer, "SE", "BY"] as const);
  const issuerXml = party("ram:IssuerTradeParty", issuer, issuerRole, false);
  const recipientXml = party("ram:RecipientTradeParty", recipient, recipientRole, true);
  const toPpf = status === 210 || status === 212;
  const name = `${invoice.number}-CDV-${status}_${info.label}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rsm:CrossDomainAcknowledgementAndResponse ${NS}>`,
    el(
      "rsm:ExchangedDocumentContext",
      el("ram:BusinessProcessSpecifiedDocumentContextParameter", el("ram:ID", "REGULATED")) +
        el(
          "ram:GuidelineSpecifiedDocumentContextParameter",
          el("ram:ID", "urn.cpro.gouv.fr:1p0:CDV:invoice"),
        ),
    ),
    el(
      "rsm:ExchangedDocument",
      text("ram:ID", cdarMessageId(message)) +
        text("ram:Name", name) +
        dateTime("ram:IssueDateTime", message.issuedAt) +
        el("ram:SenderTradeParty", el("ram:RoleCode", "WK")) +
        issuerXml +
        recipientXml +
        (toPpf ? PPF_RECIPIENT : ""),
    ),
    el(
      "rsm:AcknowledgementDocument",
      el("ram:MultipleReferencesIndicator", el("udt:Indicator", "false")) +
        el("ram:TypeCode", info.phase) +
        dateTime("ram:IssueDateTime", message.issuedAt) +
        el(
          "ram:ReferenceReferencedDocument",
          text("ram:IssuerAssignedID", invoice.number) +
            el("ram:StatusCode", info.documentStatus) +
            text("ram:TypeCode", invoice.typeCode) +
            dateTime("ram:ReceiptDateTime", invoice.receivedAt) +
            el(
              "ram:FormattedIssueDateTime",
              `<qdt:DateTimeString format="102">${cdarDay(invoice.issueDate)}</qdt:DateTimeString>`,
            ) +
            el("ram:ProcessConditionCode", String(status)) +
            text("ram:ProcessCondition", info.label) +
            el(
              "ram:IssuerTradeParty",
              `<ram:GlobalID schemeID="0002">${message.seller.siren}</ram:GlobalID>`,
            ) +
            documentStatus(message),
        ),
    ),
    "</rsm:CrossDomainAcknowledgementAndResponse>",
    "",
  ].join("\n");
};
