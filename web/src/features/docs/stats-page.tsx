import { Box, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { TableFrame } from "../../components/data-table.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { intlLocale } from "../../i18n/i18n.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { type DocStats, docStatsQuery } from "./api.ts";
import {
  type Direction,
  type DocKind,
  directions,
  docKinds,
  docStatuses,
  rightOf,
  statusColors,
} from "./model.ts";
import { StatusBadge, useCanDocs } from "./ui.tsx";

const types = directions.flatMap((direction) => docKinds.map((kind) => ({ direction, kind })));

/** A figure or a month's name centred on its bar, in the chart's small type. */
const BarLabel = ({ x, y, fill, children }: { x: number; y: number; fill: string; children: string }) => (
  <text x={x} y={y} textAnchor="middle" fontSize={11} fill={fill}>
    {children}
  </text>
);

/** The year's twelve months as bars of their amount incl. tax (SVG: no chart library for one chart). */
const MonthChart = ({ stats, year, label }: { stats: DocStats; year: number; label: string }) => {
  const { locale, month, number } = useFormat();
  // « janv. », « juin », « juil. »: the language's own short months (three letters would repeat « Jui »).
  const shortMonth = new Intl.DateTimeFormat(intlLocale(locale), { month: "short", timeZone: "UTC" });
  const months = Array.from({ length: 12 }, (_, i) => {
    const key = `${year}-${String(i + 1).padStart(2, "0")}`;
    const row = stats.byMonth.find((m) => m.month === key);
    return { index: i, key, amount: row?.total.totalInclTax ?? 0, count: row?.total.count ?? 0 };
  });
  const max = Math.max(1, ...months.map((m) => Math.abs(m.amount)));
  const width = 720;
  const height = 240;
  const top = 28;
  const bottom = 28;
  const band = width / 12;
  const bar = band * 0.62;
  const scale = (cents: number) => (Math.abs(cents) / max) * (height - top - bottom);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      data-testid="stats-chart"
      style={{ maxHeight: 280, display: "block" }}
    >
      <line
        x1={0}
        x2={width}
        y1={height - bottom}
        y2={height - bottom}
        stroke="var(--mantine-color-default-border)"
      />
      <line
        x1={0}
        x2={width}
        y1={top}
        y2={top}
        stroke="var(--mantine-color-default-border)"
        strokeDasharray="4 4"
      />
      <text x={2} y={top - 6} fontSize={11} fill="var(--mantine-color-dimmed)" data-testid="stats-max">
        {formatCents(max === 1 ? 0 : max, locale, { currency: true })}
      </text>
      {months.map((m) => {
        const h = scale(m.amount);
        const x = m.index * band + (band - bar) / 2;
        const y = height - bottom - h;
        return (
          <g key={m.key}>
            <title>{`${month(m.index + 1)} ${year} · ${number(m.count)} · ${formatCents(m.amount, locale, { currency: true })}`}</title>
            <rect
              x={x}
              y={y}
              width={bar}
              height={Math.max(h, m.amount ? 1 : 0)}
              rx={3}
              fill={m.amount < 0 ? "var(--mantine-color-orange-5)" : "var(--mantine-color-blue-5)"}
              data-testid="stats-bar"
            />
            {m.count ? (
              <BarLabel x={x + bar / 2} y={y - 5} fill="var(--mantine-color-dimmed)">
                {number(m.count)}
              </BarLabel>
            ) : null}
            <BarLabel x={x + bar / 2} y={height - 9} fill="var(--mantine-color-text)">
              {shortMonth.format(new Date(Date.UTC(2000, m.index, 1)))}
            </BarLabel>
          </g>
        );
      })}
    </svg>
  );
};

/** `/org/docs/stats`: a kind's documents of a year, counts and amounts by month (a chart) and by status. */
export const DocStatsPage = () => {
  const { t } = useTranslation("docs");
  const { locale, number } = useFormat();
  const can = useCanDocs();
  const [params, setParams] = useSearchParams();
  const [directionParam, kindParam] = (params.get("type") ?? "sales-invoice").split("-");
  const direction: Direction = directionParam === "purchases" ? "purchases" : "sales";
  const kind: DocKind = (docKinds as readonly string[]).includes(kindParam ?? "")
    ? (kindParam as DocKind)
    : "invoice";
  const thisYear = Number(today().slice(0, 4));
  const year = Number(params.get("year") ?? thisYear) || thisYear;
  const allowed = can(rightOf(direction, kind), "read");
  const stats = useQuery({
    ...docStatsQuery(direction, kind, `${year}-01-01`, `${year}-12-31`),
    enabled: allowed,
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const kindLabel = `${t(`kinds.${kind}`)} · ${t(`directions.${direction}`)}`;
  return (
    <Stack gap="md">
      <PageHeader title={t("stats.title")} description={t("stats.description")} />
      <Group gap="sm">
        <Select
          label={t("stats.kind")}
          value={`${direction}-${kind}`}
          data={types.map((type) => ({
            value: `${type.direction}-${type.kind}`,
            label: `${t(`kinds.${type.kind}`)} · ${t(`directions.${type.direction}`)}`,
          }))}
          allowDeselect={false}
          onChange={(value) => value && set("type", value)}
          w={280}
          data-testid="stats-type"
        />
        <Select
          label={t("stats.year")}
          value={String(year)}
          data={Array.from({ length: 6 }, (_, i) => String(thisYear + 1 - i))}
          allowDeselect={false}
          onChange={(value) => value && set("year", value)}
          w={120}
          data-testid="stats-year"
        />
      </Group>
      {!allowed ? (
        <NoAccess />
      ) : (
        <QueryView query={stats} testId="stats-error">
          {(data) =>
            data.total.count === 0 ? (
              <Paper p="xl">
                <Text c="dimmed" ta="center" data-testid="stats-empty">
                  {t("stats.empty")}
                </Text>
              </Paper>
            ) : (
              <Stack gap="md">
                <Paper p="md">
                  <Title order={2} size="h5" mb="sm">
                    {t("stats.byMonth")}
                  </Title>
                  <MonthChart
                    stats={data}
                    year={year}
                    label={t("stats.chartLabel", { kind: kindLabel, year })}
                  />
                </Paper>
                <Box maw={640}>
                  <TableFrame minWidth={420} testId="stats-by-status" highlight={false}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("stats.byStatus")}</Table.Th>
                        <Table.Th ta="right">{t("stats.count")}</Table.Th>
                        <Table.Th ta="right">{t("stats.amount")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {docStatuses
                        .filter((s) => data.byStatus[s]?.count)
                        .map((s) => (
                          <Table.Tr key={s}>
                            <Table.Td>
                              <StatusBadge status={s} />
                            </Table.Td>
                            <Table.Td ta="right" className="registre-numeric">
                              {number(data.byStatus[s]?.count ?? 0)}
                            </Table.Td>
                            <Table.Td
                              ta="right"
                              className="registre-numeric"
                              c={statusColors[s] === "red" ? "red" : undefined}
                            >
                              {formatCents(data.byStatus[s]?.totalInclTax ?? 0, locale)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      <Table.Tr fw={700}>
                        <Table.Td>{t("stats.total")}</Table.Td>
                        <Table.Td ta="right" className="registre-numeric">
                          {number(data.total.count)}
                        </Table.Td>
                        <Table.Td ta="right" className="registre-numeric" data-testid="stats-total">
                          {formatCents(data.total.totalInclTax, locale)}
                        </Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </TableFrame>
                </Box>
              </Stack>
            )
          }
        </QueryView>
      )}
    </Stack>
  );
};
