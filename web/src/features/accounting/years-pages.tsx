import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { AlertIcon, CheckIcon, ChevronLeftIcon, PlusIcon, SettingsIcon } from "../../components/icons.tsx";
import { useRowLink } from "../../components/row-link.ts";
import { PageHeader } from "../org/page-header.tsx";
import { downloadFile, useCan } from "./access.ts";
import {
  balanceQuery,
  type FiscalYear,
  statementsQuery,
  stepsQuery,
  useCloseYear,
  useGenerateOpening,
  useLockPeriods,
  useOpenYear,
  yearQuery,
  yearsQuery,
} from "./api.ts";
import {
  AdjustmentsEditor,
  AdjustmentsTable,
  ClosingChecklist,
  ClosingStepsEditor,
} from "./closing-pages.tsx";
import { entryPath, validatePath, yearPath, yearSettingsPath, yearsPath } from "./paths.ts";
import { KeyFigures, Statements, StatementsSummary, TrialBalanceTable } from "./statements.tsx";
import {
  BookTable,
  DownloadIcon,
  EmptyRow,
  Fields,
  LockIcon,
  NoAccess,
  QueryView,
  useDay,
  useMoney,
} from "./ui.tsx";

/** « Exercice 2026 » for a calendar year, « Exercice 2025-2026 » otherwise. */
export const useYearName = () => {
  const { t } = useTranslation("accounting");
  return (year: Pick<FiscalYear, "start" | "end">) => {
    const first = year.start.slice(0, 4);
    const last = year.end.slice(0, 4);
    return t("years.name", { years: first === last ? first : `${first}-${last}` });
  };
};

export const YearStatusBadge = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  return (
    <Badge
      variant="light"
      color={year.status === "closed" ? "gray" : "teal"}
      radius="sm"
      tt="none"
      leftSection={year.status === "closed" ? <LockIcon size={12} /> : undefined}
      data-testid="year-status"
    >
      {t(`years.status.${year.status}`)}
    </Badge>
  );
};

