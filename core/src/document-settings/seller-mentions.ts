import type { DocumentSettings } from "./settings.ts";

/**
 * The seller's mentions an invoice needs and the settings leave out (issue 23, point 10): warnings,
 * never refusals — the text is the organisation's own, read here for what it should say.
 *
 * - Its legal form: a company's (C. com. R123-237), or « EI » for an individual entrepreneur
 *   (C. com. L526-22), in its name or its documents' legal mentions.
 * - A company's share capital and its registration, RCS or RM with the city (R123-237).
 * - Its bank details when customers may pay by transfer: the invoice is where they find the IBAN.
 *
 * The late-payment penalties, the 40 € recovery indemnity and the early-payment discount are printed on
 * every invoice by Registre itself (the PDF and the Factur-X notes PMD, PMT, AAB): never missing.
 */
export type SellerMentionWarning = "legalForm" | "shareCapital" | "registration" | "bankDetails";

export type SellerMentionInput = {
  /** The organisation's name, which may carry its form (« Atelier Démo SARL »). */
  readonly name: string;
  readonly settings: Pick<DocumentSettings, "legalMentions" | "bank" | "printBankDetails">;
  /** Whether customers may pay by transfer (the organisation has a transfer mode). */
  readonly paidByTransfer: boolean;
};

// Abbreviations in capitals only (« sa révocation » is no SA), the forms' names in any case.
const COMPANY_SHORT =
  /\b(SARL|SAS|SASU|EURL|SA|SNC|SCS|SCA|SCI|SCOP|SCP|SEL|SELARL|SELAS|SELAFA|SELCA|SEM|GIE)\b/;
const COMPANY_LONG =
  /soci[ée]t[ée] (anonyme|à responsabilit[ée] limit[ée]e|par actions simplifi[ée]e|en nom collectif|civile|coop[ée]rative|d['’]exercice lib[ée]ral)|entreprise unipersonnelle/i;
const INDIVIDUAL_SHORT = /\b(EI|EIRL)\b/;
const INDIVIDUAL_LONG =
  /entrepreneur individuel|entreprise individuelle|micro-?entrepreneur|auto-?entrepreneur/i;
const CAPITAL = /capital/i;
const REGISTRATION_SHORT = /\bR\.?\s?C\.?\s?S\b|\bRM\b|\bRNE\b/;
const REGISTRATION_LONG =
  /registre du commerce|r[ée]pertoire des m[ée]tiers|registre national des entreprises/i;

export const sellerMentionWarnings = (input: SellerMentionInput): SellerMentionWarning[] => {
  const text = `${input.name}\n${input.settings.legalMentions ?? ""}`;
  const company = COMPANY_SHORT.test(text) || COMPANY_LONG.test(text);
  const individual = INDIVIDUAL_SHORT.test(text) || INDIVIDUAL_LONG.test(text);
  const mentions = input.settings.legalMentions ?? "";
  const warnings: SellerMentionWarning[] = [];
  if (!company && !individual) warnings.push("legalForm");
  if (company && !CAPITAL.test(mentions)) warnings.push("shareCapital");
  if (company && !REGISTRATION_SHORT.test(mentions) && !REGISTRATION_LONG.test(mentions))
    warnings.push("registration");
  if (input.paidByTransfer && !(input.settings.printBankDetails && input.settings.bank))
    warnings.push("bankDetails");
  return warnings;
};
