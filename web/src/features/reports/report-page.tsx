import { Alert, Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { DownloadIcon } from "../../components/icons.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { reportsPath } from "../accounting/paths.ts";
import { isDay, PeriodFields, useReportParams, useYears } from "../accounting/report-frame.tsx";
import { useYearName } from "../accounting/years-pages.tsx";
import { PageHeader } from "../org/page-header.tsx";
import { downloadReport, type ReportPeriod, reportQuery } from "./api.ts";
import { useReportFormat } from "./format.ts";
import {
  type ExportFormat,
  exportFormats,
  isAged,
  isReportType,
  ledgerBeside,
  type ManagementReport,
  type ReportType,
  reportPath,
  reportTypes,
  rightOfReport,
} from "./model.ts";
import { ReportChart } from "./report-chart.tsx";
import { ReportTable } from "./report-table.tsx";

/** CSV, XLSX and PDF of the report shown, fetched with the session's token and saved. */
const ExportButtons = ({ type, period }: { type: ReportType; period: ReportPeriod }) => {
  const { t } = useTranslation("accounting");
  const download = useMutation({
    mutationFn: (format: ExportFormat) => downloadReport(type, period, format),
  });
  return (
    <Stack gap={6} align="flex-end">
      <Group gap="xs">
        {exportFormats.map((format) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            leftSection={<DownloadIcon />}
            loading={download.isPending && download.variables === format}
            onClick={() => download.mutate(format)}
            data-testid={`report-export-${format}`}
          >
            {t(`management.export.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError ? <ErrorAlert error={download.error} testId="report-export-error" /> : null}
    </Stack>
  );
};

/**
 * Under an aged balance, to a member who may read the books: the third-party accounts' balance at its
 * day, and what they hold besides the invoices (as the dashboard's aged card), or that they agree.
 */
const LedgerLine = ({ report }: { report: ManagementReport }) => {
  const { t } = useTranslation("accounting");
  const { money } = useReportFormat();
  const beside = ledgerBeside(report);
  if (!beside) return null;
  const side = report.type === "aged-payables" ? "payables" : "receivables";
  return (
    <Text size="sm" data-testid="report-ledger" data-agrees={beside.difference === 0}>
      {beside.difference === 0
        ? t(`management.ledger.${side}.agrees`, { ledger: money(beside.ledger) })
        : t(`management.ledger.${side}.outside`, {
            ledger: money(beside.ledger),
            difference: money(beside.difference),
          })}
    </Text>
  );
};

/**
 * `/org/accounting/reports/{report}`: a management report (sales by customer, item or month, purchases by
 * supplier, margin by item, aged receivables and payables) over a period kept in the address — the current
 * fiscal year unless another is picked — as a chart and a table with its totals, and its files.
 */
export const ManagementReportPage = () => {
  const { t } = useTranslation("accounting");
  const { report: param } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const { params, set } = useReportParams();
  const yearName = useYearName();
  const { items: years, allowed: yearsAllowed } = useYears();
  const { money } = useReportFormat();
  const tableId = useId();
  const type: ReportType = isReportType(param) ? param : "sales-by-customer";
  const aged = isAged(type);
  const from = params.get("from");
  const to = params.get("to");
  const period: ReportPeriod = aged
    ? { to: isDay(to) ? to : undefined }
    : { from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined };
  const invalid = period.from !== undefined && period.to !== undefined && period.to < period.from;
  const allowed = can(session, rightOfReport(type), "read");
  const report = useQuery({ ...reportQuery(type, period), enabled: allowed && !invalid });
  const title = t(`management.types.${type}.title`);
  if (!isReportType(param) || !allowed)
    return <NoAccessPage title={title} crumbs={[{ to: reportsPath, label: t("reports.title") }]} />;
  const shown = report.data;
  const year = years.find(
    (y) => y.start === (period.from ?? shown?.from) && y.end === (period.to ?? shown?.to),
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={t(`management.types.${type}.description`)}
        crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        actions={
          <ExportButtons
            type={type}
            period={shown ? (aged ? { to: shown.to } : { from: shown.from, to: shown.to }) : period}
          />
        }
      />
      <Paper p="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={t("management.report")}
            data={reportTypes
              .filter((r) => can(session, rightOfReport(r), "read"))
              .map((r) => ({ value: r, label: t(`management.types.${r}.title`) }))}
            value={type}
            onChange={(next) => {
              if (next && isReportType(next)) navigate(reportPath(next, aged === isAged(next) ? period : {}));
            }}
            allowDeselect={false}
            w={240}
            data-testid="report-select"
          />
          {aged ? (
            <DateField
              label={t("management.asOf")}
              value={period.to ?? shown?.to ?? ""}
              onChange={(day) => set({ to: day })}
              w={170}
            />
          ) : (
            <>
              {yearsAllowed && years.length > 0 ? (
                <Select
                  label={t("reports.year")}
                  placeholder={t("management.customPeriod")}
                  data={[...years].reverse().map((y) => ({ value: y.id, label: yearName(y) }))}
                  value={year?.id ?? null}
                  onChange={(id) => {
                    const picked = years.find((y) => y.id === id);
                    if (picked) set({ from: picked.start, to: picked.end });
                  }}
                  allowDeselect={false}
                  w={200}
                  data-testid="report-year"
                />
              ) : null}
              <PeriodFields
                start={period.from ?? shown?.from ?? ""}
                end={period.to ?? shown?.to ?? ""}
                onChange={(change) =>
                  set(
                    "start" in change
                      ? { from: change.start, to: period.to ?? shown?.to ?? null }
                      : { from: period.from ?? shown?.from ?? null, to: change.end },
                  )
                }
              />
            </>
          )}
        </Group>
      </Paper>
      {invalid ? null : (
        <QueryView query={report} height={360} testId="report-error">
          {(data) => (
            <Stack gap="md" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} data-testid="report">
              {data.uncosted && data.uncosted.lines > 0 ? (
                <Alert color="yellow" variant="light" data-testid="report-uncosted">
                  {t("management.uncosted", {
                    count: data.uncosted.lines,
                    amount: money(data.uncosted.revenue),
                  })}
                </Alert>
              ) : null}
              <ReportChart report={data} title={t(`management.types.${type}.chart`)} tableId={tableId} />
              <ReportTable report={data} caption={title} id={tableId} />
              <LedgerLine report={data} />
              <Text size="xs" c="dimmed">
                {t(aged ? "management.agedNote" : "management.note")}
              </Text>
            </Stack>
          )}
        </QueryView>
      )}
    </Stack>
  );
};
