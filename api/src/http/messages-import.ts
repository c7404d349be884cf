/** The messages of the CSV and vCard imports (`api/src/imports/`), merged into `messages`. */
export const importMessages = {
  "import.emptyFile": {
    fr: "Fichier vide ou invalide : aucune ligne à importer.",
    en: "File is empty or invalid: no line to import.",
  },
  "import.tooLarge": {
    fr: "Fichier vide ou invalide : {max} au plus.",
    en: "File is empty or invalid: {max} at most.",
  },
  "import.missingColumns": {
    fr: "Colonnes obligatoires absentes : {columns}.",
    en: "Missing required columns: {columns}.",
  },
  "import.invalidMapping": {
    fr: "Correspondance des colonnes invalide : {detail}.",
    en: "Invalid column mapping: {detail}.",
  },
  "import.unclosedQuote": {
    fr: "Fichier vide ou invalide : guillemet non fermé à la ligne {line}.",
    en: "File is empty or invalid: unclosed quote at line {line}.",
  },
  "import.unknownKind": {
    fr: "Nature inconnue : « {value} » (société ou personne).",
    en: "Unknown kind: “{value}” (company or person).",
  },
  "import.unknownType": {
    fr: "Type de contact inconnu : « {value} ».",
    en: "Unknown contact type: “{value}”.",
  },
  "import.invalidTier": {
    fr: "Palier illisible pour {field} : « {value} » (quantité:prix, séparés par |).",
    en: "Unreadable tier for {field}: “{value}” (quantity:price, separated by |).",
  },
  "import.duplicateInFile": {
    fr: "Même contact qu’à la ligne {other} ({reasons}).",
    en: "Same contact as line {other} ({reasons}).",
  },
  "import.referenceInFile": {
    fr: "Code en double : « {value} » est déjà à la ligne {other}.",
    en: "Duplicate code: “{value}” is already on line {other}.",
  },
  "import.duplicatesNotAcknowledged": {
    fr: "Certains contacts ont le même nom ({count}) : confirmez l’import malgré les doublons.",
    en: "Some contacts have the same name ({count}): confirm the import despite the duplicates.",
  },
  "import.lineErrors": {
    fr: "Le fichier n’a pas été importé : {count} {count|ligne|lignes} en erreur.",
    en: "The file was not imported: {count} {count|line|lines} with errors.",
  },
} as const;
