/**
 * Names as duplicates are found and auxiliary codes made: case and accents folded, punctuation
 * dropped, and the words of a legal form (SARL, SAS, GmbH…) left out, so "Atelier Dupont SARL" and
 * "ATELIER DUPONT" are one name.
 */

/**
 * French legal forms, and the common foreign ones, as words once dots are dropped ("S.A.R.L." ->
 * "sarl"). "Société" and "Cie" stay: they are part of names ("Société générale", "Dupont et Cie").
 */
export const legalFormWords: ReadonlySet<string> = new Set([
  "sarl",
  "sarlu",
  "eurl",
  "sa",
  "sas",
  "sasu",
  "sci",
  "snc",
  "scs",
  "sca",
  "scop",
  "scp",
  "scic",
  "sem",
  "selarl",
  "selas",
  "selafa",
  "gie",
  "gaec",
  "earl",
  "ei",
  "eirl",
  "sep",
  "gmbh",
  "ag",
  "ltd",
  "llc",
  "llp",
  "plc",
  "inc",
  "corp",
  "bv",
  "nv",
  "srl",
  "spa",
  "sl",
]);

/** Lower case, no accents, letters and digits in words separated by one space. */
export const foldName = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    // "S.A.R.L." and "s.a.s" are one word; a dot between words ("Dupont.Martin") is not lost either.
    .replace(/(?<=\p{L})\.(?=\p{L}\b|\p{L}\.)/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The name to compare: folded, without the words of a legal form (unless nothing else is left).
 * Idempotent: normalising a normalised name changes nothing.
 */
export const normaliseContactName = (name: string): string => {
  const words = foldName(name).split(" ").filter(Boolean);
  const kept = words.filter((word) => !legalFormWords.has(word));
  return (kept.length > 0 ? kept : words).join(" ");
};
