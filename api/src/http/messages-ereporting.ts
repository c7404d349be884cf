/** The messages of e-reporting (issue 25, point 5: `einvoicing/ereporting*.ts`), merged into `messages`. */
export const ereportingMessages = {
  "ereporting.unknownPeriod": {
    fr: "« {value} » n’est pas une période d’e-reporting du régime de TVA de l’organisation.",
    en: "“{value}” is not an e-reporting period of the organisation's VAT regime.",
  },
  "ereporting.periodNotOver": {
    fr: "La période n’est pas terminée\xa0: elle pourra être transmise après le {end}.",
    en: "The period is not over: it can be sent after {end}.",
  },
  "ereporting.alreadySent": {
    fr: "Cette période a déjà été transmise.",
    en: "This period was already sent.",
  },
  "ereporting.notSent": {
    fr: "Aucun flux d’e-reporting de cette période n’a été transmis.",
    en: "No e-reporting flow of this period was sent.",
  },
  "ereporting.busy": {
    fr: "La période est en cours de transmission\xa0; réessayez dans un instant.",
    en: "The period is being sent; try again in a moment.",
  },
} as const;
