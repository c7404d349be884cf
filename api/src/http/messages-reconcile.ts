/**
 * The messages of reconciliation (api/src/reconcile): the bank rules' bookings, suggestions, entries
 * made from a line, the reconciliation statement. Merged into `messages`.
 */
const N = "\u00a0";

export const reconcileMessages = {
  "bankRule.accountUnknown": {
    fr: `Le compte {number} n’existe pas, est clos, n’est pas un compte général ou demande un contact.`,
    en: "Account {number} does not exist, is closed, is not a general account or needs a contact.",
  },
  "bankRule.journalUnknown": { fr: "Journal {code} introuvable.", en: "Journal {code} not found." },
  "bankRule.vatRateUnknown": { fr: `Taux de TVA inconnu${N}: {rate}.`, en: "Unknown VAT rate: {rate}." },
  "bankRule.contactUnknown": { fr: "Contact introuvable.", en: "Contact not found." },
  "suggestion.gone": {
    fr: `Cette suggestion n’est plus valable${N}: la facture est réglée ou le mouvement déjà rapproché.`,
    en: "This suggestion no longer holds: the invoice is paid or the movement already reconciled.",
  },
  "suggestion.invalidKey": { fr: "Suggestion inconnue.", en: "Unknown suggestion." },
  "statementLine.invalid": { fr: "Numéro de ligne invalide.", en: "Invalid line number." },
  "statementLine.zeroAmount": {
    fr: "Une ligne de montant nul ne se comptabilise pas.",
    en: "A line of zero amount cannot be booked.",
  },
  "reconcile.noPaymentMode": {
    fr: `Aucun mode de paiement (virement) n’est rattaché à cette banque${N}: créez-en un dans Modes de paiement.`,
    en: "No payment mode (transfer) is attached to this bank: create one in Payment modes.",
  },
} as const;
