/** The messages of the sales and purchase documents (`core/src/documents/`, `core/src/document-settings/`, `api/src/documents/`), merged into `messages`. */
export const documentMessages = {
  "docSettings.bankMissing": {
    fr: "Saisissez les coordonnées bancaires avant de les imprimer sur les documents.",
    en: "Enter the bank details before printing them on documents.",
  },
  "docSettings.duplicateSeries": {
    fr: "Deux séries ont le même code ({value}).",
    en: "Two series have the same code ({value}).",
  },
  "docSettings.invalidCode": {
    fr: "« {value} » n’est pas un code de série : lettres majuscules et chiffres, 10 caractères au plus.",
    en: "“{value}” is not a series code: capital letters and digits, 10 characters at most.",
  },
  "docSettings.invalidFormat": {
    fr: "Format de numérotation invalide : « {value} » (un seul {NNNNN} pour le numéro, {YYYY}, {YY} et {MM} permis, 40 caractères au plus).",
    en: "Invalid numbering format: “{value}” (one {NNNNN} for the sequence, {YYYY}, {YY} and {MM} allowed, 40 characters at most).",
  },
  "docSettings.invalidIban": { fr: "IBAN invalide : {value}.", en: "Invalid IBAN: {value}." },
  "docSettings.invalidUse": { fr: "Usage de série inconnu : {value}.", en: "Unknown series use: {value}." },
  "docSettings.seriesUsed": {
    fr: "La série {value} a déjà numéroté des documents : elle reste, avec son usage et son format.",
    en: "Series {value} already numbered documents: it stays, with its use and format.",
  },
  "docSettings.unknownSeries": {
    fr: "Série de numérotation inconnue ou d’un autre usage : {value}.",
    en: "Unknown numbering series, or one of another use: {value}.",
  },
  "docHistory.invalidText": {
    fr: "Saisissez une note de 1 à {max} caractères.",
    en: "Enter a note of 1 to {max} characters.",
  },
  "docHistory.notFound": { fr: "Note d’historique introuvable.", en: "History note not found." },
} as const;