/** FEC and CSV of a fiscal year's entries, fetched with the session's token and saved. */
export const YearDownloads = ({ year, size = "sm" }: { year: FiscalYear; size?: "xs" | "sm" }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const download = useMutation({
    mutationFn: (format: "fec" | "csv") =>
      downloadFile(
        `/accounting/entries/download/${encodeURIComponent(year.id)}?format=${format}`,
        format === "fec" ? `FEC${year.end.replaceAll("-", "")}.txt` : `ecritures-${year.end.slice(0, 4)}.csv`,
      ),
  });
  if (!can("entries.export", "read")) return null;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        {(["fec", "csv"] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size={size}
            leftSection={<DownloadIcon />}
            loading={download.isPending && download.variables === format}
            onClick={() => download.mutate(format)}
            data-testid={`download-${format}`}
          >
            {t(`years.download.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError ? <ErrorAlert error={download.error} testId="download-error" /> : null}
    </Stack>
  );
};

const NewYearModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const open = useOpenYear();
  const navigate = useNavigate();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    open.reset();
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((start === "") !== (end === "")) {
      setError(t("years.bothDates"));
      return;
    }
    if (start && end && end < start) {
      setError(t("common.rangeInvalid"));
      return;
    }
    open.mutate(start ? { start, end } : {}, {
      onSuccess: (year) => {
        close();
        void navigate(yearPath(year.id));
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t("years.newTitle")} centered>
      <form onSubmit={submit} noValidate data-testid="year-new-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("years.newText")}
          </Text>
          <Group grow>
            <TextInput
              type="date"
              label={t("years.start")}
              value={start}
              onChange={(event) => {
                setStart(event.currentTarget.value);
                setError(null);
              }}
              error={error ? " " : undefined}
            />
            <TextInput
              type="date"
              label={t("years.end")}
              value={end}
              onChange={(event) => {
                setEnd(event.currentTarget.value);
                setError(null);
              }}
              error={error ?? undefined}
            />
          </Group>
          {open.isError ? <ErrorAlert error={open.error} testId="year-new-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={open.isPending} data-testid="year-new-submit">
              {t("years.open")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** `/org/accounting/balancesheet`: the fiscal years, their status, a new accounting year. */
export const YearsPage = () => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const yearName = useYearName();
  const can = useCan();
  const rowLink = useRowLink();
  const years = useQuery({ ...yearsQuery(), enabled: can("balancesheet", "read") });
  const [creating, setCreating] = useState(false);
  if (!can("balancesheet", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("years.title")} />
        <NoAccess />
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={t("years.title")}
        description={t("years.description")}
        actions={
          can("balancesheet", "create") ? (
            <Button leftSection={<PlusIcon />} onClick={() => setCreating(true)} data-testid="year-new">
              {t("years.new")}
            </Button>
          ) : null
        }
      />
      {years.data?.lockedUntil ? (
        <Alert color="gray" variant="light" icon={<LockIcon />} data-testid="years-locked">
          {t("years.lockedUntil", { date: day(years.data.lockedUntil) })}
        </Alert>
      ) : null}
      <QueryView query={years} testId="years-error">
        {(data) => (
          <BookTable testId="years-table" caption={t("years.title")} minWidth={860}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("years.year")}</Table.Th>
                <Table.Th w={120}>{t("years.start")}</Table.Th>
                <Table.Th w={120}>{t("years.end")}</Table.Th>
                <Table.Th w={130}>{t("years.statusLabel")}</Table.Th>
                <Table.Th w={130}>{t("years.closedOn")}</Table.Th>
                <Table.Th w={120}>{t("years.opening")}</Table.Th>
                <Table.Th w={300}>{t("years.views")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 ? <EmptyRow colSpan={7}>{t("years.empty")}</EmptyRow> : null}
              {[...data.items].reverse().map((year) => (
                <Table.Tr
                  key={year.id}
                  className="registre-row"
                  data-testid="year-row"
                  onClick={rowLink(yearPath(year.id))}
                >
                  <Table.Td>
                    <Link to={yearPath(year.id)} className="registre-row-link">
                      {yearName(year)}
                    </Link>
                  </Table.Td>
                  <Table.Td className="registre-numeric">{day(year.start)}</Table.Td>
                  <Table.Td className="registre-numeric">{day(year.end)}</Table.Td>
                  <Table.Td>
                    <YearStatusBadge year={year} />
                  </Table.Td>
                  <Table.Td className="registre-numeric">{day(year.closedOn)}</Table.Td>
                  <Table.Td>
                    {year.openingMvt ? (
                      <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
                        {t("years.openingLink")}
                      </Anchor>
                    ) : (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="md">
                      <Anchor component={Link} to={`${yearPath(year.id)}/overview`} size="sm">
                        {t("years.tabs.overview")}
                      </Anchor>
                      <Anchor component={Link} to={`${yearPath(year.id)}/data`} size="sm">
                        {t("years.tabs.data")}
                      </Anchor>
                      <Anchor component={Link} to={`${yearPath(year.id)}/step`} size="sm">
                        {t("years.tabs.step")}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </BookTable>
        )}
      </QueryView>
      <NewYearModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
};

const yearTabs = ["", "overview", "data", "step"] as const;

/** The frame of a fiscal year's screens: title, status, and the tabs between them. */
const YearFrame = ({ children }: { children: (year: FiscalYear) => ReactNode }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const yearName = useYearName();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useParams().id ?? "";
  const year = useQuery({ ...yearQuery(id), enabled: can("balancesheet", "read") });
  const crumbs = [{ to: yearsPath, label: t("years.title") }];
  if (!can("balancesheet", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("years.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  // The segment after the year's id: `/step/edit` is under the « step » tab, `/edit` under the summary.
  const segments = pathname.split("/");
  const sub = segments[segments.indexOf("balancesheet") + 2] ?? "";
  const tab = yearTabs.find((name) => name && name === sub) ?? "";
  const onSettings = sub === "edit";
  return (
    <Stack gap="md">
      <PageHeader
        title={year.data ? yearName(year.data) : t("years.title")}
        description={
          year.data ? (
            <Group gap="sm" component="span">
              <span>{t("years.range", { start: day(year.data.start), end: day(year.data.end) })}</span>
              <YearStatusBadge year={year.data} />
            </Group>
          ) : undefined
        }
        crumbs={crumbs}
        actions={
          year.data && !onSettings ? (
            <Button
              component={Link}
              to={yearSettingsPath(id)}
              variant="default"
              leftSection={<SettingsIcon />}
              data-testid="year-settings"
            >
              {t("years.settings.link")}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={tab || "summary"}
        onChange={(value) => {
          if (value) void navigate(value === "summary" ? yearPath(id) : `${yearPath(id)}/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {yearTabs.map((sub) => (
            <Tabs.Tab
              key={sub || "summary"}
              value={sub || "summary"}
              data-testid={`year-tab-${sub || "summary"}`}
            >
              {t(`years.tabs.${sub || "summary"}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <QueryView query={year} testId="year-error">
        {(data) => children(data)}
      </QueryView>
    </Stack>
  );
};

/** The last day of each month of the year (YYYY-MM-DD): the dates a period lock may be set to. */
const monthEnds = (year: FiscalYear): string[] => {
  const ends: string[] = [];
  const [y, m] = year.start.split("-").map(Number) as [number, number];
  for (let month = m - 1; ; month++) {
    const end = new Date(Date.UTC(y, month + 1, 0)).toISOString().slice(0, 10);
    if (end > year.end) break;
    ends.push(end);
  }
  return ends;
};

/** The period lock: moved forward only, to the end of a month of the year after the current lock. */
const LockForm = ({ year, lockedUntil }: { year: FiscalYear; lockedUntil: string | null }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const lock = useLockPeriods(year.id);
  const options = monthEnds(year).filter((end) => lockedUntil === null || end > lockedUntil);
  const [choice, setChoice] = useState<string | null>(null);
  const until = choice !== null && options.includes(choice) ? choice : (options[0] ?? null);
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <LockIcon />
          <Text fw={650}>{t("years.lockTitle")}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {lockedUntil ? t("years.lockedUntil", { date: day(lockedUntil) }) : t("years.notLocked")}
        </Text>
        {until ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              lock.mutate(until);
            }}
          >
            <Group align="flex-end" gap="sm">
              <Select
                label={t("years.lockUntil")}
                data={options.map((end) => ({ value: end, label: day(end) }))}
                value={until}
                onChange={setChoice}
                allowDeselect={false}
                w={180}
                data-testid="lock-until"
              />
              <Button type="submit" variant="default" loading={lock.isPending} data-testid="lock-submit">
                {t("years.lock")}
              </Button>
            </Group>
          </form>
        ) : null}
        {lock.isError ? <ErrorAlert error={lock.error} /> : null}
        {lock.isSuccess ? (
          <Text size="sm" c="teal.8">
            {t("years.locked")}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

const YearSummary = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const statements = useQuery(statementsQuery(year.id));
  const years = useQuery(yearsQuery());
  const canLock = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="lg">
      <QueryView query={statements} height={90} testId="statements-error">
        {(data) => (
          <Stack gap="lg">
            <KeyFigures income={data.incomeStatement} sheet={data.balanceSheet} />
            <StatementsSummary
              income={data.incomeStatement}
              sheet={data.balanceSheet}
              detail={`${yearPath(year.id)}/overview`}
            />
          </Stack>
        )}
      </QueryView>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper p="md">
          <Stack gap="sm">
            <Text fw={650}>{t("years.exports")}</Text>
            <Text size="sm" c="dimmed">
              {t("years.exportsText")}
            </Text>
            <YearDownloads year={year} />
          </Stack>
        </Paper>
        <LockSummary year={year} lockedUntil={years.data?.lockedUntil ?? null} canLock={canLock} />
        {year.openingMvt ? (
          <Paper p="md">
            <Text fw={650}>{t("years.openingEntry")}</Text>
            <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
              {t("years.seeOpening")}
            </Anchor>
          </Paper>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
};

/** `/org/accounting/balancesheet/{id}`: the year's key figures, downloads and period lock. */
export const YearPage = () => <YearFrame>{(year) => <YearSummary year={year} />}</YearFrame>;

/** The summary's word on the period lock; the lock itself is set on the year's settings page. */
const LockSummary = ({
  year,
  lockedUntil,
  canLock,
}: {
  year: FiscalYear;
  lockedUntil: string | null;
  canLock: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  return (
    <Paper p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <LockIcon />
          <Text fw={650}>{t("years.lockTitle")}</Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="year-lock-state">
          {year.status === "closed"
            ? t("years.settings.closedLock")
            : lockedUntil
              ? t("years.lockedUntil", { date: day(lockedUntil) })
              : t("years.notLocked")}
        </Text>
        {canLock ? (
          <Group>
            <Button
              component={Link}
              to={yearSettingsPath(year.id)}
              variant="default"
              size="xs"
              data-testid="year-lock-manage"
            >
              {t("years.settings.lockManage")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The year's settings: its dates (fixed when it was opened) and the lock of its periods. */
const YearSettings = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const can = useCan();
  const years = useQuery(yearsQuery());
  const canLock = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="md" data-testid="year-settings-page">
      <Stack gap={4}>
        <Anchor component={Link} to={yearPath(year.id)} size="sm" data-testid="year-settings-back">
          <Group gap={4} component="span" wrap="nowrap">
            <ChevronLeftIcon size={14} />
            {t("years.settings.back")}
          </Group>
        </Anchor>
        <Title order={2} size="h3">
          {t("years.settings.title")}
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper p="md">
          <Stack gap="sm">
            <Text fw={650}>{t("years.settings.dates")}</Text>
            <Fields
              items={[
                { label: t("years.start"), value: day(year.start) },
                { label: t("years.end"), value: day(year.end) },
                { label: t("years.statusLabel"), value: <YearStatusBadge year={year} /> },
                ...(year.closedOn ? [{ label: t("years.closedOn"), value: day(year.closedOn) }] : []),
                ...(year.openingMvt
                  ? [
                      {
                        label: t("years.openingEntry"),
                        value: (
                          <Anchor component={Link} to={entryPath(year.openingMvt)} size="sm">
                            {t("years.seeOpening")}
                          </Anchor>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <Text size="xs" c="dimmed">
              {t("years.settings.datesText")}
            </Text>
          </Stack>
        </Paper>
        {canLock ? (
          years.data ? (
            <LockForm year={year} lockedUntil={years.data.lockedUntil} />
          ) : null
        ) : (
          <LockSummary year={year} lockedUntil={years.data?.lockedUntil ?? null} canLock={false} />
        )}
      </SimpleGrid>
    </Stack>
  );
};

/** `/org/accounting/balancesheet/{id}/edit`: the year's settings. */
export const YearSettingsPage = () => <YearFrame>{(year) => <YearSettings year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/overview`: income statement and balance sheet. */
export const YearOverviewPage = () => <YearFrame>{(year) => <YearStatements id={year.id} />}</YearFrame>;

const YearStatements = ({ id }: { id: string }) => {
  const statements = useQuery(statementsQuery(id));
  return (
    <QueryView query={statements} height={480} testId="statements-error">
      {(data) => <Statements income={data.incomeStatement} sheet={data.balanceSheet} />}
    </QueryView>
  );
};

/** `/org/accounting/balancesheet/{id}/data`: the trial balance of the year. */
export const YearDataPage = () => <YearFrame>{(year) => <YearBalance year={year} />}</YearFrame>;

const YearBalance = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const balance = useQuery(balanceQuery({ yearId: year.id }));
  return (
    <Stack gap="xl">
      <AdjustmentsTable year={year} />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("balance.title")}
        </Title>
        <QueryView query={balance} height={480} testId="balance-error">
          {(data) => (
            <TrialBalanceTable
              balance={data}
              fileName={`balance-${year.start}-${year.end}.csv`}
              range={{ start: year.start, end: year.end }}
            />
          )}
        </QueryView>
      </Stack>
    </Stack>
  );
};

/** `/org/accounting/balancesheet/{id}/data/edit`: the year-end adjustments entered and changed. */
export const YearDataEditPage = () => <YearFrame>{(year) => <AdjustmentsEditor year={year} />}</YearFrame>;

/** Where a year-end warning's items are dealt with. */
const warningLinks: Record<string, string> = {
  "yearEnd.drafts": validatePath,
  "yearEnd.vatJournalPending": validatePath,
};

const knownWarnings = [
  "yearEnd.drafts",
  "yearEnd.vatJournalPending",
  "yearEnd.suspenseNotEmpty",
  "yearEnd.unletteredThirdParties",
  "yearEnd.unbalanced",
] as const;
type KnownWarning = (typeof knownWarnings)[number];
const isKnown = (code: string): code is KnownWarning => (knownWarnings as readonly string[]).includes(code);

/** `/org/accounting/balancesheet/{id}/step`: the year-end checks, opening entries, closing. */
export const YearStepPage = () => <YearFrame>{(year) => <YearEnd year={year} />}</YearFrame>;

/** `/org/accounting/balancesheet/{id}/step/edit`: the closing checklist ticked, noted, completed. */
export const YearStepEditPage = () => <YearFrame>{(year) => <ClosingStepsEditor year={year} />}</YearFrame>;

/** Warnings whose items are entries, one per item (the others list accounts). */
const perEntry = new Set(["yearEnd.drafts", "yearEnd.vatJournalPending"]);

const YearEnd = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const can = useCan();
  const day = useDay();
  const money = useMoney();
  /** A warning's item as the server words it, with its date and amount in the interface language. */
  const readable = (code: string, item: string): string => {
    const dated = item.replace(/^\d{4}-\d{2}-\d{2}/, (date) => day(date));
    if (code !== "yearEnd.suspenseNotEmpty") return dated;
    const amount = /^(\S+) (-?)(\d+)\.(\d{2})$/.exec(dated);
    if (!amount) return dated;
    const cents = (Number(amount[3]) * 100 + Number(amount[4])) * (amount[2] ? -1 : 1);
    return `${amount[1]} ${money.format(cents)}`;
  };
  const steps = useQuery(stepsQuery(year.id));
  const generate = useGenerateOpening(year.id);
  const close = useCloseYear(year.id);
  const [closing, setClosing] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const warnings = steps.data?.warnings ?? [];
  const blocking = warnings.some((w) => w.blocking);
  const canAct = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("yearEnd.checks")}
        </Title>
        <QueryView query={steps} height={120} testId="steps-error">
          {(data) =>
            data.warnings.length === 0 ? (
              <Alert color="teal" variant="light" icon={<CheckIcon />} data-testid="steps-clear">
                {t("yearEnd.allClear")}
              </Alert>
            ) : (
              <Stack gap="sm" data-testid="steps-warnings">
                {data.warnings.map((warning) => {
                  const link = warningLinks[warning.code];
                  return (
                    <Alert
                      key={warning.code}
                      color={warning.blocking ? "red" : "orange"}
                      variant="light"
                      icon={<AlertIcon />}
                      data-testid="step-warning"
                      data-code={warning.code}
                      title={
                        <Group gap="xs">
                          <span>
                            {isKnown(warning.code)
                              ? t(`yearEnd.warnings.${warning.code}`, { count: warning.count })
                              : warning.code}
                          </span>
                          <Badge
                            size="xs"
                            variant="filled"
                            color={warning.blocking ? "red" : "orange"}
                            radius="sm"
                            tt="none"
                          >
                            {warning.blocking ? t("yearEnd.blocking") : t("yearEnd.information")}
                          </Badge>
                        </Group>
                      }
                    >
                      <Stack gap={6}>
                        {warning.items.length > 0 ? (
                          <List size="sm" spacing={2} className="registre-numeric">
                            {warning.items.map((item) => (
                              <List.Item key={item}>{readable(warning.code, item)}</List.Item>
                            ))}
                          </List>
                        ) : null}
                        {perEntry.has(warning.code) && warning.count > warning.items.length ? (
                          <Text size="xs" c="dimmed">
                            {t("yearEnd.more", { count: warning.count - warning.items.length })}
                          </Text>
                        ) : null}
                        {link ? (
                          <Anchor component={Link} to={link} size="sm" fw={600}>
                            {t("yearEnd.resolve")}
                          </Anchor>
                        ) : null}
                      </Stack>
                    </Alert>
                  );
                })}
              </Stack>
            )
          }
        </QueryView>
      </Stack>

      <ClosingChecklist year={year} />

      {year.status === "closed" ? (
        <Alert color="gray" variant="light" icon={<LockIcon />} data-testid="year-closed">
          {t("yearEnd.closed")}
        </Alert>
      ) : null}

      {canAct ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper p="lg">
            <Stack gap="sm">
              <Group gap="sm">
                <ThemeIcon variant="light" radius="md">
                  <PlusIcon />
                </ThemeIcon>
                <Text fw={650}>{t("yearEnd.openingTitle")}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t("yearEnd.openingText")}
              </Text>
              {generate.isError ? <ErrorAlert error={generate.error} testId="opening-error" /> : null}
              {generate.isSuccess ? (
                <Alert color="teal" variant="light" icon={<CheckIcon />} data-testid="opening-done">
                  {generate.data.mvt ? (
                    <Anchor component={Link} to={entryPath(generate.data.mvt)} size="sm">
                      {t("yearEnd.openingDone")}
                    </Anchor>
                  ) : (
                    t("yearEnd.openingNothing")
                  )}
                </Alert>
              ) : null}
              <Group>
                <Button
                  variant="default"
                  loading={generate.isPending}
                  onClick={() => generate.mutate()}
                  data-testid="opening-generate"
                >
                  {t("yearEnd.openingAction")}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Paper p="lg">
            <Stack gap="sm">
              <Group gap="sm">
                <ThemeIcon variant="light" color="red" radius="md">
                  <LockIcon />
                </ThemeIcon>
                <Text fw={650}>{t("yearEnd.closeTitle")}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t("yearEnd.closeText")}
              </Text>
              {blocking ? (
                <Text size="sm" c="red.8">
                  {t("yearEnd.blocked")}
                </Text>
              ) : null}
              <Group>
                <Button
                  color="red"
                  leftSection={<LockIcon />}
                  disabled={blocking || steps.isPending}
                  onClick={() => {
                    close.reset();
                    setUnderstood(false);
                    setClosing(true);
                  }}
                  data-testid="year-close"
                >
                  {t("yearEnd.closeAction")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>
      ) : null}

      <Modal
        opened={closing}
        onClose={() => setClosing(false)}
        title={t("yearEnd.confirmTitle")}
        centered
        data-testid="year-close-dialog"
      >
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<AlertIcon />} title={t("yearEnd.irreversible")}>
            {t("yearEnd.confirmText")}
          </Alert>
          <Checkbox
            label={t("yearEnd.understood")}
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
            data-testid="year-close-understood"
          />
          {close.isError ? <ErrorAlert error={close.error} testId="year-close-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setClosing(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button
              color="red"
              disabled={!understood}
              loading={close.isPending}
              onClick={() => close.mutate(undefined, { onSuccess: () => setClosing(false) })}
              data-testid="year-close-confirm"
            >
              {t("yearEnd.confirmAction")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
