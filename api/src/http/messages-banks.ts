import type { StatementFormatReason } from "@registre/core";

/**
 * The messages of bank statements (core/src/banks): refusals of a file, an account or a mapping, the
 * warnings and notices of an import, and the bank rules' refusals. Merged into `messages`.
 */
const N = "\u00a0";

export const bankMessages = {
  "bankStatement.malformed": {
    fr: `Relevé illisible ({format}, {where})${N}: {reason}. Rien n’a été importé.`,
    en: "Unreadable statement ({format}, {where}): {reason}. Nothing was imported.",
  },
  "bankStatement.otherAccount": {
    fr: `Ce relevé est celui d’un autre compte${N}: {found} au lieu de {expected}.`,
    en: "This statement belongs to another account: {found} instead of {expected}.",
  },
  "bankStatement.otherCurrency": {
    fr: `Ce relevé est en {found}${N}; le compte est en {expected}.`,
    en: "This statement is in {found}; the account is in {expected}.",
  },
  "bankStatement.csvMappingAmount": {
    fr: `Correspondance des colonnes invalide${N}: indiquez soit une colonne Montant, soit des colonnes Débit et Crédit.`,
    en: "Invalid column mapping: give either an Amount column, or Debit and Credit columns.",
  },
  "bankStatement.csvMappingLabel": {
    fr: `Correspondance des colonnes invalide${N}: indiquez au moins une colonne Libellé.`,
    en: "Invalid column mapping: give at least one Label column.",
  },
  "bankStatement.balanceGap": {
    fr: `Relevé {statement}${N}: solde initial {opening} + mouvements {movements} = {expectedClosing}, mais le relevé annonce {closing} (écart {gap}).`,
    en: "Statement {statement}: opening balance {opening} + movements {movements} = {expectedClosing}, but the statement states {closing} (gap {gap}).",
  },
  "bankStatement.chainGap": {
    fr: `Relevé {statement}${N}: son solde initial {opening} ne suit pas le solde final du précédent, {previousClosing} (écart {gap}).`,
    en: "Statement {statement}: its opening balance {opening} does not follow the previous closing balance, {previousClosing} (gap {gap}).",
  },
  "bankStatement.creditCardSkipped": {
    fr: `Le relevé de carte {account} du fichier ({lines} opérations) n’a pas été importé${N}: seuls les comptes bancaires le sont.`,
    en: "The file’s card statement {account} ({lines} transactions) was not imported: only bank accounts are.",
  },
  "bankStatement.otherAccountSkipped": {
    fr: `Le relevé du compte {account} ({lines} opérations), présent dans le fichier, n’a pas été importé${N}: c’est un autre compte.`,
    en: "The file’s statement of account {account} ({lines} transactions) was not imported: it is another account.",
  },
  "bankStatement.empty": {
    fr: `Le fichier ne contient aucun relevé${N}: rien n’a été importé.`,
    en: "The file holds no statement: nothing was imported.",
  },
  "bankStatement.entryNotBooked": {
    fr: `Opération non comptabilisée par la banque ({status}, {where})${N}: laissée de côté.`,
    en: "Transaction not booked by the bank ({status}, {where}): left aside.",
  },
  "bankStatement.openingBalanceOtherCurrency": {
    fr: `Solde initial en {currency} dans un relevé en {expected} ({where})${N}: laissé de côté, les soldes ne sont pas contrôlés.`,
    en: "Opening balance in {currency} in a statement in {expected} ({where}): left aside, the balances are not checked.",
  },
  "bankStatement.closingBalanceOtherCurrency": {
    fr: `Solde final en {currency} dans un relevé en {expected} ({where})${N}: laissé de côté, les soldes ne sont pas contrôlés.`,
    en: "Closing balance in {currency} in a statement in {expected} ({where}): left aside, the balances are not checked.",
  },
  "bankStatement.dateOrderAssumed": {
    fr: `Les dates du fichier se lisent dans les deux sens${N}: lues jour puis mois.`,
    en: "The file’s dates read both ways: read day first.",
  },
  "bankStatement.notFound": { fr: "Relevé introuvable.", en: "Statement not found." },
  "bankStatement.exists": { fr: "Ce relevé existe déjà.", en: "This statement already exists." },
  "bankStatement.noLines": {
    fr: `Relevé sans opération${N}: saisissez au moins une ligne.`,
    en: "Statement without transactions: type at least one line.",
  },
  "bankStatement.lineNotFound": {
    fr: "Ligne {no} introuvable dans ce relevé.",
    en: "Line {no} not found in this statement.",
  },
  "bankStatement.invalidBalance": { fr: "Solde invalide.", en: "Invalid balance." },
  "bankStatement.invalidPeriod": {
    fr: `Période invalide${N}: le {from} est après le {to}.`,
    en: "Invalid period: {from} is after {to}.",
  },
  "bankStatement.hasMatchedLines": {
    fr: `Ce relevé a {matched} {matched|ligne rapprochée|lignes rapprochées}${N}: annulez d’abord {matched|son|leur} rapprochement.`,
    en: "This statement has {matched} matched {matched|line|lines}: unmatch {matched|it|them} first.",
  },
  "bankStatement.bankWithoutIban": {
    fr: `Ce compte bancaire n’a pas d’IBAN${N}: renseignez-le pour importer ses relevés.`,
    en: "This bank account has no IBAN: fill it in to import its statements.",
  },
  "bankStatement.noFile": { fr: "Ce relevé n’a pas de fichier.", en: "This statement has no file." },
  "statementLine.alreadyMatched": {
    fr: `La ligne {no} est déjà rapprochée${N}: annulez d’abord ce rapprochement.`,
    en: "Line {no} is already matched: unmatch it first.",
  },
  "statementLine.notMatched": { fr: "La ligne {no} n’est pas rapprochée.", en: "Line {no} is not matched." },
  "statementLine.targetNotFound": {
    fr: "Paiement, remise ou écriture introuvable.",
    en: "Payment, deposit or entry not found.",
  },
  "statementLine.targetNotInBank": {
    fr: `Aucune ligne validée de cette écriture sur le compte {account} de la banque.`,
    en: "No validated line of this entry on the bank’s account {account}.",
  },
  "statementLine.targetLineAmbiguous": {
    fr: `Cette écriture a plusieurs lignes sur le compte {account}${N}: indiquez laquelle.`,
    en: "This entry has several lines on account {account}: say which.",
  },
  "statementLine.amountDiffers": {
    fr: `Montants différents${N}: la ligne du relevé est de {line}, l’écriture de {target}.`,
    en: "Amounts differ: the statement line is {line}, the entry {target}.",
  },
  "statementLine.targetMatched": {
    fr: "Cette écriture est déjà rapprochée d’une autre ligne de relevé.",
    en: "This entry is already matched to another statement line.",
  },
  "bankRule.noCondition": {
    fr: `Règle sans condition${N}: indiquez un libellé, un montant ou un sens.`,
    en: "Rule without a condition: give a label, an amount or a direction.",
  },
  "bankRule.invalidAmount": {
    fr: `Montant invalide${N}: un montant positif en centimes.`,
    en: "Invalid amount: a positive amount in cents.",
  },
  "bankRule.emptyRange": {
    fr: `Fourchette de montants vide${N}: le minimum dépasse le maximum.`,
    en: "Empty amount range: the minimum is above the maximum.",
  },
  "bankRule.noName": {
    fr: `Règle sans nom${N}: donnez-lui un nom.`,
    en: "Rule without a name: give it one.",
  },
  "bankRule.notFound": { fr: "Règle {id} introuvable.", en: "Rule {id} not found." },
  "bankRule.invalidOrder": {
    fr: `Ordre invalide${N}: chaque règle doit y figurer une fois.`,
    en: "Invalid order: every rule must appear once.",
  },
  "bankRule.noAccount": {
    fr: `Règle sans compte${N}: indiquez le compte où passer les lignes.`,
    en: "Rule without an account: give the account the lines are booked to.",
  },
} as const;

