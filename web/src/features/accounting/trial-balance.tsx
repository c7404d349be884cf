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
import { AmountTd, accountLabel, BookTable, DownloadIcon, EmptyRow } from "./ui.tsx";

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

const ClassTotalRow = ({ group }: { group: BalanceGroup }) => {
  const { t } = useTranslation("accounting");
  return (
    <Table.Tr className="acc-subtotal-row" data-testid="balance-class-total">
      <Table.Td colSpan={2}>{t("balance.classTotal", { cls: group.cls })}</Table.Td>
      <AmountTd cents={sumCents(group.rows, (r) => r.debit)} blankZero={false} />
      <AmountTd cents={sumCents(group.rows, (r) => r.credit)} blankZero={false} />
      <AmountTd cents={sumCents(group.rows, (r) => r.balanceDebit)} blankZero={false} />
      <AmountTd cents={sumCents(group.rows, (r) => r.balanceCredit)} blankZero={false} />
    </Table.Tr>
  );
};

/** The CSV of a trial balance: decimal amounts with the language's mark, as spreadsheets read them. */
const balanceCsv = (
  balance: Omit<TrialBalance, "start" | "end">,
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
  balance: Omit<TrialBalance, "start" | "end">;
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
            <Table.Th w={130} className="acc-num">
              {t("common.debit")}
            </Table.Th>
            <Table.Th w={130} className="acc-num">
              {t("common.credit")}
            </Table.Th>
            <Table.Th w={130} className="acc-num">
              {t("common.debit")}
            </Table.Th>
            <Table.Th w={130} className="acc-num">
              {t("common.credit")}
            </Table.Th>
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
              {byClass ? <ClassTotalRow group={group} /> : null}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={2}>{t("balance.grandTotal")}</Table.Td>
            <AmountTd cents={balance.totals.debit} blankZero={false} data-testid="balance-total-debit" />
            <AmountTd cents={balance.totals.credit} blankZero={false} data-testid="balance-total-credit" />
            <AmountTd cents={balance.totals.balanceDebit} blankZero={false} />
            <AmountTd cents={balance.totals.balanceCredit} blankZero={false} />
          </Table.Tr>
        </Table.Tfoot>
      </BookTable>
    </Stack>
  );
};
