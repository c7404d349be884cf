import { cdarAmount, escapeXml } from "./cdar-write.ts";
import type {
  EReportingContent,
  EReportingFlowReport,
  InternationalTransaction,
  ReceivedAtRate,
} from "./ereporting-report.ts";

/**
 * The e-reporting file (flowSyntax FRR) of one flow — **the one place its format lives**.
 *
 * Public: the DGFiP's external specifications describe the e-reporting flow (flux 10) as a report
 * document (its id, issue time, type, sender and issuer by SIREN) followed by a transactions report —
 * invoices one by one (10.1) or daily aggregates per VAT rate with their count (10.3) — or a payments
 * report — payments one by one per invoice (10.2) or daily aggregates per rate (10.4) —, each with its
 * period; amounts in euros with two decimals, dates as YYYYMMDD. Not public here: the XSD itself (its
 * namespace, the exact element names, the category code lists). The element names below follow the
 * specifications' business terms; should the schema say otherwise, only this function changes (the
 * report it writes, `EReportingFlowReport`, is the schema-free content).
 */
export type EReportingSender = { readonly siren: string; readonly name: string };

export type EReportingDocument = {
  /** The flow's tracking id, also the report's id. */
  readonly id: string;
  /** When the report was made (an ISO instant). */
  readonly issuedAt: string;
  readonly sender: EReportingSender;
  readonly report: EReportingFlowReport;
};

/** The report's type (the flux 10 block it fills). */
export const ereportingTypeCode = (content: EReportingContent): "10.1" | "10.2" | "10.3" | "10.4" => {
  switch (content.type) {
    case "internationalTransactions":
      return "10.1";
    case "internationalPayments":
      return "10.2";
    case "b2cTransactions":
      return "10.3";
    case "b2cPayments":
      return "10.4";
  }
};

const day = (iso: string) => iso.slice(0, 10).replace(/-/g, "");
const instant = (iso: string) => iso.slice(0, 19).replace(/[-:T]/g, "");
const el = (name: string, inner: string, attrs = "") => `<${name}${attrs}>${inner}</${name}>`;
const text = (name: string, value: string) => el(name, escapeXml(value));
const amount = (name: string, cents: number) => el(name, cdarAmount(cents), ' currencyID="EUR"');
/** "20" → "20.00", "5.5" → "5.50"; "exempt" and "0" → "0.00". */
const percent = (rate: string) => {
  const n = rate === "exempt" ? "0" : rate;
  const [whole, frac = ""] = n.split(".");
  return `${whole}.${frac.padEnd(2, "0")}`;
};
/** UNCL 5305: S standard, E exempt (with its ground), Z zero rate. */
const category = (rate: string, exemption: string | null) =>
  exemption || rate === "exempt" ? "E" : rate === "0" ? "Z" : "S";

const taxSubtotal = (base: number, vat: number, rate: string, exemption: string | null) =>
  el(
    "TaxSubtotal",
    amount("TaxableAmount", base) +
      amount("TaxAmount", vat) +
      el(
        "TaxCategory",
        text("CategoryCode", category(rate, exemption)) +
          text("Percent", percent(rate)) +
          (exemption ? text("ExemptionReason", exemption) : ""),
      ),
  );

const party = (name: string, p: InternationalTransaction["party"]) =>
  el(
    name,
    text("Name", p.name) +
      (p.vatNumber ? text("VATIdentifier", p.vatNumber) : "") +
      el("PostalAddress", text("CountryCode", p.country)),
  );

const receivedAt = (r: ReceivedAtRate) =>
  el(
    "SubTotal",
    text("TaxPercent", percent(r.vatRate)) + amount("Amount", r.amount) + amount("TaxAmount", r.vat),
  );

const body = (content: EReportingContent, sender: EReportingSender): string => {
  switch (content.type) {
    case "b2cTransactions":
      return content.days
        .map((d) =>
          el(
            "Transactions",
            text("Date", day(d.date)) +
              text("CurrencyCode", "EUR") +
              amount("TaxExclusiveAmount", d.net) +
              amount("TaxTotal", d.vat) +
              text("TransactionsCount", String(d.count)) +
              taxSubtotal(d.net, d.vat, d.vatRate, d.vatExemption),
          ),
        )
        .join("");
    case "internationalTransactions":
      return content.transactions
        .map((t) => {
          const us = el("Seller", text("Name", sender.name) + el("ID", sender.siren, ' schemeID="0002"'));
          return el(
            "Invoice",
            text("ID", t.number) +
              text("IssueDate", day(t.date)) +
              text("TypeCode", t.kind === "creditNote" ? "381" : "380") +
              text("CurrencyCode", "EUR") +
              (t.direction === "sales"
                ? us + party("Buyer", t.party)
                : party("Seller", t.party) + el("Buyer", "")) +
              el(
                "MonetaryTotal",
                amount("TaxExclusiveAmount", t.totalExclTax) + amount("TaxTotal", t.totalVat),
              ) +
              t.breakdown.map((r) => taxSubtotal(r.base, r.vat, r.vatRate, r.vatExemption)).join(""),
            ` direction="${t.direction === "sales" ? "Customer" : "Supplier"}"`,
          );
        })
        .join("");
    case "b2cPayments":
      return content.days
        .map((d) =>
          el(
            "Transactions",
            text("Date", day(d.date)) +
              text("CurrencyCode", "EUR") +
              text("PaymentsCount", String(d.count)) +
              receivedAt(d),
          ),
        )
        .join("");
    case "internationalPayments":
      return content.payments
        .map((p) =>
          el(
            "Invoice",
            text("InvoiceID", p.number) +
              text("IssueDate", day(p.invoiceDate)) +
              el(
                "Payment",
                text("Date", day(p.date)) + text("CurrencyCode", "EUR") + p.rates.map(receivedAt).join(""),
              ),
          ),
        )
        .join("");
  }
};

/** The FRR file of one flow of a period (its XML, UTF-8 text). */
export const ereportingXml = (doc: EReportingDocument): string => {
  const { report, sender } = doc;
  const id = el("ID", escapeXml(sender.siren), ' schemeID="0002"');
  const header = el(
    "ReportDocument",
    text("Id", doc.id) +
      text("IssueDateTime", instant(doc.issuedAt)) +
      text("TypeCode", ereportingTypeCode(report.content)) +
      el("Sender", id + text("Name", sender.name)) +
      el("Issuer", id + text("Name", sender.name)),
  );
  const period = el(
    "ReportPeriod",
    text("StartDate", day(report.period.start)) + text("EndDate", day(report.period.end)),
  );
  const block = report.period.kind === "transactions" ? "TransactionsReport" : "PaymentsReport";
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    "Report",
    header + el(block, period + body(report.content, sender)),
  )}\n`;
};
