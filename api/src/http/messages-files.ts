/** The messages of attachments and share links (`api/src/files/`), merged into `messages`. */
export const fileMessages = {
  "file.emptyOrInvalid": { fr: "Fichier vide ou invalide.", en: "File is empty or invalid." },
  "file.tooLarge": {
    fr: "Fichier vide ou invalide : {max} au plus.",
    en: "File is empty or invalid: {max} at most.",
  },
  "file.unsupportedType": {
    fr: "Type de fichier refusé : PDF, image (PNG, JPEG, GIF, WebP), tableur (xlsx, xls, ods), CSV ou texte.",
    en: "File type refused: PDF, image (PNG, JPEG, GIF, WebP), spreadsheet (xlsx, xls, ods), CSV or text.",
  },
  "file.invalidName": {
    fr: "Nom de fichier invalide : un nom sans chemin (ni « / » ni « \\ »), de 255 caractères au plus.",
    en: "Invalid file name: a name without a path (no “/” nor “\\”), 255 characters at most.",
  },
  "file.missing": { fr: "Aucun fichier envoyé.", en: "No file sent." },
  "file.notFound": { fr: "Fichier introuvable.", en: "File not found." },
  "share.notFound": { fr: "Lien de partage introuvable.", en: "Share link not found." },
  "share.expiryInPast": {
    fr: "La date d’expiration doit être dans le futur.",
    en: "The expiry must be in the future.",
  },
  "share.invalidToken": {
    fr: "Veuillez contacter l’expéditeur pour plus d’informations.",
    en: "Please contact the sender for more information.",
  },
  "share.missingToken": { fr: "Jeton manquant.", en: "Missing token." },
} as const;
