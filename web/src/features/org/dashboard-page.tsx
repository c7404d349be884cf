import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BankIcon, LedgerIcon, PurchasesIcon, SalesIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { agedQuery, forecastQuery, overviewQuery, todoQuery } from "../dashboard/overview-api.ts";
import { CashCard, LateInvoices, MonthCard, Todos } from "../dashboard/overview-sections.tsx";
import { newDocPath } from "../docs/paths.ts";
import { PageHeader } from "./page-header.tsx";

/** The current fiscal year's figures from the accounting read models, in integer cents. */
export const accountingStatsQuery = () =>
  queryOptions({
    queryKey: ["dashboard", "stats", "accounting"] as const,
    // The route answers each kind of stats with its own schema: `accounting`, these figures.
    queryFn: async ({ signal }) =>
      (await api.get("/dashboard/stats/{type}", {
        path: { type: "accounting" },
        signal,
      })) as Schemas["AccountingStats"],
  });

// The charts (recharts) come in their own chunk, after the figures.
const MonthsChart = lazy(async () => ({
  default: (await import("../dashboard/dashboard-charts.tsx")).MonthsChart,
}));
const ForecastChart = lazy(async () => ({
  default: (await import("../dashboard/dashboard-charts.tsx")).ForecastChart,
}));

const CardSkeleton = ({ height = 180, testId }: { height?: number; testId?: string }) => (
  <Paper p="lg" data-testid={testId}>
    <Skeleton height={16} width="40%" mb="md" />
    <Skeleton height={height} />
  </Paper>
);

/** `at`: a balance at a day (what is owed, what the bank holds), not a total over the year. */
const kpis = [
  { key: "revenue", icon: <SalesIcon />, to: "/org/sales/invoices", at: false },
  { key: "due", icon: <LedgerIcon />, to: "/org/sales/invoices", at: true },
  { key: "expenses", icon: <PurchasesIcon />, to: "/org/purchases/invoices", at: false },
  { key: "cash", icon: <BankIcon />, to: "/org/bankstatements", at: true },
] as const;

/** Shortcuts to create things, each shown to a member whose rights allow creating it. */
const shortcuts = [
  { to: newDocPath("sales", "quote"), key: "quote", right: "sales.quotes" },
  { to: newDocPath("sales", "invoice"), key: "invoice", right: "sales.invoices" },
  { to: "/org/contacts/create", key: "contact", right: "contacts" },
  { to: "/org/bankstatements?import=1", key: "statement", right: "statements" },
] as const;

