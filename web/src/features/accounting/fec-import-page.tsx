import { Alert, Anchor, FileInput, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { AlertIcon } from "../../components/icons.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import {
  ConfirmUpload,
  UploadCheckStatus,
  UploadFindings,
  useUploadCheck,
} from "../../components/upload-check.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { useCan } from "./access.ts";
import { accountingKeys } from "./api-shapes.ts";
import { type FecFinding, type FecSeverity, fecFindingText } from "./fec-findings.ts";
import { balancePath, entriesPath, ledgerPath } from "./paths.ts";

type FecImport = Schemas["FecImportResult"];

/** The file as it is (its encoding is read from its bytes), checked only or imported. */
const sendFec = (file: File, dryRun: boolean, key: string) => {
  const params = new URLSearchParams({ name: file.name.slice(0, 200) });
  if (dryRun) params.set("dryRun", "true");
  return apiRequest<FecImport>(`/accounting/entries/import?${params}`, {
    method: "POST",
    body: file,
    idempotencyKey: key,
  });
};

const Figure = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} component="div" data-testid={testId}>
      {children}
    </Text>
  </Stack>
);

/** The day, or the days, of the file's entries. */
const periodText = (
  period: FecImport["period"],
  t: TFunction<"accounting">,
  date: (day: string) => string,
) =>
  !period
    ? "—"
    : period.start === period.end
      ? t("fecImport.periodDay", { day: date(period.start) })
      : t("fecImport.periodValue", { start: date(period.start), end: date(period.end) });

/**
 * What the file holds and what its import creates (or created): the plan's summary. A refused file has
 * no plan: only what was read of it.
 */
