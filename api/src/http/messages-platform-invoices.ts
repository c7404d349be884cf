/** The messages of the platform's invoices to the organisations. Merged into `messages`. */
export const platformInvoiceMessages = {
  "platformInvoice.notFound": { fr: "Facture introuvable.", en: "Invoice not found." },
  "platformPayment.notFound": { fr: "Paiement introuvable.", en: "Payment not found." },
  "platformInvoice.sellerIncomplete": {
    fr: "L’identité de la plateforme comme vendeur est incomplète ({field}) : renseignez-la dans les paramètres avant de facturer.",
    en: "The platform’s identity as a seller is incomplete ({field}): set it in the parameters before invoicing.",
  },
  "platformInvoice.amountMismatch": {
    fr: "La TVA de la facture ne correspond pas à celle du paiement.",
    en: "The invoice’s VAT does not match the payment’s.",
  },
  "platformInvoice.invalidQuantity": {
    fr: "La quantité doit être un nombre positif (trois décimales au plus).",
    en: "The quantity must be a positive number (three decimals at most).",
  },
  "platformInvoice.notAnInvoice": {
    fr: "Un avoir corrige une facture, pas un autre avoir.",
    en: "A credit note corrects an invoice, not another credit note.",
  },
  "platformInvoice.creditTooHigh": {
    fr: "L’avoir dépasse ce qui reste de la facture ({max} TTC au plus).",
    en: "The credit note exceeds what is left of the invoice ({max} incl. VAT at most).",
  },
  "platformInvoice.correctsCreditNoteOnly": {
    fr: "Seul un avoir fait référence à une facture.",
    en: "Only a credit note refers to an invoice.",
  },
  "platformInvoice.zeroTotal": {
    fr: "Le total de la facture doit être positif.",
    en: "The invoice’s total must be positive.",
  },
} as const;
