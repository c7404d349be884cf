/**
 * How many matches a list counts at most: past its cap the answer says `capped` (« 1 000+ »), so that a
 * short search over a large organisation does not count every match on each key typed. The schemas
 * describe them, the queries apply them.
 */

/** The contacts list (beyond: `capped`). */
export const CONTACT_COUNT_CAP = 1000;

/** The documents list (beyond: `capped`, the totals those of the first ones). */
export const DOCUMENT_COUNT_CAP = 1000;

/** The entries list's text search (beyond: `capped`, the sums those of the newest matches). */
export const SEARCH_COUNT_CAP = 1000;
