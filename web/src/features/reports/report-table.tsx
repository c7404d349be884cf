import { Anchor, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { contactPath } from "../contacts/paths.ts";
import { itemPath } from "../items/paths.ts";
import { useReportFormat } from "./format.ts";
import type { ManagementReport, ReportRow } from "./model.ts";

/** The first column's title: the customer, the supplier, the item or the month. */
export const useSubjectTitle = () => {
  const { t } = useTranslation("accounting");
  return (report: ManagementReport) => {
    if (report.subject === "month") return t("management.month");
    if (report.subject === "item") return t("management.item");
    return report.type === "purchases-by-supplier" || report.type === "aged-payables"
      ? t("management.supplier")
      : t("management.customer");
  };
};

/** A contact's or an item's page, when the row is one. */
const rowTarget = (report: ManagementReport, row: ReportRow): string | null => {
  if (!row.key) return null;
  if (report.subject === "contact") return contactPath(row.key);
  if (report.subject === "item") return itemPath(row.key);
  return null;
};

/** A report as a table: one row per line, its name linked to the contact or item, the totals at its foot. */
export const ReportTable = ({
  report,
  caption,
  id,
}: {
  report: ManagementReport;
  caption: string;
  id: string;
}) => {
  const { t } = useTranslation("accounting");
  const { value, label } = useReportFormat();
  const subject = useSubjectTitle();
  const columns = report.columns;
  return (
    <div id={id}>
      <TableFrame testId="report-table" caption={caption} minWidth={180 + columns.length * 96}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{subject(report)}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key} ta="right" data-column={c.key}>
                {t(`management.columns.${c.key}`, { defaultValue: c.key })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.length === 0 ? (
            <EmptyRow colSpan={columns.length + 1}>{t("management.empty")}</EmptyRow>
          ) : null}
          {report.rows.map((row) => {
            const to = rowTarget(report, row);
            const name = label(report, row);
            return (
              <Table.Tr key={row.key ?? "none"} data-testid="report-row">
                <Table.Td>
                  {to ? (
                    <Anchor component={Link} to={to} size="sm" data-testid="report-row-link">
                      {name}
                    </Anchor>
                  ) : (
                    name
                  )}
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta="right" className="registre-numeric" data-column={c.key}>
                    {value(c.kind, row.values[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="report-totals">
            <Table.Th>{t("management.total")}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key} ta="right" className="registre-numeric" data-column={c.key}>
                {value(c.kind, report.totals[c.key])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </TableFrame>
    </div>
  );
};
