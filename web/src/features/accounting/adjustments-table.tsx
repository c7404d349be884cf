import { Group, Stack, Table } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { useCan } from "./access.ts";
import { AdjustmentState, creditLine, debitLine } from "./adjustment-form.tsx";
import { AccountCode } from "./adjustments-editor.tsx";
import { type Adjustment, adjustmentsQuery, type FiscalYear } from "./api.ts";
import { ActionLink, SectionHead } from "./closing-ui.tsx";
import { dayColumn, entryLabelColumn } from "./columns.tsx";
import { entryPath, yearAdjustmentsPath } from "./paths.ts";
import { useDay, useMoney } from "./ui.tsx";

/** The year's adjustments on `/data`: a table, their total, and the way to enter them. */
export const AdjustmentsTable = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const day = useDay();
  const money = useMoney();
  const adjustments = useQuery(adjustmentsQuery(year.id));
  const canEnter = (can("balancesheet", "create") || can("balancesheet", "update")) && year.status === "open";
  const columns: Column<Adjustment>[] = [
    dayColumn({
      key: "date",
      header: t("adjustments.date"),
      width: 110,
      day: (adjustment) => adjustment.date,
      show: day,
      sortable: true,
    }),
    {
      key: "kind",
      header: t("adjustments.kind"),
      width: 180,
      cell: (adjustment) => t(`adjustments.kinds.${adjustment.kind}`),
    },
    entryLabelColumn({
      header: t("adjustments.label"),
      label: (adjustment) => adjustment.label,
      to: (adjustment) => entryPath(adjustment.id),
    }),
    {
      key: "debit",
      header: t("adjustments.debitShort"),
      width: 100,
      cell: (adjustment) => <AccountCode line={debitLine(adjustment)} />,
    },
    {
      key: "credit",
      header: t("adjustments.creditShort"),
      width: 100,
      cell: (adjustment) => <AccountCode line={creditLine(adjustment)} />,
    },
    {
      key: "amount",
      header: t("adjustments.amount"),
      width: 130,
      numeric: true,
      sort: (a, b) => a.amount - b.amount,
      cellProps: () => ({ "data-testid": "adjustment-amount" }),
      cell: (adjustment) => money.currency(adjustment.amount),
    },
    {
      key: "status",
      header: t("adjustments.status"),
      width: 170,
      cell: (adjustment) => (
        <Group gap={6} wrap="nowrap">
          <AdjustmentState adjustment={adjustment} />
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="adjustments">
      <SectionHead
        title={t("adjustments.title")}
        description={t("adjustments.description")}
        action={
          canEnter ? (
            <ActionLink to={yearAdjustmentsPath(year.id)} icon={<PlusIcon />} testId="adjustments-enter">
              {t("adjustments.enter")}
            </ActionLink>
          ) : null
        }
      />
      <QueryTable
        query={adjustments}
        height={120}
        errorTestId="adjustments-error"
        columns={columns}
        rowKey={(adjustment) => adjustment.id}
        rowLink={(adjustment) => entryPath(adjustment.id)}
        rowProps={(adjustment) => ({
          "data-testid": "adjustment-row",
          "data-id": adjustment.id,
          "data-status": adjustment.status,
        })}
        empty={t("adjustments.empty")}
        testId="adjustments-table"
        caption={t("adjustments.title")}
        className="acc-table"
        minWidth={900}
        footer={(data) => (
          <Table.Tr>
            <Table.Td colSpan={5}>{t("adjustments.total")}</Table.Td>
            <Table.Td className="acc-num" data-testid="adjustments-total">
              {money.currency(data.total)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        )}
      />
    </Stack>
  );
};
