/** The messages of billing: plans, subscriptions, read-only mode. Merged into `messages`. */
export const billingMessages = {
  "subscription.readOnly": {
    fr: "L’abonnement de cette organisation a pris fin : ses données restent consultables et exportables, mais rien ne peut être modifié avant le prochain paiement.",
    en: "This organisation’s subscription has ended: its data can still be read and exported, but nothing can be changed until it pays again.",
  },
  "billing.off": {
    fr: "Aucun moyen de paiement n’est configuré sur ce serveur : les abonnements sont désactivés.",
    en: "No payment provider is configured on this server: subscriptions are off.",
  },
  "billing.planNotFound": { fr: "Formule introuvable.", en: "Plan not found." },
  "billing.noPlan": {
    fr: "Aucune formule n’est choisie : choisissez-en une avant de payer.",
    en: "No plan is chosen: choose one before paying.",
  },
  "billing.invalidMonths": {
    fr: "Durée invalide : de 1 à {max} mois.",
    en: "Invalid length: 1 to {max} months.",
  },
  "billing.invalidPrice": {
    fr: "Prix invalide : un nombre entier de centimes, positif ou nul.",
    en: "Invalid price: a whole number of cents, zero or more.",
  },
  "billing.invalidVatRate": {
    fr: "Taux de TVA invalide : un pourcentage entre 0 et 100, deux décimales au plus.",
    en: "Invalid VAT rate: a percentage between 0 and 100, two decimals at most.",
  },
  "billing.invalidTrialDays": {
    fr: "Durée d’essai invalide : de 0 à 366 jours.",
    en: "Invalid trial length: 0 to 366 days.",
  },
  "billing.webhookUnverified": {
    fr: "Notification de paiement refusée : sa signature ne correspond pas.",
    en: "Payment notification refused: its signature does not match.",
  },
  "billing.customerNotFound": { fr: "Client de paiement introuvable.", en: "Payment customer not found." },
  "billing.noCustomer": {
    fr: "Créez d’abord le client de paiement de l’organisation.",
    en: "Create the organisation’s payment customer first.",
  },
  "billing.cardNotFound": {
    fr: "Carte introuvable : elle a peut-être déjà été remplacée.",
    en: "Card not found: it may have been replaced already.",
  },
  "billing.cardNotSaved": {
    fr: "Aucune carte n’a été enregistrée par cette demande.",
    en: "No card was saved by this request.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;
