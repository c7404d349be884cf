import "./accounting.css";
import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableFrame } from "../../components/data-table.tsx";
import { NoAccess as KitNoAccess } from "../../components/no-access.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { type Cents, formatCents } from "../../lib/money.ts";
import type { Account, EntryStatus, EntrySummary, Journal } from "./api.ts";
import { entryNumberText } from "./entry-number.ts";

export { ConfirmModal, DeleteModal } from "../../components/confirm-modal.tsx";
export { EmptyRow } from "../../components/data-table.tsx";
export { QueryView } from "../../components/query-view.tsx";

/** The amount formatters of the interface language. */
export const useMoney = () => {
  const { locale } = useFormat();
  return {
    locale,
    /** « 1 234,56 »; blank for zero when `blankZero`. */
    format: (cents: Cents, options: { blankZero?: boolean } = {}) =>
      options.blankZero && cents === 0 ? "" : formatCents(cents, locale),
    currency: (cents: Cents) => formatCents(cents, locale, { currency: true }),
  };
};

/** An account's label in the interface language (the French one when no English label exists). */
export const accountLabel = (account: Pick<Account, "label" | "labelEn">, locale: Locale): string =>
  locale === "en" && account.labelEn ? account.labelEn : account.label.replaceAll("'", "\u2019");

export type AccountChoice = { value: string; label: string };

/**
 * The chart as account pickers offer it: the open general accounts, and the open auxiliary accounts
 * of each collective one; a closed account only when `keep` names it (a draft written before it was
 * closed), marked closed, so that it shows as it is.
 */
export const accountChoices = (
  accounts: readonly Account[],
  locale: Locale,
  closedWord: string,
  keep: ReadonlySet<string> = new Set(),
) => {
  const offered = accounts.filter((a) => !a.closed || keep.has(a.number));
  const option = (a: Account): AccountChoice => ({
    value: a.number,
    label: `${a.number} · ${accountLabel(a, locale)}${a.closed ? ` (${closedWord})` : ""}`,
  });
  const auxiliariesOf = new Map<string, AccountChoice[]>();
  for (const a of offered) {
    if (a.kind !== "auxiliary" || !a.control) continue;
    auxiliariesOf.set(a.control, [...(auxiliariesOf.get(a.control) ?? []), option(a)]);
  }
  return {
    byNumber: new Map(accounts.map((a) => [a.number, a])),
    general: offered.filter((a) => a.kind === "general").map(option),
    auxiliariesOf,
  };
};

export const journalLabel = (journal: Pick<Journal, "label" | "labelEn">, locale: Locale): string =>
  locale === "en" && journal.labelEn ? journal.labelEn : journal.label;

/** A figure of a table: right-aligned, tabular; negative in red with its sign. */
export const Amount = ({ cents, blankZero = false }: { cents: Cents; blankZero?: boolean }) => {
  const money = useMoney();
  if (blankZero && cents === 0) return null;
  return <span className={cents < 0 ? "acc-negative" : undefined}>{money.format(cents)}</span>;
};

export const AmountTd = ({
  cents,
  blankZero = true,
  ...props
}: { cents: Cents; blankZero?: boolean } & Omit<React.ComponentProps<typeof Table.Td>, "children">) => (
  <Table.Td className="acc-num" {...props}>
    <Amount cents={cents} blankZero={blankZero} />
  </Table.Td>
);

/** The head of a column of figures: right-aligned, as its cells (in any table, not only the books'). */
export const AmountTh = ({ w, children }: { w: number; children: ReactNode }) => (
  <Table.Th w={w} ta="right" className="acc-num">
    {children}
  </Table.Th>
);

/** The heads of a debit and a credit column, each `w` wide. */
export const DebitCreditTh = ({ w }: { w: number }) => {
  const { t } = useTranslation("accounting");
  return (
    <>
      <AmountTh w={w}>{t("common.debit")}</AmountTh>
      <AmountTh w={w}>{t("common.credit")}</AmountTh>
    </>
  );
};

/** A signed balance shown the accountant's way: « 1 234,56 D » or « 1 234,56 C ». */
export const Balance = ({ cents }: { cents: Cents }) => {
  const { t } = useTranslation("accounting");
  const money = useMoney();
  if (cents === 0) return <span className="acc-muted">{money.format(0)}</span>;
  return (
    <span>
      {money.format(Math.abs(cents))}
      {"\u00a0"}
      <Text span size="xs" c="dimmed" fw={600}>
        {cents > 0 ? t("common.debitShort") : t("common.creditShort")}
      </Text>
    </span>
  );
};

/** A dense table of the books in its card (the kit's frame: sticky header, sideways scroll when narrow). */
export const BookTable = ({
  children,
  minWidth = 720,
  testId,
  caption,
  highlight = true,
}: {
  children: ReactNode;
  minWidth?: number;
  testId?: string;
  caption?: string;
  highlight?: boolean;
}) => (
  <TableFrame
    className="acc-table"
    minWidth={minWidth}
    testId={testId}
    caption={caption}
    highlight={highlight}
  >
    {children}
  </TableFrame>
);

/** The screen of someone without the right to read it. */
export const NoAccess = () => <KitNoAccess testId="accounting-no-access" />;

/** The entry's number once validated; a draft has none yet. */
export const EntryNumber = ({
  entry,
}: {
  entry: Pick<EntrySummary, "number" | "status"> & Partial<Pick<EntrySummary, "journal">>;
}) => {
  const { t } = useTranslation("accounting");
  return entry.number ? (
    <span className="acc-code registre-numeric" data-testid="entry-number">
      {entryNumberText(entry.number, entry.journal)}
    </span>
  ) : (
    <Text span size="xs" c="dimmed" fs="italic">
      {t("entries.noNumber")}
    </Text>
  );
};

export const EntryStatusBadge = ({ status }: { status: EntryStatus }) => {
  const { t } = useTranslation("accounting");
  return (
    <Tag color={status === "validated" ? "teal" : "orange"} size="sm" data-testid="entry-status">
      {t(`entries.status.${status}`)}
    </Tag>
  );
};

/** A definition list of a record's fields. */
export const Fields = ({ items }: { items: { label: string; value: ReactNode }[] }) => (
  <dl className="acc-dl">
    {items.map((item) => (
      <div key={item.label} style={{ display: "contents" }}>
        <dt>{item.label}</dt>
        <dd>{item.value}</dd>
      </div>
    ))}
  </dl>
);

/** Today in Paris, as the API counts days (see lib/day.ts). */
export { today } from "../../lib/day.ts";

/** A calendar day "2026-05-12" shown in the interface language, without time-zone drift. */
export const useDay = () => {
  const format = useFormat();
  return (day: string | null | undefined): string => (day ? format.shortDate(day) : "—");
};

/** The icons of the accounting screens, from the kit. */
export {
  DownloadIcon,
  EditIcon,
  LinkIcon,
  LockIcon,
  ReverseIcon,
  TrashIcon,
} from "../../components/icons.tsx";
