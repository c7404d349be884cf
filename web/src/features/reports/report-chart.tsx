import "@mantine/charts/styles.css";
import { BarChart, type BarChartSeries } from "@mantine/charts";
import { Paper, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../i18n/i18n.ts";
import { useReportFormat } from "./format.ts";
import type { ManagementReport } from "./model.ts";

/** How many rows a chart of customers, suppliers or items shows: the largest. */
const TOP = 10;

type Picture = {
  /** The bars' rows: the label, then a value in cents per series. */
  data: Record<string, string | number>[];
  series: BarChartSeries[];
  /** Bars lying (names on the left) or standing (months along the bottom). */
  lying: boolean;
  stacked: boolean;
};

const agedColours: Record<string, string> = {
  notDue: "teal.6",
  days1to30: "yellow.6",
  days31to60: "orange.6",
  days61to90: "red.6",
  over90: "red.9",
};

const cents = (value: unknown): number => (typeof value === "number" ? value : 0);

/**
 * The chart of a report, where a picture says more than its table: the months' net sales, the largest
 * customers, suppliers or items, the margins over their cost, who owes what by lateness. Null when the
 * report has nothing to draw.
 */
const pictureOf = (
  report: ManagementReport,
  label: (row: ManagementReport["rows"][number]) => string,
  column: (key: string) => string,
): Picture | null => {
  const rows = report.rows;
  if (rows.length === 0) return null;
  const top = (key: string) =>
    [...rows].sort((a, b) => cents(b.values[key]) - cents(a.values[key])).slice(0, TOP);
  switch (report.type) {
    case "sales-by-month":
      return {
        data: rows.map((r) => ({ name: label(r), net: cents(r.values.net) })),
        series: [{ name: "net", label: column("net"), color: "blue.6" }],
        lying: false,
        stacked: false,
      };
    case "margin-by-item":
      return {
        // Items whose lines all lack a cost have no bar to draw.
        data: top("margin")
          .filter((r) => cents(r.values.revenue) !== 0)
          .map((r) => ({
            name: label(r),
            cost: cents(r.values.cost),
            margin: cents(r.values.margin),
          })),
        series: [
          { name: "cost", label: column("cost"), color: "gray.5" },
          { name: "margin", label: column("margin"), color: "teal.6" },
        ],
        lying: true,
        stacked: true,
      };
    case "aged-receivables":
    case "aged-payables": {
      const buckets = Object.keys(agedColours);
      return {
        data: top("total").map((r) => ({
          name: label(r),
          ...Object.fromEntries(buckets.map((b) => [b, cents(r.values[b])])),
        })),
        series: buckets.map((b) => ({ name: b, label: column(b), color: agedColours[b] ?? "gray.6" })),
        lying: true,
        stacked: true,
      };
    }
    default:
      return {
        data: top("net").map((r) => ({ name: label(r), net: cents(r.values.net) })),
        series: [{ name: "net", label: column("net"), color: "blue.6" }],
        lying: true,
        stacked: false,
      };
  }
};

/**
 * The report's chart (Mantine's charts, loaded with this screen only), titled, with its figures said
 * for screen readers too (and shown in the table below it).
 */
export const ReportChart = ({
  report,
  title,
  tableId,
}: {
  report: ManagementReport;
  title: string;
  tableId: string;
}) => {
  const { t } = useTranslation("accounting");
  const { label, money, format } = useReportFormat();
  const titleId = useId();
  const column = (key: string) => t(`management.columns.${key}`, { defaultValue: key });
  // Months along the bottom, short (« sept. 2026 »): twelve long names would run into each other.
  const shortMonth = new Intl.DateTimeFormat(intlLocale(format.locale), {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const name = (row: ManagementReport["rows"][number]) =>
    report.subject === "month" && row.key
      ? shortMonth.format(new Date(Date.UTC(Number(row.key.slice(0, 4)), Number(row.key.slice(5, 7)) - 1, 1)))
      : label(report, row);
  const picture = pictureOf(report, name, column);
  if (!picture) return null;
  // Whole euros on the axis, compact (« 12 k€ »): the exact amounts are in the tooltip and the table.
  const compact = new Intl.NumberFormat(intlLocale(format.locale), {
    style: "currency",
    currency: "EUR",
    notation: "compact",
    maximumFractionDigits: 1,
  });
  const axis = (value: number) => compact.format((value - (value % 100)) / 100);
  const described = picture.data
    .map((d) =>
      [d.name, ...picture.series.map((s) => `${s.label ?? s.name} ${money(cents(d[s.name]))}`)].join(" : "),
    )
    .join(" ; ");
  const height = picture.lying ? Math.max(160, 36 * picture.data.length + 60) : 280;
  return (
    <Paper p="md" component="figure" m={0} aria-labelledby={titleId} data-testid="report-chart">
      <Text component="figcaption" fw={650} mb="sm" id={titleId}>
        {title}
      </Text>
      <div role="img" aria-label={`${title}. ${described}`} aria-describedby={tableId}>
        <BarChart
          h={height}
          data={picture.data}
          dataKey="name"
          series={picture.series}
          type={picture.stacked ? "stacked" : "default"}
          orientation={picture.lying ? "vertical" : "horizontal"}
          valueFormatter={money}
          withLegend={picture.series.length > 1}
          // The series in their own order (not by name): cost then margin, not due to over 90 days.
          legendProps={{ verticalAlign: "bottom", itemSorter: null }}
          gridAxis={picture.lying ? "x" : "y"}
          xAxisProps={picture.lying ? { tickFormatter: axis } : {}}
          yAxisProps={picture.lying ? { width: 150 } : { tickFormatter: axis, width: 70 }}
          tooltipAnimationDuration={0}
          barProps={{ isAnimationActive: false }}
        />
      </div>
    </Paper>
  );
};
