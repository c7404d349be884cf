import {
  buildCii,
  type DocumentSettings,
  DomainError,
  defaultDocumentSettings,
  eInvoiceOfDocument,
  type FacturxMentions,
  type LiveDocument,
  type OrganisationState,
  penaltyRate,
  profileConformance,
} from "@registre/core";
import type { AppContext } from "../context.ts";
import { LATE_PAYMENT_RATES } from "./late.ts";
import { renderDocumentPdf } from "./pdf/index.ts";
import type { PrintLanguage } from "./pdf/model.ts";
import { documentPrint } from "./print.ts";

type ActiveOrganisation = Extract<OrganisationState, { status: "active" }>;

/** Validated sales invoices and credit notes are Factur-X; any other document a plain PDF. */
export const isFacturx = (doc: LiveDocument): boolean =>
  doc.direction === "sales" &&
  (doc.kind === "invoice" || doc.kind === "creditNote") &&
  doc.validation !== null;

/** The CII XML of a validated sales invoice or credit note, at the settings' profile. */
export const facturxXml = (doc: LiveDocument, org: ActiveOrganisation, settings: DocumentSettings) => {
  if (!isFacturx(doc)) throw new DomainError("doc.facturxUnavailable", { kind: doc.kind }, 409);
  const terms = doc.contact?.paymentTerms;
  const mentions: FacturxMentions = {
    latePenaltyRate: penaltyRate(
      terms?.penaltyRate ?? null,
      LATE_PAYMENT_RATES.ecbRate,
      LATE_PAYMENT_RATES.legalInterestRate,
    ),
    earlyPaymentDiscount: terms?.earlyPaymentDiscount
      ? `${terms.earlyPaymentDiscount} %`
      : settings.earlyPaymentDiscount === defaultDocumentSettings.earlyPaymentDiscount
        ? null
        : settings.earlyPaymentDiscount,
    paymentTerms: terms
      ? `${terms.days} jours${terms.endOfMonth ? " fin de mois" : ""}`
      : settings.paymentTerms,
  };
  const invoice = eInvoiceOfDocument(
    doc,
    {
      name: org.name,
      siren: org.siren,
      vatNumber: org.vatNumber,
      address: org.address ?? null,
      email: org.email ?? null,
      vatOnDebits: org.vatOnDebits,
      bank: settings.bank ? { iban: settings.bank.iban, bic: settings.bank.bic } : null,
      legalMentions: settings.legalMentions,
    },
    mentions,
  );
  const profile = settings.facturxProfile;
  return { xml: buildCii(invoice, profile), profile, conformance: profileConformance[profile] };
};

/**
 * A document's PDF: for a validated sales invoice or credit note, its Factur-X (PDF/A-3b with the CII
 * XML embedded); for any other document, the plain PDF. Rendered on each call, nothing stored.
 */
export const documentPdf = async (
  ctx: AppContext,
  doc: LiveDocument,
  org: ActiveOrganisation,
  settings: DocumentSettings,
  language: PrintLanguage,
): Promise<Uint8Array> => {
  const print = await documentPrint(ctx, doc, org, settings, language);
  if (!isFacturx(doc)) return renderDocumentPdf(print);
  const { xml, conformance } = facturxXml(doc, org, settings);
  return renderDocumentPdf(print, { xml, conformance });
};
