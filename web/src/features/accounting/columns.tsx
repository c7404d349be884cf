import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import type { Locale } from "../../i18n/i18n.ts";
import type { Cents } from "../../lib/money.ts";
import { Amount } from "./ui.tsx";

/**
 * The columns the books' lists share (accounts, journals, entries, drafts, adjustments, years): each
 * declared once, given how to read it from a row.
 */

/** A record's code (an account's number, a journal's code), the link to it, sorted by code. */
export const codeColumn = <T,>({
  key,
  header,
  width,
  code,
  to,
}: {
  key: string;
  header: string;
  width: number;
  code: (row: T) => string;
  to: (row: T) => string;
}): Column<T> => ({
  key,
  header,
  width,
  sort: (a, b) => code(a).localeCompare(code(b)),
  cell: (row) => (
    <Link to={to(row)} className="registre-row-link acc-code">
      {code(row)}
    </Link>
  ),
});

/** A record's label in the reader's language, sorted as that language sorts. */
export const labelColumn = <T,>({
  header,
  label,
  locale,
}: {
  header: string;
  label: (row: T) => string;
  locale: Locale;
}): Column<T> => ({
  key: "label",
  header,
  sort: (a, b) => label(a).localeCompare(label(b), locale),
  cell: label,
});

/** An entry's label (or an adjustment's), the link to the entry. */
export const entryLabelColumn = <T,>({
  header,
  label,
  to,
}: {
  header: string;
  label: (row: T) => string;
  to: (row: T) => string;
}): Column<T> => ({
  key: "label",
  header,
  cell: (row) => (
    <Link to={to(row)} className="registre-row-link acc-label-link">
      {label(row)}
    </Link>
  ),
});

/** A day as figures (« — » when there is none); sorted when `sortable`. */
export const dayColumn = <T,>({
  key,
  header,
  width,
  day,
  show,
  sortable = false,
}: {
  key: string;
  header: string;
  width: number;
  day: (row: T) => string | null;
  /** How the reader writes a day (the screens' `useDay`). */
  show: (day: string | null) => string;
  sortable?: boolean;
}): Column<T> => ({
  key,
  header,
  width,
  ...(sortable && { sort: (a: T, b: T) => (day(a) ?? "").localeCompare(day(b) ?? "") }),
  cellProps: () => ({ className: "registre-numeric" }),
  cell: (row) => show(day(row)),
});

/** A journal's code as a column of entries (« BQ »); sorted when `sortable`. */
export const journalColumn = <T,>({
  header,
  width,
  journal,
  sortable = false,
}: {
  header: string;
  width: number;
  journal: (row: T) => string;
  sortable?: boolean;
}): Column<T> => ({
  key: "journal",
  header,
  width,
  ...(sortable && { sort: (a: T, b: T) => journal(a).localeCompare(journal(b)) }),
  cellProps: () => ({ className: "acc-code" }),
  cell: journal,
});

/** A debit or a credit: figures on the right, blank for zero; sorted when `sortable`. */
export const amountColumn = <T,>({
  key,
  header,
  width,
  cents,
  sortable = false,
}: {
  key: string;
  header: string;
  width: number;
  cents: (row: T) => Cents;
  sortable?: boolean;
}): Column<T> => ({
  key,
  header,
  width,
  numeric: true,
  ...(sortable && { sort: (a: T, b: T) => cents(a) - cents(b) }),
  cell: (row) => <Amount cents={cents(row)} blankZero />,
});
