/**
 * The e-mail templates every organisation starts with: one per use (document kind, reminder level)
 * and language, as a French SME would write them. French typography: a no-break space before « : »
 * and a narrow one before « ; ! ? ».
 */
export const templateUses = [
  "quote",
  "order",
  "delivery",
  "invoice",
  "creditNote",
  "reminder1",
  "reminder2",
  "reminder3",
] as const;
export type TemplateUse = (typeof templateUses)[number];

export const templateLanguages = ["fr", "en"] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

export const isReminderUse = (use: TemplateUse): boolean => use.startsWith("reminder");

type Text = { readonly name: string; readonly subject: string; readonly body: string };

const NB = "\u00a0";
const NNB = "\u202f";

const fr = (lines: string[]) => lines.join("\n");

const french: Record<TemplateUse, Text> = {
  quote: {
    name: "Envoi de devis",
    subject: "Devis {{number}} — {{organisationName}}",
    body: fr([
      "Bonjour,",
      "",
      `Veuillez trouver ci-joint notre devis n°${NB}{{number}} du {{issueDate}}, d’un montant de {{totalInclTax}} TTC.`,
      "",
      `Nous restons à votre disposition pour toute question et serions heureux de travailler avec vous${NNB}!`,
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  order: {
    name: "Confirmation de commande",
    subject: "Commande {{number}} — {{organisationName}}",
    body: fr([
      "Bonjour,",
      "",
      `Nous vous remercions pour votre commande. Vous trouverez ci-joint notre confirmation n°${NB}{{number}} du {{issueDate}}, d’un montant de {{totalInclTax}} TTC.`,
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  delivery: {
    name: "Bon de livraison",
    subject: "Bon de livraison {{number}} — {{organisationName}}",
    body: fr([
      "Bonjour,",
      "",
      `Veuillez trouver ci-joint le bon de livraison n°${NB}{{number}} du {{issueDate}}.`,
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  invoice: {
    name: "Envoi de facture",
    subject: "Facture {{number}} — {{organisationName}}",
    body: fr([
      "Bonjour,",
      "",
      `Veuillez trouver ci-joint notre facture n°${NB}{{number}} du {{issueDate}}, d’un montant de {{totalInclTax}} TTC, payable au plus tard le {{dueDate}}.`,
      "",
      "Nous vous remercions de votre confiance.",
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  creditNote: {
    name: "Envoi d’avoir",
    subject: "Avoir {{number}} — {{organisationName}}",
    body: fr([
      "Bonjour,",
      "",
      `Veuillez trouver ci-joint notre avoir n°${NB}{{number}} du {{issueDate}}, d’un montant de {{totalInclTax}} TTC.`,
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  reminder1: {
    name: "Relance amicale",
    subject: "Rappel — facture {{number}} arrivée à échéance",
    body: fr([
      "Bonjour,",
      "",
      `Sauf erreur de notre part, la facture n°${NB}{{number}} du {{issueDate}}, échue le {{dueDate}}, reste à régler pour un montant de {{amountDue}}.`,
      "",
      `Il s’agit sans doute d’un simple oubli${NNB}: nous vous remercions de bien vouloir procéder à son règlement. Si celui-ci a été effectué entre-temps, merci de ne pas tenir compte de ce message.`,
      "",
      "Bien cordialement,",
      "{{organisationName}}",
    ]),
  },
  reminder2: {
    name: "Relance ferme",
    subject: "Deuxième relance — facture {{number}} impayée",
    body: fr([
      "Bonjour,",
      "",
      `Malgré notre précédent rappel, la facture n°${NB}{{number}} du {{issueDate}}, échue le {{dueDate}}, demeure impayée à ce jour ({{daysLate}} jours de retard). Le montant restant dû s’élève à {{amountDue}}.`,
      "",
      `Nous vous demandons de procéder à son règlement sous huitaine. À défaut, nous serons contraints d’appliquer les pénalités de retard et l’indemnité forfaitaire pour frais de recouvrement prévues par nos conditions de paiement.`,
      "",
      "Cordialement,",
      "{{organisationName}}",
    ]),
  },
  reminder3: {
    name: "Mise en demeure",
    subject: "Mise en demeure de payer — facture {{number}}",
    body: fr([
      "Madame, Monsieur,",
      "",
      `Malgré nos relances, la facture n°${NB}{{number}} du {{issueDate}}, échue le {{dueDate}}, reste impayée depuis {{daysLate}} jours.`,
      "",
      `Par la présente, nous vous mettons en demeure de nous régler sous quinze jours les sommes suivantes${NB}:`,
      `- principal restant dû${NB}: {{amountDue}}${NB};`,
      `- pénalités de retard au taux annuel de {{penaltyRate}} (article L441-10 du Code de commerce)${NB}: {{penalty}}${NB};`,
      `- indemnité forfaitaire pour frais de recouvrement (article D441-5 du Code de commerce)${NB}: {{indemnity}}${NB};`,
      `soit un total de {{totalClaimed}}.`,
      "",
      "À défaut de règlement dans ce délai, nous engagerons sans autre avis une procédure de recouvrement judiciaire.",
      "",
      `Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.`,
      "{{organisationName}}",
    ]),
  },
};

const english: Record<TemplateUse, Text> = {
  quote: {
    name: "Quote",
    subject: "Quote {{number}} — {{organisationName}}",
    body: fr([
      "Hello,",
      "",
      "Please find attached our quote no. {{number}} dated {{issueDate}}, for {{totalInclTax}} including VAT.",
      "",
      "Do not hesitate to contact us with any question; we look forward to working with you.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  order: {
    name: "Order confirmation",
    subject: "Order {{number}} — {{organisationName}}",
    body: fr([
      "Hello,",
      "",
      "Thank you for your order. Please find attached our confirmation no. {{number}} dated {{issueDate}}, for {{totalInclTax}} including VAT.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  delivery: {
    name: "Delivery slip",
    subject: "Delivery slip {{number}} — {{organisationName}}",
    body: fr([
      "Hello,",
      "",
      "Please find attached delivery slip no. {{number}} dated {{issueDate}}.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  invoice: {
    name: "Invoice",
    subject: "Invoice {{number}} — {{organisationName}}",
    body: fr([
      "Hello,",
      "",
      "Please find attached our invoice no. {{number}} dated {{issueDate}}, for {{totalInclTax}} including VAT, due by {{dueDate}}.",
      "",
      "Thank you for your business.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  creditNote: {
    name: "Credit note",
    subject: "Credit note {{number}} — {{organisationName}}",
    body: fr([
      "Hello,",
      "",
      "Please find attached our credit note no. {{number}} dated {{issueDate}}, for {{totalInclTax}} including VAT.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  reminder1: {
    name: "Friendly reminder",
    subject: "Reminder — invoice {{number}} is now due",
    body: fr([
      "Hello,",
      "",
      "Unless we are mistaken, invoice no. {{number}} dated {{issueDate}}, due on {{dueDate}}, still shows {{amountDue}} outstanding.",
      "",
      "This is probably an oversight: we would be grateful if you could settle it. If you have paid it in the meantime, please disregard this message.",
      "",
      "Kind regards,",
      "{{organisationName}}",
    ]),
  },
  reminder2: {
    name: "Firm reminder",
    subject: "Second reminder — invoice {{number}} unpaid",
    body: fr([
      "Hello,",
      "",
      "Despite our previous reminder, invoice no. {{number}} dated {{issueDate}}, due on {{dueDate}}, remains unpaid ({{daysLate}} days late). The amount outstanding is {{amountDue}}.",
      "",
      "Please settle it within eight days. Failing that, we will have to charge the late-payment penalties and the fixed recovery indemnity set out in our payment terms.",
      "",
      "Regards,",
      "{{organisationName}}",
    ]),
  },
  reminder3: {
    name: "Formal notice",
    subject: "Formal notice to pay — invoice {{number}}",
    body: fr([
      "Dear Sir or Madam,",
      "",
      "Despite our reminders, invoice no. {{number}} dated {{issueDate}}, due on {{dueDate}}, has remained unpaid for {{daysLate}} days.",
      "",
      "We hereby give you formal notice to pay the following within fifteen days:",
      "- principal outstanding: {{amountDue}};",
      "- late-payment penalties at the yearly rate of {{penaltyRate}} (French Commercial Code, art. L441-10): {{penalty}};",
      "- fixed recovery indemnity (French Commercial Code, art. D441-5): {{indemnity}};",
      "that is {{totalClaimed}} in total.",
      "",
      "Failing payment within that time, we will start legal recovery proceedings without further notice.",
      "",
      "Yours faithfully,",
      "{{organisationName}}",
    ]),
  },
};

export const defaultTemplateTexts: Record<TemplateLanguage, Record<TemplateUse, Text>> = {
  fr: french,
  en: english,
};

/** The id of the built-in template of a use and language, `default-invoice-fr`. */
export const builtInTemplateId = (use: TemplateUse, language: TemplateLanguage): string =>
  `default-${use}-${language}`;
