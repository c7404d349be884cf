import { Button, Checkbox, Group, Stack, Table } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { centsToDecimal, sumCents } from "../../lib/money.ts";
import { saveCsv } from "./access.ts";
import { chartQuery, type TrialBalance, type TrialBalanceRow } from "./api.ts";
import { accountPath, ledgerPath } from "./paths.ts";
import { AmountTd, accountLabel, BookTable, DebitCreditTh, DownloadIcon, EmptyRow } from "./ui.tsx";

type BalanceGroup = { cls: string; rows: TrialBalanceRow[] };

const groupByClass = (rows: readonly TrialBalanceRow[]): BalanceGroup[] => {
  const groups: BalanceGroup[] = [];
  for (const row of rows) {
    const cls = row.account.charAt(0);
    const last = groups.at(-1);
    if (last && last.cls === cls) last.rows.push(row);
    else groups.push({ cls, rows: [row] });
  }
  return groups;
};

type Totals = Pick<TrialBalanceRow, "debit" | "credit" | "balanceDebit" | "balanceCredit">;

const totalsOf = (rows: readonly TrialBalanceRow[]): Totals => ({
  debit: sumCents(rows, (r) => r.debit),
  credit: sumCents(rows, (r) => r.credit),
  balanceDebit: sumCents(rows, (r) => r.balanceDebit),
  balanceCredit: sumCents(rows, (r) => r.balanceCredit),
});

/** A line of totals: a class's, or the whole balance's (whose debit and credit tests read). */
const TotalRow = ({
  label,
  totals,
  className,
  testId,
  grand = false,
}: {
  label: string;
  totals: Totals;
  className?: string;
  testId?: string;
  grand?: boolean;
}) => (
  <Table.Tr className={className} data-testid={testId}>
    <Table.Td colSpan={2}>{label}</Table.Td>
    <AmountTd
      cents={totals.debit}
      blankZero={false}
      data-testid={grand ? "balance-total-debit" : undefined}
    />
    <AmountTd
      cents={totals.credit}
      blankZero={false}
      data-testid={grand ? "balance-total-credit" : undefined}
    />
    <AmountTd cents={totals.balanceDebit} blankZero={false} />
    <AmountTd cents={totals.balanceCredit} blankZero={false} />
  </Table.Tr>
);

/** The CSV of a trial balance: decimal amounts with the language's mark, as spreadsheets read them. */
const balanceCsv = (
  balance: Pick<TrialBalance, "rows" | "totals">,
  locale: Locale,
  head: string[],
  label: (row: TrialBalanceRow) => string,
  totalLabel: string,
) => {
  const amount = (cents: number) => {
    const text = centsToDecimal(cents);
    return locale === "fr" ? text.replace(".", ",") : text;
  };
  return [
    head,
    ...balance.rows.map((r) => [
      r.account,
      label(r),
      amount(r.debit),
      amount(r.credit),
      amount(r.balanceDebit),
      amount(r.balanceCredit),
    ]),
    [
      "",
      totalLabel,
      amount(balance.totals.debit),
      amount(balance.totals.credit),
      amount(balance.totals.balanceDebit),
      amount(balance.totals.balanceCredit),
    ],
  ];
};

/** The balance générale: movements and balances per account, class subtotals, totals, CSV. */
export const TrialBalanceTable = ({
  balance,
  fileName,
  range,
  provisional = false,
}: {
  balance: Pick<TrialBalance, "rows" | "totals">;
  fileName: string;
  range?: { start: string; end: string };
  /** The balance counts the provisional opening entries: so does the ledger an account opens. */
  provisional?: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const [byClass, setByClass] = useState(true);
  // The report carries the French labels; the chart has both.
  const chart = useQuery(chartQuery());
  const accounts = new Map((chart.data?.items ?? []).map((a) => [a.number, a]));
  const labelOf = (row: TrialBalanceRow) => {
    const account = accounts.get(row.account);
    return account ? accountLabel(account, locale) : row.label;
  };
  const groups = groupByClass(balance.rows);
  const head = [
    t("balance.account"),
    t("balance.label"),
    t("balance.movementDebit"),
    t("balance.movementCredit"),
    t("balance.balanceDebit"),
    t("balance.balanceCredit"),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Checkbox
          label={t("balance.byClass")}
          checked={byClass}
          onChange={(event) => setByClass(event.currentTarget.checked)}
        />
        <Button
          variant="default"
          size="xs"
          leftSection={<DownloadIcon />}
          onClick={() =>
            saveCsv(fileName, balanceCsv(balance, locale, head, labelOf, t("balance.grandTotal")))
          }
          disabled={balance.rows.length === 0}
          data-testid="balance-csv"
        >
          {t("balance.csv")}
        </Button>
      </Group>
      <BookTable testId="trial-balance" caption={t("balance.title")} minWidth={860}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2} w={120}>
              {t("balance.account")}
            </Table.Th>
            <Table.Th rowSpan={2}>{t("balance.label")}</Table.Th>
            <Table.Th colSpan={2} ta="center">
              {t("balance.movements")}
            </Table.Th>
            <Table.Th colSpan={2} ta="center">
              {t("balance.balances")}
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            <DebitCreditTh w={130} />
            <DebitCreditTh w={130} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balance.rows.length === 0 ? <EmptyRow colSpan={6}>{t("balance.empty")}</EmptyRow> : null}
          {groups.map((group) => (
            <Fragment key={group.cls}>
              {group.rows.map((row) => (
                <Table.Tr key={row.account} data-testid="balance-row">
                  <Table.Td>
                    <Link
                      to={ledgerPath({ account: row.account, ...(range ?? {}), provisional })}
                      className="registre-row-link acc-code"
                      title={t("balance.openLedger")}
                    >
                      {row.account}
                    </Link>
                  </Table.Td>
                  <Table.Td>
                    <Link to={accountPath(row.account)} className="registre-row-link acc-label-link">
                      {labelOf(row)}
                    </Link>
                  </Table.Td>
                  <AmountTd cents={row.debit} />
                  <AmountTd cents={row.credit} />
                  <AmountTd cents={row.balanceDebit} />
                  <AmountTd cents={row.balanceCredit} />
                </Table.Tr>
              ))}
              {byClass ? (
                <TotalRow
                  label={t("balance.classTotal", { cls: group.cls })}
                  totals={totalsOf(group.rows)}
                  className="acc-subtotal-row"
                  testId="balance-class-total"
                />
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <TotalRow label={t("balance.grandTotal")} totals={balance.totals} grand />
        </Table.Tfoot>
      </BookTable>
    </Stack>
  );
};
