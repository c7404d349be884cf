import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Anchor, Group, Paper, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { intlLocale } from "../../i18n/i18n.ts";
import type { ForecastStats, OverviewStats } from "./overview-api.ts";

/**
 * The dashboard's charts (Mantine's charts on recharts), loaded with their own chunk after the figures:
 * the twelve months' revenue and purchases, and the 90-day cash forecast. Each chart has a title, an
 * aria description with its figures, and its table one click away (the same figures, read aloud or
 * copied).
 */

const ChartCard = ({
  title,
  description,
  testId,
  chart,
  table,
  link,
}: {
  title: string;
  description: string;
  testId: string;
  chart: ReactNode;
  table: ReactNode;
  link: ReactNode;
}) => {
  const { t } = useTranslation("app");
  const [view, setView] = useState<"chart" | "table">("chart");
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Paper p="lg" data-testid={testId} aria-labelledby={titleId} component="section">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Text fw={650} id={titleId}>
          {title}
        </Text>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value === "table" ? "table" : "chart")}
          data={[
            { value: "chart", label: t("dashboard.view.chart") },
            { value: "table", label: t("dashboard.view.table") },
          ]}
          aria-label={t("dashboard.view.label", { title })}
          data-testid={`${testId}-view`}
        />
      </Group>
      {view === "chart" ? (
        <div role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
          {chart}
          <Text id={descriptionId} size="xs" c="dimmed" mt="xs">
            {description}
          </Text>
        </div>
      ) : (
        <Table.ScrollContainer minWidth={420}>{table}</Table.ScrollContainer>
      )}
      <Group mt="sm">{link}</Group>
    </Paper>
  );
};

/** The last twelve months' revenue and purchases (excl. tax), this month last. */
export const MonthsChart = ({ months }: { months: OverviewStats["months"] }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const euros = (cents: number) => format.amount(cents / 100);
  // "déc. 25", "Dec 25": the axis's short month.
  const short = new Intl.DateTimeFormat(intlLocale(format.locale), {
    month: "short",
    year: "2-digit",
    timeZone: "UTC",
  });
  const label = (month: string) =>
    short.format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));
  const data = months.map((m) => ({
    month: label(m.month),
    revenue: m.revenue / 100,
    purchases: m.purchases / 100,
  }));
  const revenue = months.reduce((s, m) => s + m.revenue, 0);
  const purchases = months.reduce((s, m) => s + m.purchases, 0);
  return (
    <ChartCard
      testId="dashboard-months"
      title={t("dashboard.months.title")}
      description={t("dashboard.months.description", {
        revenue: euros(revenue),
        purchases: euros(purchases),
      })}
      chart={
        <BarChart
          h={240}
          data={data}
          dataKey="month"
          series={[
            { name: "revenue", label: t("dashboard.months.revenue"), color: "teal.6" },
            { name: "purchases", label: t("dashboard.months.purchases"), color: "orange.5" },
          ]}
          valueFormatter={(value) => format.amount(value)}
          yAxisProps={{ tickFormatter: (value: number) => format.number(value) }}
          withLegend
          tickLine="y"
          gridAxis="y"
        />
      }
      table={
        <Table striped data-testid="dashboard-months-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("dashboard.months.month")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.months.revenue")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.months.purchases")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>
                  {format.month(Number(m.month.slice(5, 7)))} {m.month.slice(0, 4)}
                </Table.Td>
                <Table.Td ta="right" className="registre-numeric">
                  {euros(m.revenue)}
                </Table.Td>
                <Table.Td ta="right" className="registre-numeric">
                  {euros(m.purchases)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t("dashboard.total")}</Table.Th>
              <Table.Th ta="right" className="registre-numeric">
                {euros(revenue)}
              </Table.Th>
              <Table.Th ta="right" className="registre-numeric">
                {euros(purchases)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      }
      link={
        <Anchor component={Link} to="/org/dashboard/income" size="sm">
          {t("dashboard.income")}
        </Anchor>
      }
    />
  );
};

/** The cash forecast: the balance at each week's end, and the week's flows in the table. */
export const ForecastChart = ({ forecast }: { forecast: ForecastStats }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const euros = (cents: number) => format.amount(cents / 100);
  const data = forecast.weeks.map((w) => ({
    week: format.shortDate(w.end).slice(0, 5),
    balance: w.balance / 100,
  }));
  const low = Math.min(forecast.opening, ...forecast.weeks.map((w) => w.balance));
  return (
    <ChartCard
      testId="dashboard-forecast"
      title={t("dashboard.forecast.title")}
      description={t("dashboard.forecast.description", {
        opening: euros(forecast.opening),
        closing: euros(forecast.totals.closing),
        to: format.date(forecast.to),
        low: euros(low),
      })}
      chart={
        <LineChart
          h={240}
          data={data}
          dataKey="week"
          series={[{ name: "balance", label: t("dashboard.forecast.balance"), color: "indigo.6" }]}
          valueFormatter={(value) => format.amount(value)}
          yAxisProps={{ tickFormatter: (value: number) => format.number(value) }}
          referenceLines={[{ y: 0, color: "red.6" }]}
          curveType="linear"
          tickLine="y"
          gridAxis="y"
        />
      }
      table={
        <Table striped data-testid="dashboard-forecast-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("dashboard.forecast.week")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.forecast.receipts")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.forecast.payments")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.forecast.vat")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.forecast.balance")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forecast.weeks.map((w) => (
              <Table.Tr key={w.start}>
                <Table.Td>
                  {format.shortDate(w.start)} – {format.shortDate(w.end)}
                </Table.Td>
                {[w.receipts, w.payments, w.vat, w.balance].map((value, i) => (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    key={i}
                    ta="right"
                    className="registre-numeric"
                    c={i === 3 && value < 0 ? "red" : undefined}
                  >
                    {euros(value)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t("dashboard.total")}</Table.Th>
              {[
                forecast.totals.receipts,
                forecast.totals.payments,
                forecast.totals.vat,
                forecast.totals.closing,
              ].map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Table.Th key={i} ta="right" className="registre-numeric">
                  {euros(value)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      }
      link={
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t("dashboard.forecast.note")}
          </Text>
        </Stack>
      }
    />
  );
};
