/** The messages of the release notes' routes, merged into `messages`. */
export const releaseMessages = {
  "release.notFound": { fr: "Note de version introuvable.", en: "Release note not found." },
  "release.invalidVersion": {
    fr: "Version invalide : « {value} » (une lettre ou un chiffre, puis lettres, chiffres, « . », « - », « + » ou « _ », 40 caractères au plus).",
    en: "Invalid version: “{value}” (a letter or a digit, then letters, digits, “.”, “-”, “+” or “_”, 40 characters at most).",
  },
  "release.invalidDate": {
    fr: "Date invalide : « {value} » (AAAA-MM-JJ, un jour qui existe).",
    en: "Invalid date: “{value}” (YYYY-MM-DD, a day that exists).",
  },
  "release.duplicateVersion": {
    fr: "Une note existe déjà pour la version {value}.",
    en: "A note already exists for version {value}.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;