/** Why a statement file cannot be read, in the reader's language (`{reason}` of `bankStatement.malformed`). */
export const statementReasonTexts: Record<StatementFormatReason, { fr: string; en: string }> = {
  unknownFormat: {
    fr: "format non reconnu (CAMT.053, OFX, MT940, CFONB 120, QIF, ou CSV avec sa correspondance de colonnes)",
    en: "unknown format (CAMT.053, OFX, MT940, CFONB 120, QIF, or CSV with its column mapping)",
  },
  notUtf8: { fr: "le fichier se dit en UTF-8 mais ne l’est pas", en: "the file says it is UTF-8 but is not" },
  invalidXml: { fr: "XML mal formé", en: "malformed XML" },
  notCamt053: { fr: "ce n’est pas un relevé CAMT.053", en: "not a CAMT.053 statement" },
  notOfx: { fr: "ce n’est pas un fichier OFX", en: "not an OFX file" },
  notMt940: { fr: "ce n’est pas un relevé MT940", en: "not an MT940 statement" },
  notCfonb120: { fr: "ce n’est pas un relevé CFONB 120", en: "not a CFONB 120 statement" },
  notQif: { fr: "ce n’est pas un fichier QIF", en: "not a QIF file" },
  noStatement: {
    fr: "aucun relevé de compte bancaire dans le fichier",
    en: "no bank account statement in the file",
  },
  unsupportedQifType: {
    fr: "type de compte QIF non pris en charge (seuls Bank, Cash, CCard, Oth A et Oth L le sont)",
    en: "unsupported QIF account type (only Bank, Cash, CCard, Oth A and Oth L are)",
  },
  unexpectedText: { fr: "texte inattendu", en: "unexpected text" },
  unexpectedClosingTag: { fr: "balise fermante sans ouverture", en: "closing tag without an opening one" },
  unclosedElement: {
    fr: `élément jamais fermé (fichier tronqué${N}?)`,
    en: "element never closed (truncated file?)",
  },
  expectedStatementStart: {
    fr: `le relevé doit commencer par${N}:20:`,
    en: "the statement must start with :20:",
  },
  invalidLine: { fr: "ligne d’opération :61: illisible", en: "unreadable :61: transaction line" },
  recordTooLong: { fr: "enregistrement de plus de 120 caractères", en: "record longer than 120 characters" },
  unknownRecord: { fr: "type d’enregistrement inconnu", en: "unknown record type" },
  invalidDecimals: { fr: "nombre de décimales illisible", en: "unreadable number of decimals" },
  missingOldBalance: {
    fr: "opération avant l’ancien solde (enregistrement 01)",
    en: "transaction before the old balance (record 01)",
  },
  missingOpeningBalance: { fr: "solde initial absent", en: "missing opening balance" },
  missingClosingBalance: { fr: "solde final absent", en: "missing closing balance" },
  invalidBalance: { fr: "solde illisible", en: "unreadable balance" },
  otherAccountRecord: {
    fr: "enregistrement d’un autre compte au milieu du relevé",
    en: "record of another account inside the statement",
  },
  complementWithoutOperation: {
    fr: "complément (enregistrement 05) sans opération avant lui",
    en: "complement (record 05) without a transaction before it",
  },
  missingAccount: { fr: "compte absent", en: "missing account" },
  missingDate: { fr: "date absente", en: "missing date" },
  invalidDate: { fr: "date invalide", en: "invalid date" },
  mixedDateOrder: {
    fr: "dates lues tantôt jour puis mois, tantôt mois puis jour",
    en: "dates read both day first and month first",
  },
  missingAmount: { fr: "montant absent", en: "missing amount" },
  invalidAmount: { fr: "montant invalide", en: "invalid amount" },
  invalidDirection: { fr: "sens (débit ou crédit) invalide", en: "invalid direction (debit or credit)" },
  debitAndCredit: {
    fr: "débit et crédit remplis sur la même ligne",
    en: "both debit and credit filled on one line",
  },
  missingLabel: { fr: "libellé absent", en: "missing label" },
  unclosedQuote: { fr: "guillemet jamais fermé", en: "quote never closed" },
  csvMappingMissing: { fr: "correspondance des colonnes absente", en: "missing column mapping" },
  csvHeaderNotFound: { fr: "ligne d’en-tête introuvable", en: "header line not found" },
  csvColumnNotFound: { fr: "colonne introuvable", en: "column not found" },
};

