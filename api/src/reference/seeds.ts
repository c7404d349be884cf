import { createRequire } from "node:module";
import type { ReferenceEntry, ReferenceKind } from "@registre/core";
import nafCodes from "@socialgouv/codes-naf";
import countries from "i18n-iso-countries";

/**
 * The seeds of the platform's reference lists, recorded whole in each list's first event. Countries
 * come from i18n-iso-countries (ISO 3166-1 alpha-2, French and English names), activities from
 * @socialgouv/codes-naf (INSEE's NAF rév. 2, its 732 sous-classes; French labels only, so `labelEn`
 * is empty and the French label is shown).
 */
const require = createRequire(import.meta.url);
countries.registerLocale(require("i18n-iso-countries/langs/fr.json"));
countries.registerLocale(require("i18n-iso-countries/langs/en.json"));

const entry = (code: string, label: string, labelEn: string): ReferenceEntry => ({ code, label, labelEn });

/** UN/ECE Recommendation 20 codes an invoice line commonly carries (EN 16931, Factur-X). */
const units: ReferenceEntry[] = [
  entry("C62", "pièce (unité)", "piece (unit)"),
  entry("H87", "pièce", "piece"),
  entry("EA", "chaque", "each"),
  entry("LS", "forfait", "lump sum"),
  entry("SET", "lot", "set"),
  entry("PR", "paire", "pair"),
  entry("XPK", "colis", "package"),
  entry("XBX", "boîte", "box"),
  entry("XPA", "paquet", "packet"),
  entry("XRO", "rouleau", "roll"),
  entry("MIN", "minute", "minute"),
  entry("HUR", "heure", "hour"),
  entry("DAY", "jour", "day"),
  entry("WEE", "semaine", "week"),
  entry("MON", "mois", "month"),
  entry("ANN", "année", "year"),
  entry("GRM", "gramme", "gram"),
  entry("KGM", "kilogramme", "kilogram"),
  entry("TNE", "tonne", "tonne"),
  entry("MMT", "millimètre", "millimetre"),
  entry("CMT", "centimètre", "centimetre"),
  entry("MTR", "mètre", "metre"),
  entry("KMT", "kilomètre", "kilometre"),
  entry("MTK", "mètre carré", "square metre"),
  entry("HAR", "hectare", "hectare"),
  entry("MTQ", "mètre cube", "cubic metre"),
  entry("MLT", "millilitre", "millilitre"),
  entry("CLT", "centilitre", "centilitre"),
  entry("LTR", "litre", "litre"),
  entry("KWH", "kilowattheure", "kilowatt hour"),
  entry("E48", "service", "service unit"),
  entry("P1", "pour cent", "percent"),
];

/** Occupations often given to a contact (a short, editable list: the spec names none). */
const jobs: ReferenceEntry[] = [
  entry("GERANT", "Gérant", "Managing director"),
  entry("PRESIDENT", "Président", "Chairman"),
  entry("DG", "Directeur général", "Chief executive officer"),
  entry("DAF", "Directeur administratif et financier", "Chief financial officer"),
  entry("COMPTABLE", "Comptable", "Accountant"),
  entry("EXPERT-COMPTABLE", "Expert-comptable", "Chartered accountant"),
  entry("COMMISSAIRE", "Commissaire aux comptes", "Statutory auditor"),
  entry("ACHETEUR", "Acheteur", "Buyer"),
  entry("COMMERCIAL", "Commercial", "Sales representative"),
  entry("ASSISTANT", "Assistant de direction", "Executive assistant"),
  entry("RH", "Responsable des ressources humaines", "Human resources manager"),
  entry("TECHNICIEN", "Technicien", "Technician"),
  entry("INGENIEUR", "Ingénieur", "Engineer"),
  entry("ARTISAN", "Artisan", "Craftsman"),
  entry("AVOCAT", "Avocat", "Lawyer"),
  entry("NOTAIRE", "Notaire", "Notary"),
  entry("CONSULTANT", "Consultant", "Consultant"),
  entry("SECRETAIRE", "Secrétaire", "Secretary"),
];

/** The head-office BICs of the main French banking groups. */
const bics: ReferenceEntry[] = [
  entry("BNPAFRPP", "BNP Paribas", "BNP Paribas"),
  entry("SOGEFRPP", "Société Générale", "Société Générale"),
  entry("AGRIFRPP", "Crédit Agricole", "Crédit Agricole"),
  entry("CRLYFRPP", "LCL - Le Crédit Lyonnais", "LCL - Le Crédit Lyonnais"),
  entry("CCBPFRPP", "Banque Populaire (BPCE)", "Banque Populaire (BPCE)"),
  entry("CEPAFRPP", "Caisse d'Épargne (BPCE)", "Caisse d'Épargne (BPCE)"),
  entry("CMCIFRPP", "Crédit Mutuel - CIC", "Crédit Mutuel - CIC"),
  entry("CMCIFR2A", "Crédit Mutuel", "Crédit Mutuel"),
  entry("PSSTFRPP", "La Banque Postale", "La Banque Postale"),
  entry("CCFRFRPP", "HSBC Continental Europe", "HSBC Continental Europe"),
  entry("BOUSFRPP", "Boursorama (BoursoBank)", "Boursorama (BoursoBank)"),
  entry("AXABFRPP", "AXA Banque", "AXA Bank"),
  entry("CDCGFRPP", "Caisse des Dépôts et Consignations", "Caisse des Dépôts et Consignations"),
  entry("BDFEFRPP", "Banque de France", "Banque de France"),
  entry("QNTOFRP1", "Qonto", "Qonto"),
  entry("SHNBFRP1", "Shine", "Shine"),
];

const countryList = (): ReferenceEntry[] =>
  Object.keys(countries.getAlpha2Codes())
    .sort()
    .map((code) => entry(code, countries.getName(code, "fr") ?? code, countries.getName(code, "en") ?? code));

const activities = (): ReferenceEntry[] =>
  (nafCodes as readonly { id: string; label: string }[])
    .filter((naf) => /^\d{2}\.\d{2}[A-Z]$/.test(naf.id))
    .map((naf) => entry(naf.id, naf.label, ""));

/** The list a kind starts from. */
export const referenceSeed = (kind: ReferenceKind): readonly ReferenceEntry[] => {
  switch (kind) {
    case "units":
      return units;
    case "countries":
      return countryList();
    case "activities":
      return activities();
    case "jobs":
      return jobs;
    case "bics":
      return bics;
    default:
      return kind satisfies never;
  }
};
