import { Alert, Group, Input, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LedgerIcon } from "../../components/icons.tsx";
import { LinkCard } from "../../components/link-card.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { PageHeader } from "../org/page-header.tsx";
import { ManagementReportLinks } from "../reports/report-links.tsx";
import { useCan } from "./access.ts";
import { balanceQuery, statementsQuery } from "./api.ts";
import { balancePath, ledgerPath, reportsPath, statementsReportPath } from "./paths.ts";
import { ProvisionalOpeningNotice } from "./provisional-opening.tsx";
import { isDay, PeriodFields, ReportGate, useReportParams, useYears, YearSelect } from "./report-frame.tsx";
import { Statements, TrialBalanceTable } from "./statements.tsx";
import { EmptyRow, NoAccess, QueryView, today, useDay } from "./ui.tsx";
import { useYearName, YearDownloads, YearStatusBadge } from "./years-pages.tsx";

/** `/org/accounting/reports`: the accounting reports, and the exports of each year. */
export const ReportsPage = () => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const yearName = useYearName();
  const { years, items, allowed } = useYears();
  const can = useCan();
  const reports = [
    { to: balancePath, key: "balance" },
    { to: ledgerPath(), key: "ledger" },
    { to: statementsReportPath, key: "statements" },
  ] as const;
  return (
    <ReportGate title={t("reports.title")}>
      <Stack gap="lg">
        <PageHeader title={t("reports.title")} description={t("reports.description")} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {reports.map((report) => (
            <LinkCard
              key={report.key}
              to={report.to}
              icon={<LedgerIcon />}
              title={t(`reports.${report.key}.title`)}
              description={t(`reports.${report.key}.description`)}
              testId={`report-link-${report.key}`}
            />
          ))}
        </SimpleGrid>
        <ManagementReportLinks />
        {allowed && can("entries.export", "read") ? (
          <Stack gap="sm">
            <TitleLine title={t("reports.exports")} hint={t("reports.exportsText")} size="lg" />
            <QueryView query={years} height={120}>
              {() => (
                <Paper p={0} style={{ overflow: "hidden" }}>
                  <Table className="registre-table acc-table" verticalSpacing={8} horizontalSpacing="md">
                    <Table.Tbody>
                      {items.length === 0 ? <EmptyRow colSpan={3}>{t("years.empty")}</EmptyRow> : null}
                      {[...items].reverse().map((year) => (
                        <Table.Tr key={year.id}>
                          <Table.Td fw={600}>{yearName(year)}</Table.Td>
                          <Table.Td className="registre-numeric">
                            {t("years.range", { start: day(year.start), end: day(year.end) })}{" "}
                            <YearStatusBadge year={year} />
                          </Table.Td>
                          <Table.Td ta="right">
                            <Group justify="flex-end">
                              <YearDownloads year={year} size="xs" />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              )}
            </QueryView>
          </Stack>
        ) : null}
      </Stack>
    </ReportGate>
  );
};

/** `/org/accounting/reports/balance`: the trial balance of a year or of a date range. */
export const BalanceReportPage = () => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const { params, set } = useReportParams();
  const { items, current, allowed } = useYears();
  const start = params.get("start");
  const end = params.get("end");
  const byPeriod = !allowed || isDay(start) || params.get("mode") === "period";
  const yearId = params.get("year") ?? current?.id ?? null;
  const year = items.find((y) => y.id === yearId);
  const periodStart = isDay(start) ? start : (year?.start ?? `${today().slice(0, 4)}-01-01`);
  const periodEnd = isDay(end) ? end : (year?.end ?? `${today().slice(0, 4)}-12-31`);
  const provisional = params.get("provisional") === "1";
  const range = byPeriod
    ? { start: periodStart, end: periodEnd, provisional }
    : yearId
      ? { yearId, provisional }
      : null;
  const invalid = byPeriod && periodEnd < periodStart;
  const balance = useQuery({
    ...balanceQuery(range ?? { yearId: "" }),
    enabled: range !== null && !invalid,
  });
  const shown = balance.data;
  return (
    <ReportGate title={t("reports.balance.title")} crumbs>
      <Stack gap="md">
        <PageHeader
          title={t("reports.balance.title")}
          description={t("reports.balance.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        />
        <Paper p="sm">
          <Group gap="sm" align="flex-end">
            {allowed ? (
              <div>
                <Input.Label id="balance-mode-label" display="block">
                  {t("reports.scope")}
                </Input.Label>
                <SegmentedControl
                  aria-labelledby="balance-mode-label"
                  data={[
                    { value: "year", label: t("reports.byYear") },
                    { value: "period", label: t("reports.byPeriod") },
                  ]}
                  value={byPeriod ? "period" : "year"}
                  onChange={(value) =>
                    value === "period"
                      ? set({ mode: "period", start: periodStart, end: periodEnd, year: null })
                      : set({ mode: null, start: null, end: null })
                  }
                  data-testid="balance-mode"
                />
              </div>
            ) : null}
            {byPeriod ? (
              <PeriodFields
                start={periodStart}
                end={periodEnd}
                onChange={(change) => set({ ...change, mode: "period" })}
              />
            ) : (
              <YearSelect items={items} value={yearId} onChange={(id) => set({ year: id })} />
            )}
            {shown ? (
              <Text size="sm" c="dimmed" ml="auto" className="registre-numeric">
                {t("reports.rangeShown", { start: day(shown.start), end: day(shown.end) })}
              </Text>
            ) : null}
          </Group>
        </Paper>
        {shown && shown.openingsLeftOut.length > 0 ? (
          <Alert color="blue" variant="light" data-testid="balance-span">
            {t("reports.span", {
              count: shown.years.length,
              years: shown.years
                .map((y) => t("years.range", { start: day(y.start), end: day(y.end) }))
                .join(", "),
              openings: shown.openingsLeftOut.map((y) => day(y.start)).join(", "),
            })}
          </Alert>
        ) : shown && byPeriod && shown.years.length === 0 ? (
          <Alert color="yellow" variant="light" data-testid="balance-no-year">
            {t("reports.noYear", { start: day(shown.start), end: day(shown.end) })}
          </Alert>
        ) : null}
        {range && !invalid ? (
          <QueryView query={balance} height={400} testId="balance-error">
            {(data) => (
              <Stack gap="sm" style={{ opacity: balance.isPlaceholderData ? 0.6 : 1 }}>
                <ProvisionalOpeningNotice
                  opening={data.provisionalOpening}
                  included={provisional}
                  onChange={(on) => set({ provisional: on ? "1" : null })}
                />
                <TrialBalanceTable
                  balance={data}
                  fileName={`balance-${data.start}-${data.end}.csv`}
                  range={{ start: data.start, end: data.end }}
                  provisional={data.provisionalOpening.included}
                />
              </Stack>
            )}
          </QueryView>
        ) : null}
      </Stack>
    </ReportGate>
  );
};

/** `/org/accounting/reports/balancesheet`: income statement and balance sheet of a chosen year. */
export const StatementsReportPage = () => {
  const { t } = useTranslation("accounting");
  const [params, setParams] = useSearchParams();
  const { years, items, current, allowed } = useYears();
  const yearId = params.get("year") ?? current?.id ?? null;
  const statements = useQuery({ ...statementsQuery(yearId ?? ""), enabled: yearId !== null && allowed });
  return (
    <ReportGate title={t("reports.statements.title")} crumbs>
      <Stack gap="md">
        <PageHeader
          title={t("reports.statements.title")}
          description={t("reports.statements.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
          actions={
            allowed ? (
              <YearSelect
                items={items}
                value={yearId}
                onChange={(id) => setParams({ year: id }, { replace: true })}
              />
            ) : null
          }
        />
        {!allowed ? <NoAccess /> : null}
        {years.isError ? <ErrorAlert error={years.error} /> : null}
        {yearId ? (
          <QueryView query={statements} height={480} testId="statements-error">
            {(data) => <Statements income={data.incomeStatement} sheet={data.balanceSheet} />}
          </QueryView>
        ) : null}
      </Stack>
    </ReportGate>
  );
};

export { GeneralLedgerPage } from "./general-ledger-page.tsx";
