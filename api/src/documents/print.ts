import { createRequire } from "node:module";
import {
  type DocumentSettings,
  defaultDocumentSettings,
  documentTotalsOf,
  isPriced,
  type LiveDocument,
  lineNet,
  type OrganisationState,
  penaltyRate,
} from "@registre/core";
import countries from "i18n-iso-countries";
import type { AppContext } from "../context.ts";
import { readLogo } from "../files/logos.ts";
import { ensureReferenceSeeded } from "../reference/reference.ts";
import { LATE_PAYMENT_RATES } from "./late.ts";
import type { DocumentPrint, PrintAddress, PrintLanguage, PrintLine } from "./pdf/index.ts";

const require = createRequire(import.meta.url);
countries.registerLocale(require("i18n-iso-countries/langs/fr.json"));
countries.registerLocale(require("i18n-iso-countries/langs/en.json"));

type Address = {
  line1: string;
  line2?: string | null | undefined;
  postalCode: string;
  city: string;
  country: string;
};

const address = (a: Address | null | undefined, language: PrintLanguage, home: string): PrintAddress => ({
  lines: a ? [a.line1, ...(a.line2 ? [a.line2] : [])] : [],
  postcode: a?.postalCode ?? "",
  city: a?.city ?? "",
  country: a && a.country !== home ? (countries.getName(a.country, language) ?? a.country) : null,
});

