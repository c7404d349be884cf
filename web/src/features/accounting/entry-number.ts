/**
 * An entry's number as read: its journal's code, a hyphen, its sequence — « BQ1-000075 » for the 75th
 * entry of journal BQ1, stored « BQ1000075 » (the core's `entryNumber`: the code, then the sequence on
 * six digits or more). For display only: the number stored, searched and exported (the FEC's EcritureNum)
 * stays the one without a separator. Given the entry's journal, the split is exact; without it the
 * sequence is the last six digits (any sequence below a million). Another shape is shown as it is.
 */
export const entryNumberText = (number: string, journal?: string | null): string => {
  if (journal && number.length > journal.length && number.startsWith(journal)) {
    const sequence = number.slice(journal.length);
    if (/^\d{6,}$/.test(sequence)) return `${journal}-${sequence}`;
  }
  const split = /^([A-Z0-9]+?)(\d{6})$/.exec(number);
  return split ? `${split[1]}-${split[2]}` : number;
};

/**
 * The text the entries' search sends: an entry's number typed as read (« BQ1-000075 », « bq1 000075 »),
 * its prefix one of the organisation's journals, becomes the stored number; any other text is sent as
 * typed (a piece reference « F2026-000123 » stays one).
 */
export const entrySearchText = (q: string, journals: readonly string[]): string => {
  const typed = /^([A-Za-z0-9]{1,6})[-\s](\d{6,})$/.exec(q.trim());
  const journal = typed?.[1]?.toUpperCase();
  return typed && journal && journals.includes(journal) ? `${journal}${typed[2]}` : q;
};
