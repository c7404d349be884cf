import {
  Alert,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { PageHeader } from "../org/page-header.tsx";
import { change, marginRate } from "./income.ts";

type SalesStats = Schemas["SalesStats"];

/** Twelve months of sales ending with `to` ("2026-12": the calendar year 2026), from `sales_stats`. */
export const salesStatsQuery = (to: string) =>
  queryOptions({
    queryKey: ["dashboard", "stats", "sales", to] as const,
    // The route answers each kind of stats with its own schema: `sales`, these figures.
    queryFn: async ({ signal }) =>
      (await api.get("/dashboard/stats/{type}", {
        path: { type: "sales" },
        query: { to },
        signal,
      })) as SalesStats,
  });

/**
 * The income screen (`/org/dashboard/income`, and `/mobile` its narrow layout): the sales of a calendar
 * year month by month against the year before, its best customers and items (their margin where the
 * items' buy price is known). Tables, each month's bar beside its figures: the web has no chart library.
 */
export const IncomePage = ({ mobile = false }: { mobile?: boolean }) => {
  const { t } = useTranslation("income");
  const format = useFormat();
  const session = useSession();
  const allowed = can(session, "accounting", "read");
  const thisYear = Number(today().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const stats = useQuery({ ...salesStatsQuery(`${year}-12`), enabled: allowed });
  const money = (cents: number) => format.amount(cents / 100);
  const percent = (value: number | null) => (value === null ? "—" : `${format.number(value)} %`);
  const data = stats.data;
  const max = Math.max(1, ...(data?.months ?? []).flatMap((m) => [m.revenue, m.revenueLastYear]));
  const monthName = (month: string) => format.month(Number(month.slice(5, 7)));
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  return (
    <Stack gap="lg" data-testid="income">
      <PageHeader
        title={t("title")}
        description={t("description", { year, previous: year - 1 })}
        actions={
          <Select
            aria-label={t("year")}
            data={years}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={110}
            data-testid="income-year"
          />
        }
      />
      {!allowed ? (
        <Alert variant="light" color="yellow" title={t("forbiddenTitle")}>
          {t("forbidden")}
        </Alert>
      ) : stats.isError ? (
        <Alert variant="light" color="red" title={t("errorTitle")}>
          {t("error")}
        </Alert>
      ) : !data ? (
        <Skeleton height={320} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Figure
              label={t("revenue", { year })}
              value={money(data.totals.revenue)}
              testId="income-revenue"
            />
            <Figure
              label={t("revenue", { year: year - 1 })}
              value={money(data.totals.revenueLastYear)}
              testId="income-revenue-last-year"
            />
            <Figure
              label={t("change")}
              value={percent(change(data.totals.revenue, data.totals.revenueLastYear))}
              testId="income-change"
            />
          </SimpleGrid>
          <Paper p={mobile ? "sm" : "lg"}>
            <Text fw={650} mb="sm">
              {t("byMonth")}
            </Text>
            {mobile ? (
              <Stack gap="sm" data-testid="income-months">
                {data.months.map((m) => (
                  <Stack key={m.month} gap={2}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {monthName(m.month)}
                      </Text>
                      <Text size="sm" className="registre-numeric">
                        {money(m.revenue)}
                      </Text>
                    </Group>
                    <Progress value={(Math.max(0, m.revenue) / max) * 100} size="sm" aria-hidden />
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {t("lastYear", { year: year - 1 })}
                      </Text>
                      <Text size="xs" c="dimmed" className="registre-numeric">
                        {money(m.revenueLastYear)}
                      </Text>
                    </Group>
                  </Stack>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped data-testid="income-months">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("month")}</Table.Th>
                      <Table.Th ta="right">{year}</Table.Th>
                      <Table.Th aria-hidden w="30%" />
                      <Table.Th ta="right">{year - 1}</Table.Th>
                      <Table.Th ta="right">{t("change")}</Table.Th>
                      <Table.Th ta="right">{t("purchases")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.months.map((m) => (
                      <Table.Tr key={m.month}>
                        <Table.Td>{monthName(m.month)}</Table.Td>
                        <Table.Td ta="right" className="registre-numeric">
                          {money(m.revenue)}
                        </Table.Td>
                        <Table.Td aria-hidden>
                          <Stack gap={2}>
                            <Progress value={(Math.max(0, m.revenue) / max) * 100} size="sm" />
                            <Progress
                              value={(Math.max(0, m.revenueLastYear) / max) * 100}
                              size="xs"
                              color="gray"
                            />
                          </Stack>
                        </Table.Td>
                        <Table.Td ta="right" className="registre-numeric">
                          {money(m.revenueLastYear)}
                        </Table.Td>
                        <Table.Td ta="right" className="registre-numeric">
                          {percent(change(m.revenue, m.revenueLastYear))}
                        </Table.Td>
                        <Table.Td ta="right" className="registre-numeric">
                          {money(m.purchases)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>{t("total")}</Table.Th>
                      <Table.Th ta="right">{money(data.totals.revenue)}</Table.Th>
                      <Table.Th />
                      <Table.Th ta="right">{money(data.totals.revenueLastYear)}</Table.Th>
                      <Table.Th ta="right">
                        {percent(change(data.totals.revenue, data.totals.revenueLastYear))}
                      </Table.Th>
                      <Table.Th ta="right">{money(data.totals.purchases)}</Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, lg: mobile ? 1 : 2 }} spacing="lg">
            <Paper p={mobile ? "sm" : "lg"}>
              <Text fw={650} mb="sm">
                {t("byCustomer")}
              </Text>
              {data.customers.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("none")}
                </Text>
              ) : (
                <Table data-testid="income-customers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("customer")}</Table.Th>
                      <Table.Th ta="right">{year}</Table.Th>
                      {mobile ? null : <Table.Th ta="right">{year - 1}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.customers.map((c) => (
                      <Table.Tr key={c.contactId ?? "none"}>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{c.name ?? t("noCustomer")}</Table.Td>
                        <Table.Td ta="right" className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                          {money(c.revenue)}
                        </Table.Td>
                        {mobile ? null : (
                          <Table.Td ta="right" className="registre-numeric">
                            {money(c.revenueLastYear)}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper p={mobile ? "sm" : "lg"}>
              <Text fw={650} mb="sm">
                {t("byItem")}
              </Text>
              {data.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("none")}
                </Text>
              ) : (
                <Table data-testid="income-items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("item")}</Table.Th>
                      <Table.Th ta="right">{year}</Table.Th>
                      <Table.Th ta="right">{t("margin")}</Table.Th>
                      {mobile ? null : <Table.Th ta="right">{t("marginRate")}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((i) => (
                      <Table.Tr key={i.itemId}>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{i.label}</Table.Td>
                        <Table.Td ta="right" className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                          {money(i.revenue)}
                        </Table.Td>
                        <Table.Td ta="right" className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                          {i.costed === 0 ? "—" : money(i.margin)}
                        </Table.Td>
                        {mobile ? null : (
                          <Table.Td ta="right" className="registre-numeric">
                            {percent(marginRate(i.margin, i.costed))}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Text size="xs" c="dimmed" mt="sm">
                {t("marginNote")}
              </Text>
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
};

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Paper p="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz={22} fw={650} className="registre-numeric" style={{ whiteSpace: "nowrap" }} data-testid={testId}>
      {value}
    </Text>
  </Paper>
);

/** `/org/dashboard/income/mobile`: the same figures laid out for a phone. */
export const IncomeMobilePage = () => <IncomePage mobile />;