const sameAddress = (a: Address | null, b: Address | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The units' names in the document's language (« heure », « hour »): a PDF is read by people, the
 * UN/ECE code (HUR) stays in the Factur-X. A code the reference list does not know prints as it is.
 */
const unitNames = async (
  ctx: AppContext,
  codes: readonly string[],
  language: PrintLanguage,
): Promise<(code: string) => string> => {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return (code) => code;
  await ensureReferenceSeeded(ctx, "units");
  const rows = await ctx.database.db
    .selectFrom("reference_entries")
    .select(["code", "label", "label_en"])
    .where("kind", "=", "units")
    .where("code", "in", wanted)
    .execute();
  const names = new Map(
    rows.map((r) => [String(r.code), String((language === "en" ? r.label_en : r.label) || r.label)]),
  );
  return (code) => names.get(code) ?? code;
};

/**
 * A document as the PDF prints it (`pdf/model.ts`): the seller from the organisation and the settings
 * (logo, bank details when printed, legal mentions), the customer from the document's contact snapshot,
 * its lines and totals per rate, and the mentions (exemptions, operation category, débits option, terms,
 * early-payment discount, late penalty, credited invoice).
 */
export const documentPrint = async (
  ctx: AppContext,
  doc: LiveDocument,
  org: Extract<OrganisationState, { status: "active" }>,
  settings: DocumentSettings,
  language: PrintLanguage,
): Promise<DocumentPrint> => {
  const home = org.address?.country ?? "FR";
  const totals = documentTotalsOf(doc);
  const priced = doc.lines.filter(isPriced);
  const natures = new Set(priced.map((l) => l.nature));
  const [logo, unitName] = await Promise.all([
    org.logo ? readLogo(ctx.files, org.orgId, `${org.logo.fileId}.png`) : null,
    unitNames(
      ctx,
      priced.flatMap((l) => (l.unit ? [l.unit] : [])),
      language,
    ),
  ]);
  const lines: PrintLine[] = doc.lines.map((l) =>
    l.kind === "title"
      ? { type: "title", text: l.label }
      : l.kind === "comment"
        ? { type: "comment", text: l.text }
        : {
            type: "item",
            reference: l.reference,
            description: l.description ? `${l.label}\n${l.description}` : l.label,
            quantity: l.quantity,
            unit: l.unit === null ? null : unitName(l.unit),
            unitPrice: l.unitPrice,
            discountPercent: l.discount,
            vatRate: l.vatRate === "exempt" ? "0" : l.vatRate,
            vatExemption: l.vatExemption,
            netCents: lineNet(l),
          },
  );
  const contact = doc.contact;
  const terms = contact?.paymentTerms;
  return {
    kind: doc.depositOn !== null ? "depositInvoice" : doc.kind,
    language,
    number:
      doc.kind === "invoice" || doc.kind === "creditNote" ? (doc.validation?.number ?? null) : doc.number,
    dates: {
      issue: doc.header.issueDate,
      delivery: doc.header.deliveryDate,
      due: doc.header.dueDate,
      expiry: doc.header.expiryDate,
    },
    customerReference: doc.header.customerReference,
    label: doc.header.label,
    creditedInvoice:
      doc.origin?.relation === "creditNote" && doc.origin.number
        ? { number: doc.origin.number, date: doc.origin.issueDate }
        : null,
    order:
      doc.origin && doc.origin.kind === "order" && doc.origin.number
        ? { number: doc.origin.number, date: doc.origin.issueDate }
        : null,
    seller: {
      name: org.name,
      address: address(
        org.address ? { ...org.address, line2: org.address.line2 ?? null } : null,
        language,
        home,
      ),
      siren: org.siren,
      vatNumber: org.vatNumber,
      email: org.email ?? null,
      logo: logo?.body ?? null,
      bank:
        settings.printBankDetails && settings.bank
          ? { iban: settings.bank.iban, bic: settings.bank.bic }
          : null,
    },
    customer: {
      name: contact?.name ?? "",
      code: contact?.auxiliary?.code ?? null,
      billingAddress: address(contact?.billingAddress, language, home),
      deliveryAddress:
        contact?.deliveryAddress && !sameAddress(contact.deliveryAddress, contact.billingAddress)
          ? address(contact.deliveryAddress, language, home)
          : null,
      siren: contact?.siren ?? null,
      vatNumber: contact?.vatNumber ?? null,
    },
    lines,
    totals: {
      vat: totals.breakdown.map((b) => ({
        rate: b.vatRate === "exempt" ? "0" : b.vatRate,
        baseCents: b.base,
        vatCents: b.vat,
      })),
      excludingTaxCents: totals.totalExclTax,
      vatCents: totals.totalVat,
      includingTaxCents: totals.totalInclTax,
      deposits: doc.deposits.map((d) => {
        const net = d.shares.reduce((s, x) => s + x.net, 0);
        const vat = d.shares.reduce((s, x) => s + x.vat, 0);
        return {
          number: d.number,
          date: d.issueDate,
          excludingTaxCents: net,
          vatCents: vat,
          includingTaxCents: net + vat,
        };
      }),
      dueCents: totals.due,
    },
    mentions: {
      exemptions: [...new Set(priced.flatMap((l) => (l.vatExemption ? [l.vatExemption] : [])))],
      operationCategory: natures.size === 2 ? "mixed" : natures.has("goods") ? "goods" : "services",
      vatOnDebits: org.vatOnDebits && natures.has("services"),
      paymentTerms: terms
        ? language === "fr"
          ? `${terms.days} jours${terms.endOfMonth ? " fin de mois" : ""}`
          : `${terms.days} days${terms.endOfMonth ? " end of month" : ""}`
        : settings.paymentTerms,
      earlyPaymentDiscount: terms?.earlyPaymentDiscount
        ? `${terms.earlyPaymentDiscount} %`
        : // The settings' default says there is none: the language's own sentence, not « Escompte… : Pas d'escompte… ».
          settings.earlyPaymentDiscount === defaultDocumentSettings.earlyPaymentDiscount
          ? null
          : settings.earlyPaymentDiscount,
      latePenaltyRate: penaltyRate(
        terms?.penaltyRate ?? null,
        LATE_PAYMENT_RATES.ecbRate,
        LATE_PAYMENT_RATES.legalInterestRate,
      ),
      notes: doc.header.notes ? [doc.header.notes] : [],
      legalMentions: settings.legalMentions ? [settings.legalMentions] : [],
    },
  };
};
