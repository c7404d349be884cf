/** The messages of e-invoices read and written (`core/src/facturx/`, `api/src/documents/facturx*.ts`), merged into `messages`. */
export const einvoiceMessages = {
  "doc.facturxUnavailable": {
    fr: "Seules les factures et les avoirs de vente validés ont un Factur-X.",
    en: "Only validated sales invoices and credit notes have a Factur-X.",
  },
  "einvoice.empty": {
    fr: "Le fichier est vide ou illisible.",
    en: "File is empty or invalid.",
  },
  "einvoice.unsupportedFile": {
    fr: "Ce fichier n’est ni un PDF ni un XML de facture (Factur-X, CII ou UBL).",
    en: "This file is neither a PDF nor an invoice XML (Factur-X, CII or UBL).",
  },
  "einvoice.unreadablePdf": {
    fr: "Ce PDF est illisible ou protégé.",
    en: "This PDF is unreadable or protected.",
  },
  "einvoice.notXml": {
    fr: "Le fichier n’est pas un XML lisible.",
    en: "The file is not readable XML.",
  },
  "einvoice.unsafeXml": {
    fr: "Ce XML déclare un DOCTYPE ou des entités, refusés par sécurité.",
    en: "This XML declares a DOCTYPE or entities, refused for safety.",
  },
  "einvoice.notInvoice": {
    fr: "Ce XML n’est pas une facture (ni CII CrossIndustryInvoice, ni UBL Invoice ou CreditNote).",
    en: "This XML is not an invoice (neither a CII CrossIndustryInvoice nor a UBL Invoice or CreditNote).",
  },
  "einvoice.unknownProfile": {
    fr: "Profil de facture électronique inconnu\xa0: « {profile} ».",
    en: "Unknown e-invoice profile: “{profile}”.",
  },
  "einvoice.missingField": {
    fr: "La facture électronique n’a pas de {field}, obligatoire.",
    en: "The e-invoice lacks {field}, which is required.",
  },
  "einvoice.invalidAmount": {
    fr: "Montant illisible en {field}\xa0: « {value} ».",
    en: "Unreadable amount in {field}: “{value}”.",
  },
  "einvoice.invalidNumber": {
    fr: "Nombre illisible en {field}\xa0: « {value} ».",
    en: "Unreadable number in {field}: “{value}”.",
  },
  "einvoice.invalidDate": {
    fr: "Date illisible en {field}\xa0: « {value} ».",
    en: "Unreadable date in {field}: “{value}”.",
  },
  "einvoice.invalidVatCategory": {
    fr: "Catégorie de TVA inconnue en {field}\xa0: « {value} ».",
    en: "Unknown VAT category in {field}: “{value}”.",
  },
  "einvoice.currency": {
    fr: "Facture en {currency}\xa0: seules les factures en euros sont reprises.",
    en: "Invoice in {currency}: only invoices in euros are taken in.",
  },
  "einvoice.unsupportedType": {
    fr: "Type de document {type}\xa0: seuls les factures et les avoirs sont repris.",
    en: "Document type {type}: only invoices and credit notes are taken in.",
  },
  "einvoice.supplierIdentity": {
    fr: "Le fournisseur n’est pas identifié\xa0: il faut son nom et son SIREN ou son numéro de TVA.",
    en: "The supplier is not identified: its name and its SIREN or VAT number are needed.",
  },
  "einvoice.totalsMismatch": {
    fr: "Les totaux de la facture ne sont pas cohérents ({rule})\xa0: {expected} attendus, {actual} indiqués.",
    en: "The invoice's totals do not add up ({rule}): {expected} expected, {actual} stated.",
  },
  "einvoice.totalsNotReproduced": {
    fr: "Les totaux de la facture ne se retrouvent pas à partir de ses lignes ({field})\xa0: {expected} indiqués, {actual} calculés.",
    en: "The invoice's totals cannot be found again from its lines ({field}): {expected} stated, {actual} computed.",
  },
  "einvoice.unsupportedVatRate": {
    fr: "Taux de TVA non géré\xa0: {rate}\xa0%.",
    en: "VAT rate not handled: {rate} %.",
  },
  "einvoice.supplierChoice": {
    fr: "Choisissez le fournisseur, ou confirmez sa création.",
    en: "Choose the supplier, or confirm its creation.",
  },
} as const;
