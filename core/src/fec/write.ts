import { formatFecAmount } from "../money.ts";
import { isIsoDate } from "./dates.ts";
import { FEC_FIELDS, type FecLineInput, type FecSeparator } from "./types.ts";

/** Registre ends every line, the last one included, with CR LF: what Windows tools and the DGFiP expect. */
export const FEC_LINE_END = "\r\n";

/** "2025-01-05" -> "20250105"; "" stays "" (an empty optional date). */
export const formatFecDate = (date: string): string => {
  if (date === "") return "";
  if (!isIsoDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): "${date}"`);
  return date.replaceAll("-", "");
};

/** `<SIREN>FEC<AAAAMMJJ>.txt`, the date being the closing date of the fiscal year. */
export const fecFileName = (siren: string, closingDate: string): string => {
  if (!/^\d{9}$/.test(siren)) throw new RangeError(`Not a SIREN (9 digits): "${siren}"`);
  if (closingDate === "") throw new RangeError("A FEC file name needs the closing date");
  return `${siren}FEC${formatFecDate(closingDate)}.txt`;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A text as one FEC field: TAB, CR, LF (every control character) and the separator become spaces,
 * runs of spaces one space, and the ends are trimmed, since readers trim padded fields.
 */
export const cleanFecText = (text: string, separator: FecSeparator): string =>
  text.replace(CONTROL_CHARACTERS, " ").replaceAll(separator, " ").replace(/ {2,}/g, " ").trim();

export const fecHeader = (separator: FecSeparator): string => FEC_FIELDS.join(separator);

/** One line of exactly 18 fields, in the FEC's order and forms. */
export const fecLine = (record: FecLineInput, separator: FecSeparator): string => {
  const text = (value: string) => cleanFecText(value, separator);
  return [
    text(record.journalCode),
    text(record.journalLib),
    text(record.ecritureNum),
    formatFecDate(record.ecritureDate),
    text(record.compteNum),
    text(record.compteLib),
    text(record.compAuxNum),
    text(record.compAuxLib),
    text(record.pieceRef),
    formatFecDate(record.pieceDate),
    text(record.ecritureLib),
    formatFecAmount(record.debit),
    formatFecAmount(record.credit),
    text(record.ecritureLet),
    formatFecDate(record.dateLet),
    formatFecDate(record.validDate),
    record.montantDevise === null ? "" : formatFecAmount(record.montantDevise),
    text(record.idevise),
  ].join(separator);
};

/** The whole file: header, one line per record, each line (the last one too) ended by CR LF. */
export const writeFec = (records: readonly FecLineInput[], separator: FecSeparator = "\t"): string =>
  [fecHeader(separator), ...records.map((record) => fecLine(record, separator))]
    .map((line) => line + FEC_LINE_END)
    .join("");

export type FecDescriptionInput = {
  siren: string;
  orgName: string;
  fiscalYear: { start: string; end: string };
  separator: FecSeparator;
  encoding: "UTF-8";
  /** Lines of entries, the header line not counted. */
  lineCount: number;
  software: string;
};

const frenchDate = (date: string): string =>
  formatFecDate(date).replace(/^(\d{4})(\d{2})(\d{2})$/, "$3/$2/$1");

const FIELD_MEANINGS: readonly (readonly [string, string])[] = [
  ["Code du journal", "texte, obligatoire"],
  ["Libellé du journal", "texte, obligatoire"],
  ["Numéro de l'écriture, le même sur toutes les lignes d'une écriture", "texte, obligatoire"],
  ["Date de comptabilisation de l'écriture", "date AAAAMMJJ, obligatoire"],
  ["Numéro de compte (les trois premiers caractères sont des chiffres du PCG)", "texte, obligatoire"],
  ["Libellé du compte", "texte, obligatoire"],
  ["Numéro de compte auxiliaire (tiers)", "texte, vide si non utilisé"],
  ["Libellé du compte auxiliaire", "texte, rempli si et seulement si CompAuxNum l'est"],
  ["Référence de la pièce justificative", "texte, obligatoire"],
  ["Date de la pièce justificative", "date AAAAMMJJ, obligatoire"],
  ["Libellé de l'écriture", "texte, obligatoire"],
  ["Montant au débit, en euros", "montant, obligatoire (0,00 si nul)"],
  ["Montant au crédit, en euros", "montant, obligatoire (0,00 si nul)"],
  ["Code de lettrage", "texte, vide si la ligne n'est pas lettrée"],
  ["Date de lettrage", "date AAAAMMJJ, vide si la ligne n'est pas lettrée"],
  ["Date de validation de l'écriture", "date AAAAMMJJ, obligatoire"],
  ["Montant en devise", "montant, vide si non utilisé"],
  ["Code ISO 4217 de la devise", "texte, vide si non utilisé"],
];

/** The description file that goes with a FEC (LPF art. A47 A-1): fields, forms, separator, encoding. */
export const fecDescription = (input: FecDescriptionInput): string => {
  const separatorName = input.separator === "\t" ? "tabulation (caractère 9)" : "barre verticale « | »";
  const fields = FEC_FIELDS.map((field, i) => {
    const [meaning, form] = FIELD_MEANINGS[i] ?? ["", ""];
    return `${String(i + 1).padStart(2, " ")}. ${field} : ${meaning} — ${form}`;
  });
  return [
    "Description du fichier des écritures comptables (FEC)",
    "Article A47 A-1 du livre des procédures fiscales",
    "",
    `Société : ${input.orgName}`,
    `SIREN : ${input.siren}`,
    `Exercice : du ${frenchDate(input.fiscalYear.start)} au ${frenchDate(input.fiscalYear.end)}`,
    `Fichier : ${fecFileName(input.siren, input.fiscalYear.end)}`,
    `Logiciel : ${input.software}`,
    `Nombre de lignes : ${input.lineCount} lignes d'écritures, plus la ligne d'en-tête`,
    "",
    "Forme du fichier",
    "- Fichier texte à plat : une ligne d'en-tête donnant le nom des 18 champs, puis une ligne par ligne d'écriture.",
    `- Séparateur de champs : ${separatorName} ; il n'apparaît jamais à l'intérieur d'un champ.`,
    "- Fin de ligne : CR LF (retour chariot puis saut de ligne), après chaque ligne, la dernière comprise.",
    `- Encodage des caractères : ${input.encoding}.`,
    "- Dates : AAAAMMJJ (par exemple 20250131) ; champ vide quand la date n'a pas lieu d'être.",
    "- Montants : en euros, virgule comme séparateur décimal, deux décimales, sans séparateur de milliers ni point (par exemple 1234,56) ; Débit et Crédit sont deux champs distincts.",
    "- Textes : sans tabulation, retour chariot, saut de ligne ni séparateur ; 18 champs sur chaque ligne.",
    "",
    "Champs, dans l'ordre",
    ...fields,
    "",
  ].join(FEC_LINE_END);
};