export const DashboardPage = () => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const session = useSession();
  const user = session.status === "authenticated" ? session.user : null;
  // Asked only of a member who may read the books: the others see "—", not an error.
  const readsBooks = user?.org != null && can(session, "accounting", "read");
  const stats = useQuery({ ...accountingStatsQuery(), enabled: readsBooks });
  const inOrg = user?.org != null;
  const readsSales = inOrg && (readsBooks || can(session, "sales.invoices", "read"));
  const overview = useQuery({ ...overviewQuery(), enabled: readsBooks });
  const forecast = useQuery({ ...forecastQuery(), enabled: readsBooks });
  const aged = useQuery({ ...agedQuery(), enabled: readsSales });
  const todo = useQuery({ ...todoQuery(), enabled: inOrg });
  // A new organisation: nothing sold, bought or banked in twelve months.
  const figures = overview.data;
  const empty =
    figures?.months.every((m) => m.revenue === 0 && m.purchases === 0) === true &&
    figures.cash.banks.length === 0 &&
    figures.cash.total === 0;
  const failed = overview.isError || forecast.isError || aged.isError || todo.isError;
  const allowedShortcuts = shortcuts.filter((shortcut) => can(session, shortcut.right, "create"));
  const year = stats.data?.year ?? null;
  const figure = (key: (typeof kpis)[number]["key"]) => (year && stats.data ? stats.data[key] : null);
  const provisional = stats.data?.provisional === true;
  // The day in Paris, as the figures count it (a browser elsewhere or on UTC would say the day before after midnight).
  const todayDay = today();
  // The books are at an earlier year than today's: say so, as the reports open on that year too.
  const earlier = year !== null && year.end < todayDay;
  const footer = (at: boolean) => {
    if (!year) return t("dashboard.pending");
    return at && stats.data?.asOf
      ? t("dashboard.asOf", { date: format.date(stats.data.asOf) })
      : t("dashboard.fiscalYear", { start: format.date(year.start), end: format.date(year.end) });
  };
  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.greeting", { name: user?.name ?? "", date: format.date(todayDay) })}
      />
      {user && user.org === null ? (
        <Alert variant="light" title={t("dashboard.noOrgTitle")}>
          <Group justify="space-between">
            <Text size="sm">{t("dashboard.noOrgText")}</Text>
            <LinkButton to="/user/orgs" size="xs">
              {t("dashboard.noOrgAction")}
            </LinkButton>
          </Group>
        </Alert>
      ) : null}
      {year && provisional ? (
        <Alert
          variant="light"
          color="yellow"
          title={t("dashboard.provisionalTitle")}
          data-testid="dashboard-provisional"
        >
          <Stack gap={6}>
            <Text size="sm">
              {t("dashboard.provisionalText", { start: format.date(year.start), end: format.date(year.end) })}
            </Text>
            {earlier ? <Text size="sm">{t("dashboard.earlierYear")}</Text> : null}
            <Group>
              <LinkButton to={`/org/accounting/balancesheet/${year.id}`} size="xs" variant="default">
                {t("dashboard.seeYear")}
              </LinkButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {kpis.map((kpi) => (
          <Paper key={kpi.key} p="lg" component={Link} to={kpi.to} className="registre-kpi">
            {/* The label beside its icon, the figure below across the card: a six-figure amount fits. */}
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                {t(`dashboard.kpis.${kpi.key}`)}
              </Text>
              <ThemeIcon variant="light" size={32} radius="md" style={{ flexShrink: 0 }}>
                {kpi.icon}
              </ThemeIcon>
            </Group>
            {stats.isPending && readsBooks ? (
              <Skeleton height={30} mt={6} width={140} />
            ) : (
              // Without a fiscal year (or the right to read the books), say so rather than show 0,00 €.
              <Text
                fz={26}
                fw={650}
                mt={4}
                className="registre-numeric"
                style={{ whiteSpace: "nowrap" }}
                c={figure(kpi.key) === null ? "dimmed" : undefined}
                data-testid={`kpi-${kpi.key}`}
              >
                {figure(kpi.key) === null ? "—" : format.amount((figure(kpi.key) ?? 0) / 100)}
              </Text>
            )}
            <Stack gap={4} mt="sm" align="flex-start">
              <Text size="xs" c="dimmed" data-testid={`kpi-${kpi.key}-period`}>
                {footer(kpi.at)}
              </Text>
              {year && provisional ? (
                <Badge size="xs" variant="light" color="yellow" tt="none">
                  {t("dashboard.provisionalBadge")}
                </Badge>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {readsBooks ? (
        <Group>
          <LinkButton to="/org/dashboard/income" variant="light" size="xs" data-testid="dashboard-income">
            {t("dashboard.income")}
          </LinkButton>
        </Group>
      ) : null}
      {failed ? (
        <Alert variant="light" color="red" title={t("dashboard.errorTitle")} data-testid="dashboard-error">
          {t("dashboard.error")}
        </Alert>
      ) : null}
      {empty ? (
        <Alert variant="light" title={t("dashboard.emptyTitle")} data-testid="dashboard-empty">
          {t("dashboard.empty")}
        </Alert>
      ) : null}
      {inOrg ? (
        <SimpleGrid cols={{ base: 1, md: readsBooks ? 3 : 1 }} spacing="lg">
          {readsBooks ? (
            overview.data ? (
              <MonthCard month={overview.data.month} />
            ) : (
              <CardSkeleton height={120} testId="dashboard-month-loading" />
            )
          ) : null}
          {readsBooks ? (
            overview.data ? (
              <CashCard cash={overview.data.cash} vat={overview.data.vat} />
            ) : (
              <CardSkeleton height={120} />
            )
          ) : null}
          {todo.data ? <Todos todo={todo.data} /> : <CardSkeleton height={120} />}
        </SimpleGrid>
      ) : null}
      {readsBooks ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Suspense fallback={<CardSkeleton height={240} />}>
            {overview.data ? <MonthsChart months={overview.data.months} /> : <CardSkeleton height={240} />}
          </Suspense>
          <Suspense fallback={<CardSkeleton height={240} />}>
            {forecast.data ? <ForecastChart forecast={forecast.data} /> : <CardSkeleton height={240} />}
          </Suspense>
        </SimpleGrid>
      ) : null}
      {readsSales ? aged.data ? <LateInvoices aged={aged.data} /> : <CardSkeleton height={120} /> : null}
      {allowedShortcuts.length > 0 ? (
        <Paper p="lg">
          <Text fw={650} mb="sm">
            {t("dashboard.shortcuts")}
          </Text>
          <Group gap="sm">
            {allowedShortcuts.map((shortcut) => (
              <LinkButton key={shortcut.key} to={shortcut.to} variant="default">
                {t(`dashboard.actions.${shortcut.key}`)}
              </LinkButton>
            ))}
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
};
