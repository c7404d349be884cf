import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
} from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon, ChevronRightIcon, LedgerIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  accountingKeys,
  balanceQuery,
  chartQuery,
  type FiscalYear,
  type LedgerCursor,
  type LedgerRow,
  ledgerPage,
  statementsQuery,
  useLetter,
  useUnletter,
  yearsQuery,
} from "./api.ts";
import { sumCents } from "./money.ts";
import {
  accountPath,
  balancePath,
  entryPath,
  ledgerPath,
  reportsPath,
  statementsReportPath,
} from "./paths.ts";
import { Statements, TrialBalanceTable } from "./statements.tsx";
import {
  AmountTd,
  accountLabel,
  Balance,
  ConfirmModal,
  EmptyRow,
  LinkIcon,
  NoAccess,
  QueryView,
  today,
  useDay,
  useMoney,
} from "./ui.tsx";
import { useYearName, YearDownloads, YearStatusBadge } from "./years-pages.tsx";

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The year a report opens on: the one holding today, unless the books' newest validated entry is
 * older than it (a new year whose opening entries are still drafts): then that entry's year. Else
 * the latest year. The dashboard's figures follow the same rule.
 */
export const booksYear = (
  years: readonly FiscalYear[],
  newestValidated: string | null,
): FiscalYear | undefined => {
  const now = today();
  const current = years.find((y) => y.start <= now && now <= y.end) ?? years.at(-1);
  if (!current || newestValidated === null || newestValidated >= current.start) return current;
  return years.find((y) => y.start <= newestValidated && newestValidated <= y.end) ?? current;
};

/** The date of the newest validated entry, or null when there is none. */
const newestValidatedQuery = () => ({
  queryKey: [...accountingKeys.all, "newest-validated"] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const page = await api.get("/accounting/entries", { query: { status: "validated", limit: 1 }, signal });
    return page.items[0]?.date ?? null;
  },
  staleTime: 30_000,
});

/**
 * The fiscal years (when the user may read them) and the one to show first; `ready` once that choice
 * is known, so that a report does not ask for one year and then another.
 */
const useYears = () => {
  const can = useCan();
  const allowed = can("balancesheet", "read");
  const years = useQuery({ ...yearsQuery(), enabled: allowed });
  const readsEntries = can("entries", "read");
  const newest = useQuery({ ...newestValidatedQuery(), enabled: readsEntries });
  const items = years.data?.items ?? [];
  const ready = (!allowed || !years.isPending) && (!readsEntries || !newest.isPending);
  const current = ready ? booksYear(items, newest.data ?? null) : undefined;
  return { years, items, current, allowed, ready };
};

