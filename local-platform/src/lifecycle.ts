import type { InvoiceFacts } from "./model.ts";
import { escapeXml } from "./xml.ts";

/**
 * The lifecycle messages the platform itself issues about an invoice it was given (XP Z12-012 annex B,
 * UN/CEFACT CrossDomainAcknowledgementAndResponse D22B), modelled on the standard's examples
 * (fixtures/einvoicing/cdar/examples): 200 Déposée, 201 Émise, 202 Reçue, 203 Mise à disposition and
 * 213 Rejetée, from the platform (role WK) to the invoice's seller (SE), with the buyer (BY) or the
 * State's platform (DFH, 9998) as further recipients where the examples name them.
 */
export type PlatformStatus = 200 | 201 | 202 | 203 | 213;

/** Each status: its label (MDT-106), its status code (MDT-88) and its further recipients. */
const STATUSES: Record<
  PlatformStatus,
  { label: string; fileLabel: string; statusCode: string; copies: ("BY" | "DFH")[] }
> = {
  200: { label: "Déposée", fileLabel: "Deposee", statusCode: "10", copies: ["DFH"] },
  // 201 is not among the examples: the issuing platform's transmission, coded as its deposit is.
  201: { label: "Émise", fileLabel: "Emise", statusCode: "10", copies: ["BY"] },
  202: { label: "Reçue", fileLabel: "Recue", statusCode: "43", copies: ["BY"] },
  203: { label: "Mise_à_disposition", fileLabel: "Mise_a_disposition", statusCode: "48", copies: ["BY"] },
  213: { label: "Rejetée", fileLabel: "Rejetee", statusCode: "8", copies: ["DFH"] },
};

/** The label a status carries (MDT-106). */
export const statusLabel = (status: PlatformStatus): string => STATUSES[status].label;

export type LifecycleMessage = {
  status: PlatformStatus;
  invoice: InvoiceFacts;
  /** When the invoice was received (deposited) by the platform (MDT-95). */
  receivedAt: Date;
  /** When the status was reached (MDT-78) and the message made (MDT-8). */
  at: Date;
  /** A rejection's reason (213): a code of the standard's list and its text. */
  reason?: { code: string; text: string };
};

const parisTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * Format 204: YYYYMMDDHHMMSS in Paris time, as the examples of XP Z12-012 state their instants (and
 * as a French business's software reads them): in UTC, every status would read an hour or two early.
 */
const format204 = (d: Date): string => {
  const p = Object.fromEntries(parisTime.formatToParts(d).map((part) => [part.type, part.value]));
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
};

const party = (role: string, siren: string | null, name: string | null, indent: string): string => {
  const lines = [
    ...(siren ? [`<ram:GlobalID schemeID="0002">${escapeXml(siren)}</ram:GlobalID>`] : []),
    ...(name ? [`<ram:Name>${escapeXml(name.slice(0, 200))}</ram:Name>`] : []),
    `<ram:RoleCode>${role}</ram:RoleCode>`,
  ];
  return lines.map((l) => `${indent}  ${l}`).join("\n");
};

/** The message's name (MDT-5), as the examples name theirs (in ASCII). */
export const lifecycleName = (m: LifecycleMessage): string =>
  `${m.invoice.number}-CDV-${m.status}_${STATUSES[m.status].fileLabel}`;

export const lifecycleXml = (m: LifecycleMessage): string => {
  const { invoice } = m;
  const status = STATUSES[m.status];
  const at = format204(m.at);
  const issueDate = /^\d{8}$/.test(invoice.issueDate) ? invoice.issueDate : at.slice(0, 8);
  const id = `${invoice.number}_${m.status}_${at}#${invoice.typeCode}_${issueDate}`;
  const recipients = [
    `    <ram:RecipientTradeParty>\n${party("SE", invoice.sellerSiren, invoice.sellerName, "    ")}\n    </ram:RecipientTradeParty>`,
    ...status.copies.map((copy) =>
      copy === "DFH"
        ? `    <ram:RecipientTradeParty>\n      <ram:GlobalID schemeID="0238">9998</ram:GlobalID>\n      <ram:Name>PPF</ram:Name>\n      <ram:RoleCode>DFH</ram:RoleCode>\n    </ram:RecipientTradeParty>`
        : `    <ram:RecipientTradeParty>\n${party("BY", invoice.buyerSiren, invoice.buyerName, "    ")}\n    </ram:RecipientTradeParty>`,
    ),
  ];
  const reason = m.reason
    ? [
        "      <ram:SpecifiedDocumentStatus>",
        `        <ram:ReasonCode>${escapeXml(m.reason.code)}</ram:ReasonCode>`,
        `        <ram:Reason>${escapeXml(m.reason.text)}</ram:Reason>`,
        "      </ram:SpecifiedDocumentStatus>",
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<rsm:CrossDomainAcknowledgementAndResponse",
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">',
    "  <rsm:ExchangedDocumentContext>",
    "    <ram:BusinessProcessSpecifiedDocumentContextParameter>",
    "      <ram:ID>REGULATED</ram:ID>",
    "    </ram:BusinessProcessSpecifiedDocumentContextParameter>",
    "    <ram:GuidelineSpecifiedDocumentContextParameter>",
    "      <ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID>",
    "    </ram:GuidelineSpecifiedDocumentContextParameter>",
    "  </rsm:ExchangedDocumentContext>",
    "  <rsm:ExchangedDocument>",
    `    <ram:ID>${escapeXml(id)}</ram:ID>`,
    `    <ram:Name>${escapeXml(lifecycleName(m))}</ram:Name>`,
    "    <ram:IssueDateTime>",
    `      <udt:DateTimeString format="204">${at}</udt:DateTimeString>`,
    "    </ram:IssueDateTime>",
    "    <ram:SenderTradeParty>",
    "      <ram:RoleCode>WK</ram:RoleCode>",
    "    </ram:SenderTradeParty>",
    "    <ram:IssuerTradeParty>",
    "      <ram:RoleCode>WK</ram:RoleCode>",
    "    </ram:IssuerTradeParty>",
    ...recipients,
    "  </rsm:ExchangedDocument>",
    "  <rsm:AcknowledgementDocument>",
    "    <ram:MultipleReferencesIndicator>",
    "      <udt:Indicator>false</udt:Indicator>",
    "    </ram:MultipleReferencesIndicator>",
    "    <ram:TypeCode>305</ram:TypeCode>",
    "    <ram:IssueDateTime>",
    `      <udt:DateTimeString format="204">${at}</udt:DateTimeString>`,
    "    </ram:IssueDateTime>",
    "    <ram:ReferenceReferencedDocument>",
    `      <ram:IssuerAssignedID>${escapeXml(invoice.number)}</ram:IssuerAssignedID>`,
    `      <ram:StatusCode>${status.statusCode}</ram:StatusCode>`,
    `      <ram:TypeCode>${escapeXml(invoice.typeCode)}</ram:TypeCode>`,
    "      <ram:ReceiptDateTime>",
    `        <udt:DateTimeString format="204">${format204(m.receivedAt)}</udt:DateTimeString>`,
    "      </ram:ReceiptDateTime>",
    "      <ram:FormattedIssueDateTime>",
    `        <qdt:DateTimeString format="102">${issueDate}</qdt:DateTimeString>`,
    "      </ram:FormattedIssueDateTime>",
    `      <ram:ProcessConditionCode>${m.status}</ram:ProcessConditionCode>`,
    `      <ram:ProcessCondition>${status.label}</ram:ProcessCondition>`,
    ...(invoice.sellerSiren
      ? [
          "      <ram:IssuerTradeParty>",
          `        <ram:GlobalID schemeID="0002">${escapeXml(invoice.sellerSiren)}</ram:GlobalID>`,
          "      </ram:IssuerTradeParty>",
        ]
      : []),
    ...reason,
    "    </ram:ReferenceReferencedDocument>",
    "  </rsm:AcknowledgementDocument>",
    "</rsm:CrossDomainAcknowledgementAndResponse>",
    "",
  ].join("\n");
};
