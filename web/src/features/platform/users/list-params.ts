/** Rows per page of the platform's user list. */
export const usersPageSize = 20;

/** The state of the user list that lives in the address bar: the search and the page (from 1). */
export type UsersListParams = { q: string; page: number };

/** Reads `?q=&page=` leniently: a missing, blank or nonsensical page is the first one. */
export const readUsersListParams = (search: URLSearchParams): UsersListParams => {
  const q = (search.get("q") ?? "").trim();
  const page = Number.parseInt(search.get("page") ?? "", 10);
  return { q, page: Number.isFinite(page) && page >= 1 ? page : 1 };
};

/** The address-bar form of the list state, without the defaults (no `q` when blank, no `page=1`). */
export const writeUsersListParams = ({ q, page }: UsersListParams): URLSearchParams => {
  const search = new URLSearchParams();
  if (q.trim() !== "") search.set("q", q.trim());
  if (page > 1) search.set("page", String(page));
  return search;
};

/** The API query string of a page of the list: `?q=…&limit=…&offset=…`. */
export const usersApiQuery = ({ q, page }: UsersListParams, limit = usersPageSize): string => {
  const search = new URLSearchParams();
  if (q !== "") search.set("q", q);
  search.set("limit", String(limit));
  search.set("offset", String((Math.max(1, page) - 1) * limit));
  return `?${search.toString()}`;
};

/** The number of pages for a total, at least one so that an empty list still has a page. */
export const pageCount = (total: number, limit = usersPageSize): number =>
  Math.max(1, Math.ceil(total / limit));

/** The 1-based positions of the first and last rows shown on a page, e.g. 21–40 of 45. */
export const pageRange = (
  page: number,
  total: number,
  limit = usersPageSize,
): { from: number; to: number } =>
  total === 0 ? { from: 0, to: 0 } : { from: (page - 1) * limit + 1, to: Math.min(total, page * limit) };
