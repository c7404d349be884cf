import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import type { Locale } from "../../i18n/i18n.ts";
import type { Cents } from "../../lib/money.ts";
import { Amount } from "./ui.tsx";

/**
 * The columns the books' lists share (accounts, journals, entries, drafts, adjustments, years): each
 * declared once, given how to read it from a row.
 */

/** A cell that links a row to its page (the row's first link: the row opens it too). */
const linkCell =
  <T,>(text: (row: T) => string, to: (row: T) => string, className: string) =>
  (row: T) => (
    <Link to={to(row)} className={`registre-row-link ${className}`}>
      {text(row)}
    </Link>
  );

/**
 * A record's code (an account's number, a journal's code) linking to it, sorted by code, then its
 * label in the reader's language, sorted as that language sorts.
 */
export const codeLabelColumns = <T,>({
  code,
  label,
  to,
  locale,
}: {
  code: { key: string; header: string; width: number; text: (row: T) => string };
  label: { header: string; text: (row: T) => string };
  to: (row: T) => string;
  locale: Locale;
}): Column<T>[] => [
  {
    key: code.key,
    header: code.header,
    width: code.width,
    sort: (a, b) => code.text(a).localeCompare(code.text(b)),
    cell: linkCell(code.text, to, "acc-code"),
  },
  {
    key: "label",
    header: label.header,
    sort: (a, b) => label.text(a).localeCompare(label.text(b), locale),
    cell: label.text,
  },
];

/** An entry's label (or an adjustment's), the link to the entry. */
export const entryLabelColumn = <T,>({
  header,
  label,
  to,
}: {
  header: string;
  label: (row: T) => string;
  to: (row: T) => string;
}): Column<T> => ({ key: "label", header, cell: linkCell(label, to, "acc-label-link") });

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