/** The reason's text, or the reason itself when unknown. */
export const statementReasonText = (reason: string, locale: "fr" | "en"): string =>
  Object.hasOwn(statementReasonTexts, reason)
    ? statementReasonTexts[reason as StatementFormatReason][locale]
    : reason;

const FORMAT_NAMES: Readonly<Record<string, { fr: string; en: string }>> = {
  camt053: { fr: "CAMT.053", en: "CAMT.053" },
  ofx: { fr: "OFX", en: "OFX" },
  mt940: { fr: "MT940", en: "MT940" },
  cfonb120: { fr: "CFONB 120", en: "CFONB 120" },
  qif: { fr: "QIF", en: "QIF" },
  csv: { fr: "CSV", en: "CSV" },
  unknown: { fr: "format inconnu", en: "unknown format" },
};

/** The figures of a balance warning: decimal text ("-1234.5") shown the reader's way. */
const AMOUNT_KEYS = new Set(["opening", "movements", "expectedClosing", "closing", "gap", "previousClosing"]);
const amountText = (value: string, locale: "fr" | "en"): string | undefined => {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return undefined;
  const grouped = (m[2] ?? "").replace(/\B(?=(\d{3})+(?!\d))/g, locale === "fr" ? N : ",");
  return `${m[1] ? "−" : ""}${grouped}${m[3] ? `${locale === "fr" ? "," : "."}${m[3]}` : ""}`;
};

/**
 * The statement parameters shown in the reader's language (amounts with their separators): `{reason}`, `{format}` by its name, and
 * `{where}` ("line 12 (STMTTRN/TRNAMT)" becomes "ligne 12 (STMTTRN/TRNAMT)" in French; element paths
 * stay as the file writes them). `undefined` for any other parameter.
 */
export const bankParamText = (key: string, value: string, locale: "fr" | "en"): string | undefined => {
  if (AMOUNT_KEYS.has(key)) return amountText(value, locale);
  if (key === "reason") return statementReasonText(value, locale);
  if (key === "format") return FORMAT_NAMES[value]?.[locale];
  if (key === "where")
    return locale === "fr" ? value.replace(/^line (\d+)/, "ligne $1").replace(/^bytes$/, "octets") : value;
  return undefined;
};