const Summary = ({ result }: { result: FecImport }) => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const none = t("fecImport.none");
  const done = result.written;
  const planned = result.errorCount === 0;
  return (
    <Paper p="md" withBorder data-testid="fec-summary">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t(done ? "fecImport.checkedDone" : "fecImport.checked")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Figure label={t("fecImport.fileName")} testId="fec-file-name">
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {result.fileName}
            </Text>
          </Figure>
          <Figure label={t("fecImport.encoding")}>{result.encoding}</Figure>
          <Figure label={t("fecImport.separator")}>{t(`fecImport.separators.${result.separator}`)}</Figure>
          <Figure label={t("fecImport.records")} testId="fec-records">
            {format.number(result.records)}
          </Figure>
          {planned ? (
            <>
              <Figure label={t("fecImport.entries")} testId="fec-entries">
                {t("fecImport.entryLines", { entries: result.entries, lines: result.lines })}
              </Figure>
              <Figure label={t("fecImport.period")} testId="fec-period">
                {periodText(result.period, t, format.date)}
              </Figure>
              <Figure label={t(done ? "fecImport.journalsDone" : "fecImport.journals")} testId="fec-journals">
                {result.journalsCreated.length > 0 ? result.journalsCreated.join(", ") : none}
              </Figure>
              <Figure label={t(done ? "fecImport.accountsDone" : "fecImport.accounts")}>
                {result.accountsCreated > 0 ? format.number(result.accountsCreated) : none}
              </Figure>
              <Figure label={t(done ? "fecImport.auxiliaryAccountsDone" : "fecImport.auxiliaryAccounts")}>
                {result.auxiliaryAccountsCreated > 0 ? format.number(result.auxiliaryAccountsCreated) : none}
              </Figure>
            </>
          ) : null}
        </SimpleGrid>
        {planned ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t(done ? "fecImport.yearsDone" : "fecImport.years")}
            </Text>
            {result.fiscalYears.length > 0 ? (
              <List size="sm" spacing={2} data-testid="fec-years">
                {result.fiscalYears.map((year) => (
                  <List.Item key={year.start}>
                    {t("fecImport.year", { start: format.date(year.start), end: format.date(year.end) })}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" data-testid="fec-years">
                {t("fecImport.yearsNone")}
              </Text>
            )}
            {result.fiscalYearsMoved.map((year) => (
              <Text size="sm" key={year.was.start} data-testid="fec-year-moved">
                {t(done ? "fecImport.yearMovedDone" : "fecImport.yearMoved", {
                  wasStart: format.date(year.was.start),
                  wasEnd: format.date(year.was.end),
                  start: format.date(year.start),
                  end: format.date(year.end),
                })}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** Errors or warnings, by line, each in the reader's language; the first 1,000 of them. */
const Findings = ({
  rows,
  total,
  severity,
  testId,
}: {
  rows: readonly FecFinding[];
  total: number;
  severity: FecSeverity;
  testId: string;
}) => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const columns: Column<FecFinding>[] = [
    {
      key: "line",
      header: t("fecImport.line"),
      width: 72,
      numeric: true,
      cell: (f) => (f.line > 0 ? format.number(f.line) : "—"),
    },
    {
      key: "message",
      header: t("fecImport.message"),
      cell: (f) => fecFindingText(f, severity, t, format),
    },
  ];
  return (
    <UploadFindings
      rows={rows}
      total={total}
      columns={columns}
      rowKey={(f) => `${f.line}-${f.code}-${f.field ?? ""}-${f.message}`}
      listed={(count, listed) => t("fecImport.firstListed", { count, listed })}
      testId={testId}
      minWidth={320}
    />
  );
};

/**
 * `/org/accounting/entries/import`: a FEC chosen, checked whole by a dry run (what the file is, the
 * journals, accounts and fiscal years its import creates, its errors and warnings in the reader's
 * language), then imported whole — or not at all — with its progress, and links to what it wrote.
 */
export const FecImportPage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const queryClient = useQueryClient();
  const flow = useUploadCheck<FecImport>({
    send: ({ file, dryRun, key }) => sendFec(file, dryRun, key),
    onConfirmed: (result) => {
      if (result.written) void queryClient.invalidateQueries({ queryKey: accountingKeys.all });
    },
  });
  const { file, check, confirm: run } = flow;
  const crumbs = [{ to: entriesPath, label: t("entries.title") }];
  if (!can("entries.validate", "create"))
    return <NoAccessPage title={t("fecImport.title")} crumbs={crumbs} />;
  const result = flow.result;
  const written = run.data?.written === true;
  const refused = (result?.errorCount ?? 0) > 0;
  const period = result?.period;
  return (
    <Stack gap="lg">
      <PageHeader title={t("fecImport.title")} description={t("fecImport.description")} crumbs={crumbs} />
      <FileInput
        label={t("fecImport.file")}
        description={t("fecImport.fileHint")}
        placeholder={t("fecImport.choose")}
        accept=".txt,.csv,.tsv,text/plain,text/csv"
        value={file}
        onChange={flow.choose}
        clearable
        disabled={flow.running !== null}
        maw={560}
        data-testid="fec-file"
      />
      <UploadCheckStatus flow={flow} errorTestId="fec-error" elapsed />
      {result && file && !check.isPending ? (
        <Stack gap="md">
          {written ? (
            <SavedNotice testId="fec-done">
              <Stack gap="xs">
                <Text size="sm">
                  {t("fecImport.done", { count: result.entries, lines: result.lines })}
                  {result.lettered > 0 ? ` ${t("fecImport.lettered", { count: result.lettered })}` : null}
                </Text>
                <Group gap="lg">
                  <Anchor
                    component={Link}
                    to={period ? `${entriesPath}?start=${period.start}&end=${period.end}` : entriesPath}
                    size="sm"
                    data-testid="fec-see-entries"
                  >
                    {t("fecImport.seeEntries")}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={
                      period
                        ? `${balancePath}?mode=period&start=${period.start}&end=${period.end}`
                        : balancePath
                    }
                    size="sm"
                    data-testid="fec-see-balance"
                  >
                    {t("fecImport.seeBalance")}
                  </Anchor>
                  <Anchor component={Link} to={ledgerPath(period ?? {})} size="sm">
                    {t("fecImport.seeLedger")}
                  </Anchor>
                </Group>
              </Stack>
            </SavedNotice>
          ) : null}
          <Summary result={result} />
          {refused ? (
            <Stack gap="xs">
              <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="fec-refused">
                {t("fecImport.refused", { count: result.errorCount })}
              </Alert>
              <Findings rows={result.errors} total={result.errorCount} severity="error" testId="fec-errors" />
            </Stack>
          ) : null}
          {result.warningCount > 0 ? (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t("fecImport.warnings", { count: result.warningCount })}
              </Title>
              {refused || written ? null : (
                <Text size="sm" c="dimmed">
                  {t("fecImport.warningsText")}
                </Text>
              )}
              <Findings
                rows={result.warnings}
                total={result.warningCount}
                severity="warning"
                testId="fec-warnings"
              />
            </Stack>
          ) : null}
          {!refused && !written && !run.isPending ? (
            <ConfirmUpload
              summary={t("fecImport.ready", { count: result.entries, lines: result.lines })}
              summaryTestId="fec-ready"
              label={t("fecImport.confirm", { count: result.entries })}
              testId="fec-confirm"
              onConfirm={() => run.mutate({ file })}
              loading={run.isPending}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
};