const YearSelect = ({
  items,
  value,
  onChange,
}: {
  items: readonly FiscalYear[];
  value: string | null;
  onChange: (id: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const yearName = useYearName();
  return (
    <Select
      label={t("reports.year")}
      data={[...items].reverse().map((y) => ({
        value: y.id,
        label: `${yearName(y)}${y.status === "closed" ? ` · ${t("years.status.closed")}` : ""}`,
      }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      w={260}
      data-testid="report-year"
    />
  );
};

const ReportGate = ({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  if (can("accounting", "read")) return <>{children}</>;
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        crumbs={crumbs ? [{ to: reportsPath, label: t("reports.title") }] : undefined}
      />
      <NoAccess />
    </Stack>
  );
};

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
            <Paper
              key={report.key}
              p="lg"
              component={Link}
              to={report.to}
              className="registre-kpi"
              data-testid={`report-link-${report.key}`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size={38} radius="md">
                    <LedgerIcon />
                  </ThemeIcon>
                  <div>
                    <Text fw={650}>{t(`reports.${report.key}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`reports.${report.key}.description`)}
                    </Text>
                  </div>
                </Group>
                <ChevronRightIcon />
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        {allowed && can("entries.export", "read") ? (
          <Stack gap="sm">
            <Text fw={650} size="lg">
              {t("reports.exports")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("reports.exportsText")}
            </Text>
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
  const [params, setParams] = useSearchParams();
  const { items, current, allowed } = useYears();
  const start = params.get("start");
  const end = params.get("end");
  const byPeriod = !allowed || isDay(start) || params.get("mode") === "period";
  const yearId = params.get("year") ?? current?.id ?? null;
  const year = items.find((y) => y.id === yearId);
  const periodStart = isDay(start) ? start : (year?.start ?? `${today().slice(0, 4)}-01-01`);
  const periodEnd = isDay(end) ? end : (year?.end ?? `${today().slice(0, 4)}-12-31`);
  const range = byPeriod ? { start: periodStart, end: periodEnd } : yearId ? { yearId } : null;
  const invalid = byPeriod && periodEnd < periodStart;
  const balance = useQuery({
    ...balanceQuery(range ?? { yearId: "" }),
    enabled: range !== null && !invalid,
  });
  const set = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next))
          if (value) updated.set(key, value);
          else updated.delete(key);
        return updated;
      },
      { replace: true },
    );
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
              <>
                <DateField
                  label={t("common.from")}
                  value={periodStart}
                  onChange={(start) => set({ start, mode: "period" })}
                  error={invalid ? t("common.rangeInvalid") : undefined}
                  w={170}
                />
                <DateField
                  label={t("common.to")}
                  value={periodEnd}
                  onChange={(end) => set({ end, mode: "period" })}
                  w={170}
                />
              </>
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
        {range && !invalid ? (
          <QueryView query={balance} height={400} testId="balance-error">
            {(data) => (
              <div style={{ opacity: balance.isPlaceholderData ? 0.6 : 1 }}>
                <TrialBalanceTable
                  balance={data}
                  fileName={`balance-${data.start}-${data.end}.csv`}
                  range={{ start: data.start, end: data.end }}
                />
              </div>
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

const refOf = (row: Pick<LedgerRow, "mvt" | "line">) => `${row.mvt}/${row.line}`;

/** `/org/accounting/reports/generalledger`: the grand livre with running balances, and lettering. */
export const GeneralLedgerPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const money = useMoney();
  const day = useDay();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const { current, ready } = useYears();
  const chart = useQuery({ ...chartQuery(), enabled: can("accounting", "read") });
  const start = params.get("start");
  const end = params.get("end");
  const filter = {
    account: (params.get("account") ?? "").toUpperCase(),
    start: isDay(start) ? start : (current?.start ?? `${today().slice(0, 4)}-01-01`),
    end: isDay(end) ? end : (current?.end ?? `${today().slice(0, 4)}-12-31`),
  };
  const invalid = filter.end < filter.start;
  const ledger = useInfiniteQuery({
    queryKey: accountingKeys.ledger(filter),
    queryFn: ({ pageParam, signal }) => ledgerPage(filter, pageParam, signal),
    initialPageParam: null as LedgerCursor | null,
    getNextPageParam: (last) => last.next,
    // Dates in the address are enough; otherwise wait for the year the ledger opens on.
    enabled: can("accounting", "read") && !invalid && (ready || (isDay(start) && isDay(end))),
  });
  const rows = useMemo(() => ledger.data?.pages.flatMap((page) => page.rows) ?? [], [ledger.data]);
  const accounts = useMemo(() => new Map((chart.data?.items ?? []).map((a) => [a.number, a])), [chart.data]);
  const letter = useLetter();
  const unletter = useUnletter();
  const [selected, setSelected] = useState<Map<string, LedgerRow>>(new Map());
  const [unlettering, setUnlettering] = useState<{ account: string; code: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canLetter = can("entries", "update");

  // A new filter starts a new selection.
  const filterKey = JSON.stringify(filter);
  const lastFilter = useRef(filterKey);
  useEffect(() => {
    if (lastFilter.current !== filterKey) {
      lastFilter.current = filterKey;
      setSelected(new Map());
    }
  }, [filterKey]);

  // Loads the next page when the end of the table scrolls into view.
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = ledger;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: "400px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const set = (next: Record<string, string>) =>
    setParams(
      (currentParams) => {
        const updated = new URLSearchParams(currentParams);
        for (const [key, value] of Object.entries(next))
          if (value) updated.set(key, value);
          else updated.delete(key);
        return updated;
      },
      { replace: true },
    );

  const selection = [...selected.values()];
  const selectionAccount = selection[0]?.account ?? null;
  const selDebit = sumCents(selection, (r) => r.debit);
  const selCredit = sumCents(selection, (r) => r.credit);
  const selDifference = selDebit - selCredit;
  const toggle = (row: LedgerRow, on: boolean) =>
    setSelected((currentSelection) => {
      const next = new Map(currentSelection);
      if (on) next.set(refOf(row), row);
      else next.delete(refOf(row));
      return next;
    });

  const accountOptions = (chart.data?.items ?? [])
    .filter((a) => a.kind === "general")
    .map((a) => ({ value: a.number, label: `${a.number} · ${accountLabel(a, locale)}` }));
  const columns = canLetter ? 9 : 8;

  const body: ReactNode[] = [];
  let groupDebit = 0;
  let groupCredit = 0;
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const following = rows[index + 1];
    const account = accounts.get(row.account);
    if (!previous || previous.account !== row.account) {
      groupDebit = 0;
      groupCredit = 0;
      const opening = row.balance - row.debit + row.credit;
      body.push(
        <Table.Tr key={`head-${row.account}`} className="acc-account-row" data-testid="ledger-account">
          <Table.Td colSpan={columns - 2}>
            <Group gap="sm">
              <Link to={accountPath(row.account)} className="acc-code registre-row-link">
                {row.account}
              </Link>
              <span>{account ? accountLabel(account, locale) : ""}</span>
              {account?.lettrable ? (
                <Badge size="xs" variant="light" color="cyan" radius="sm" tt="none">
                  {t("accounts.lettrable")}
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td className="acc-num" colSpan={2}>
            <Text span size="xs" c="dimmed" mr={6}>
              {t("ledger.opening")}
            </Text>
            <Balance cents={opening} />
          </Table.Td>
        </Table.Tr>,
      );
    }
    groupDebit += row.debit;
    groupCredit += row.credit;
    const ref = refOf(row);
    const isSelected = selected.has(ref);
    const selectable =
      canLetter &&
      account?.lettrable === true &&
      !row.letterCode &&
      (selectionAccount === null || selectionAccount === row.account);
    body.push(
      <Table.Tr
        key={ref}
        className={isSelected ? "acc-selected" : undefined}
        data-testid="ledger-row"
        data-ref={ref}
      >
        {canLetter ? (
          <Table.Td>
            {account?.lettrable && !row.letterCode ? (
              <Checkbox
                size="xs"
                aria-label={t("ledger.selectLine", { label: row.label, date: day(row.date) })}
                checked={isSelected}
                disabled={!selectable && !isSelected}
                onChange={(event) => toggle(row, event.currentTarget.checked)}
                data-testid="ledger-check"
              />
            ) : null}
          </Table.Td>
        ) : null}
        <Table.Td className="registre-numeric">{day(row.date)}</Table.Td>
        <Table.Td>
          <Link to={entryPath(row.mvt)} className="acc-code acc-link">
            {row.number}
          </Link>
        </Table.Td>
        <Table.Td>
          {/* Long references and labels wrap: nothing of them is cut. */}
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {row.pieceRef}
          </Text>
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {row.auxiliary ? (
              <Badge
                size="xs"
                variant="outline"
                color="gray"
                radius="sm"
                tt="none"
                className="acc-code"
                style={{ flexShrink: 0, overflow: "visible" }}
              >
                {row.auxiliary}
              </Badge>
            ) : null}
            <Text span size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {row.label}
            </Text>
          </Group>
        </Table.Td>
        <AmountTd cents={row.debit} />
        <AmountTd cents={row.credit} />
        <Table.Td className="acc-num">
          <Balance cents={row.balance} />
        </Table.Td>
        <Table.Td>
          {row.letterCode ? (
            canLetter ? (
              <UnstyledButton
                onClick={() => {
                  unletter.reset();
                  setUnlettering({ account: row.account, code: row.letterCode ?? "" });
                }}
                aria-label={t("ledger.unletterCode", { code: row.letterCode })}
                title={t("ledger.unletterCode", { code: row.letterCode })}
                data-testid="ledger-letter-code"
              >
                <Badge
                  variant="light"
                  color="cyan"
                  radius="sm"
                  tt="none"
                  size="sm"
                  px={6}
                  className="acc-code"
                  style={{ overflow: "visible" }}
                >
                  {row.letterCode}
                </Badge>
              </UnstyledButton>
            ) : (
              <Badge
                variant="light"
                color="cyan"
                radius="sm"
                tt="none"
                size="sm"
                px={6}
                className="acc-code"
                style={{ overflow: "visible" }}
              >
                {row.letterCode}
              </Badge>
            )
          ) : null}
        </Table.Td>
      </Table.Tr>,
    );
    const groupComplete = following ? following.account !== row.account : !ledger.hasNextPage;
    if (groupComplete) {
      body.push(
        <Table.Tr
          key={`total-${row.account}`}
          className="acc-subtotal-row"
          data-testid="ledger-account-total"
        >
          <Table.Td colSpan={columns - 4}>{t("ledger.accountTotal", { account: row.account })}</Table.Td>
          <AmountTd cents={groupDebit} blankZero={false} />
          <AmountTd cents={groupCredit} blankZero={false} />
          <Table.Td className="acc-num">
            <Balance cents={row.balance} />
          </Table.Td>
          <Table.Td />
        </Table.Tr>,
      );
    }
  });

  return (
    <ReportGate title={t("reports.ledger.title")} crumbs>
      <Stack gap="md">
        <PageHeader
          title={t("reports.ledger.title")}
          description={t("reports.ledger.description")}
          crumbs={[{ to: reportsPath, label: t("reports.title") }]}
        />
        <Paper p="sm">
          <Group gap="sm" align="flex-end">
            <Select
              label={t("ledger.account")}
              placeholder={t("ledger.allAccounts")}
              data={accountOptions}
              value={filter.account || null}
              onChange={(value) => set({ account: value ?? "" })}
              searchable
              clearable
              limit={60}
              w={340}
              nothingFoundMessage={t("editor.noAccount")}
              data-testid="ledger-account-filter"
            />
            <DateField
              label={t("common.from")}
              value={filter.start}
              onChange={(start) => set({ start })}
              error={invalid ? t("common.rangeInvalid") : undefined}
              w={170}
            />
            <DateField label={t("common.to")} value={filter.end} onChange={(end) => set({ end })} w={170} />
            <Text size="sm" c="dimmed" ml="auto" className="registre-numeric" data-testid="ledger-count">
              {ledger.data
                ? t(ledger.hasNextPage ? "ledger.loadedMore" : "ledger.loaded", { count: rows.length })
                : null}
            </Text>
          </Group>
        </Paper>
        {canLetter ? (
          <Text size="xs" c="dimmed">
            {t("ledger.letteringHint")}
          </Text>
        ) : null}
        {notice ? (
          <Alert
            color="teal"
            variant="light"
            icon={<CheckIcon />}
            role="status"
            withCloseButton
            onClose={() => setNotice(null)}
            data-testid="ledger-notice"
          >
            {notice}
          </Alert>
        ) : null}
        {invalid ? null : ledger.isError ? (
          <ErrorAlert error={ledger.error} onRetry={() => void ledger.refetch()} testId="ledger-error" />
        ) : (
          <Paper p={0} style={{ overflow: "hidden" }}>
            <div className="acc-ledger-scroll" ref={scroller}>
              <Table
                className="registre-table acc-table"
                verticalSpacing={5}
                horizontalSpacing="sm"
                highlightOnHover
                miw={880}
                style={{ tableLayout: "fixed" }}
                aria-label={t("reports.ledger.title")}
                data-testid="ledger-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    {canLetter ? <Table.Th w={30} /> : null}
                    <Table.Th w={90}>{t("entries.date")}</Table.Th>
                    <Table.Th w={90}>{t("entries.number")}</Table.Th>
                    <Table.Th w={120}>{t("entries.pieceRef")}</Table.Th>
                    <Table.Th>{t("entries.label")}</Table.Th>
                    <Table.Th w={100} className="acc-num">
                      {t("common.debit")}
                    </Table.Th>
                    <Table.Th w={100} className="acc-num">
                      {t("common.credit")}
                    </Table.Th>
                    <Table.Th w={120} className="acc-num">
                      {t("common.balance")}
                    </Table.Th>
                    <Table.Th w={64}>{t("ledger.letterShort")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ledger.isPending ? (
                    <EmptyRow colSpan={columns}>
                      <Loader size="sm" />
                    </EmptyRow>
                  ) : rows.length === 0 ? (
                    <EmptyRow colSpan={columns}>{t("ledger.empty")}</EmptyRow>
                  ) : (
                    body
                  )}
                </Table.Tbody>
              </Table>
              <div ref={sentinel} style={{ height: 1 }} />
              {ledger.hasNextPage ? (
                <Group justify="center" py="sm">
                  <Button
                    variant="default"
                    size="xs"
                    loading={ledger.isFetchingNextPage}
                    onClick={() => void ledger.fetchNextPage()}
                    data-testid="ledger-more"
                  >
                    {t("ledger.loadMore")}
                  </Button>
                </Group>
              ) : null}
            </div>
            {selection.length > 0 ? (
              <Group
                className="acc-selection-bar"
                justify="space-between"
                px="md"
                py="sm"
                data-testid="ledger-selection"
              >
                <Group gap="lg" className="registre-numeric">
                  <Text size="sm" fw={600}>
                    {t("ledger.selected", { count: selection.length, account: selectionAccount ?? "" })}
                  </Text>
                  <Text size="sm">
                    {t("common.debit")}
                    {t("common.colon")}
                    {money.format(selDebit)}
                  </Text>
                  <Text size="sm">
                    {t("common.credit")}
                    {t("common.colon")}
                    {money.format(selCredit)}
                  </Text>
                  <Text
                    size="sm"
                    fw={700}
                    c={selDifference === 0 ? "teal.8" : "red.8"}
                    data-testid="ledger-selection-difference"
                  >
                    {t("ledger.difference")}
                    {t("common.colon")}
                    {money.format(selDifference)}
                  </Text>
                </Group>
                <Group gap="sm">
                  <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                    {t("ledger.clearSelection")}
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<LinkIcon />}
                    disabled={selection.length < 2 || selDifference !== 0}
                    loading={letter.isPending}
                    onClick={() =>
                      letter.mutate(selection.map(refOf), {
                        onSuccess: (result) => {
                          setNotice(
                            t("ledger.lettered", {
                              code: result.code,
                              account: result.account,
                              count: selection.length,
                            }),
                          );
                          setSelected(new Map());
                        },
                      })
                    }
                    data-testid="ledger-letter"
                  >
                    {t("ledger.letter")}
                  </Button>
                </Group>
              </Group>
            ) : null}
          </Paper>
        )}
        {letter.isError ? <ErrorAlert error={letter.error} testId="ledger-letter-error" /> : null}
        <ConfirmModal
          opened={unlettering !== null}
          title={t("ledger.unletterTitle")}
          confirmLabel={t("ledger.unletter")}
          color="orange"
          pending={unletter.isPending}
          error={unletter.isError ? unletter.error : null}
          onClose={() => setUnlettering(null)}
          onConfirm={() => {
            if (!unlettering) return;
            unletter.mutate(unlettering, {
              onSuccess: () => {
                setNotice(t("ledger.unlettered", unlettering));
                setUnlettering(null);
              },
            });
          }}
          testId="ledger-unletter-dialog"
        >
          <Text size="sm">
            {t("ledger.unletterText", { code: unlettering?.code ?? "", account: unlettering?.account ?? "" })}
          </Text>
        </ConfirmModal>
      </Stack>
    </ReportGate>
  );
};
