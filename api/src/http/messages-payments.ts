/** The messages of banks, payment modes, payments and deposits (`core/src/payments/`, `api/src/payments/`), merged into `messages`. */
export const paymentMessages = {
  "bank.notFound": { fr: "Banque introuvable.", en: "Bank not found." },
  "bank.exists": { fr: "Cette banque existe déjà.", en: "This bank already exists." },
  "bank.closed": {
    fr: "Le compte bancaire « {name} » est clôturé.",
    en: "The bank account “{name}” is closed.",
  },
  "bank.invalidOpeningBalance": { fr: "Solde d’ouverture invalide.", en: "Invalid opening balance." },
  "paymentMode.notFound": { fr: "Mode de paiement introuvable.", en: "Payment mode not found." },
  "paymentMode.exists": { fr: "Ce mode de paiement existe déjà.", en: "This payment mode already exists." },
  "paymentMode.invalidKind": {
    fr: "Type de mode de paiement inconnu : {kind}.",
    en: "Unknown payment mode kind: {kind}.",
  },
  "payment.modeMissing": { fr: "Mode de paiement manquant.", en: "Payment method missing." },
  "payment.notFound": { fr: "Paiement introuvable.", en: "Payment not found." },
  "payment.exists": { fr: "Ce paiement existe déjà.", en: "This payment already exists." },
  "payment.invalidAmount": {
    fr: "Le montant doit être positif, en centimes entiers.",
    en: "The amount must be positive, in whole cents.",
  },
  "payment.contactMissing": { fr: "Choisissez le tiers du paiement.", en: "Choose the payment’s contact." },
  "payment.contactAccountMissing": {
    fr: "Le tiers n’a pas de compte auxiliaire client ou fournisseur.",
    en: "The contact has no customer or supplier account.",
  },
  "payment.documentNotPayable": {
    fr: "Seules les factures et les avoirs validés peuvent être réglés.",
    en: "Only validated invoices and credit notes can be paid.",
  },
  "payment.documentOtherContact": {
    fr: "La pièce {number} n’est pas de ce tiers ou pas de ce sens.",
    en: "Document {number} is not this contact’s or not on this side.",
  },
  "payment.documentTwice": {
    fr: "Une pièce ne peut être imputée qu’une fois par paiement.",
    en: "A document can be allocated only once per payment.",
  },
  "payment.allocationExceedsDue": {
    fr: "L’imputation dépasse le reste dû de {number} ({due}).",
    en: "The allocation exceeds what is due on {number} ({due}).",
  },
  "payment.overAllocated": {
    fr: "Les imputations ({allocated}) dépassent le paiement ({amount}).",
    en: "The allocations ({allocated}) exceed the payment ({amount}).",
  },
  "payment.creditNotesNeedRefund": {
    fr: "Les avoirs imputés dépassent les factures de {allocated} : un paiement reçu du client (ou fait au fournisseur) ne les règle pas. Enregistrez un remboursement.",
    en: "The credit notes allocated exceed the invoices by {allocated}: money received from the customer (or paid to the supplier) cannot settle them. Record a refund.",
  },
  "payment.refundWithoutCreditNote": {
    fr: "Un remboursement règle des avoirs : imputez-le à au moins un avoir, au-delà des factures qui s’y compensent.",
    en: "A refund settles credit notes: allocate it to at least one credit note, beyond any invoices netted against it.",
  },
  "payment.refundNotAllocated": {
    fr: "Le remboursement ({amount}) doit égaler ce qu’il règle ({allocated}) : il ne laisse pas d’avance.",
    en: "The refund ({amount}) must equal what it settles ({allocated}): it leaves no advance.",
  },
  "payment.deposited": {
    fr: "Ce paiement est dans la remise {number} : il ne peut plus être annulé.",
    en: "This payment is in deposit {number}: it can no longer be cancelled.",
  },
  "payment.cancelBeforeDate": {
    fr: "L’annulation ne peut précéder le paiement ({date}).",
    en: "The cancellation cannot come before the payment ({date}).",
  },
  "payment.reconciled": {
    fr: "Ce paiement est rapproché de la ligne {no} d’un relevé bancaire (opération du {date}) : annulez d’abord ce rapprochement, puis le paiement.",
    en: "This payment is reconciled with line {no} of a bank statement (transaction of {date}): undo that match first, then cancel the payment.",
  },
  "payment.cancelled": {
    fr: "Ce paiement est annulé.",
    en: "This payment is cancelled.",
  },
  "payment.remainderExceeded": {
    fr: "L’imputation ({used}) dépasse l’avance disponible du paiement ({remainder}).",
    en: "The allocation ({used}) exceeds the payment’s available advance ({remainder}).",
  },
  "payment.remainderBeforeDate": {
    fr: "L’imputation de l’avance ne peut précéder le paiement ({date}).",
    en: "Allocating the advance cannot come before the payment ({date}).",
  },
  "payment.remainderAllocated": {
    fr: "L’avance de ce paiement a été imputée entre-temps : réessayez l’annulation.",
    en: "This payment’s advance was allocated meanwhile: try the cancellation again.",
  },
  "deposit.exists": { fr: "Cette remise existe déjà.", en: "This deposit already exists." },
  "deposit.notFound": { fr: "Remise introuvable.", en: "Deposit not found." },
  "deposit.noPayments": { fr: "Choisissez au moins un paiement.", en: "Choose at least one payment." },
  "deposit.paymentCancelled": {
    fr: "Un paiement annulé ne se remet pas en banque.",
    en: "A cancelled payment cannot be deposited.",
  },
  "deposit.alreadyDeposited": {
    fr: "Ce paiement est déjà dans la remise {number}.",
    en: "This payment is already in deposit {number}.",
  },
  "deposit.notWaiting": {
    fr: "Seuls les chèques et espèces en attente (5112, 530) se remettent en banque.",
    en: "Only cheques and cash waiting (5112, 530) can be deposited.",
  },
  "deposit.paymentOutgoing": {
    fr: "L’argent versé à {contact} ne se remet pas en banque : seuls les chèques et espèces reçus s’y remettent.",
    en: "Money paid out to {contact} is not deposited: only cheques and cash received are.",
  },
  "deposit.mixedAccounts": {
    fr: "Une remise ne mêle pas chèques et espèces, ni deux banques.",
    en: "A deposit does not mix cheques and cash, nor two banks.",
  },
  "deposit.otherBank": {
    fr: "Le chèque ou les espèces de {contact} attendent d’être remis sur un autre compte ({bank}) que la banque choisie.",
    en: "The cheque or cash from {contact} is waiting to be deposited in another account ({bank}) than the bank chosen.",
  },
  "deposit.beforePayment": {
    fr: "La remise ne peut précéder un paiement qu’elle contient.",
    en: "The deposit cannot come before a payment it holds.",
  },
} as const;
