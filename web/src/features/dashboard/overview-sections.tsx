import { Anchor, Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { accountPath } from "../accounting/paths.ts";
import { docPath } from "../docs/paths.ts";
import { change } from "./income.ts";
import { type AgedStats, lateShown, type OverviewStats, type TodoStats } from "./overview-api.ts";

/** A card of the dashboard: its title, its content, and the list it counts one click away. */
export const Card = ({ title, testId, children }: { title: string; testId: string; children: ReactNode }) => (
  <Paper p="lg" data-testid={testId} component="section">
    <Text fw={650} mb="sm">
      {title}
    </Text>
    {children}
  </Paper>
);

const Change = ({ now, before }: { now: number; before: number }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const value = change(now, before);
  if (value === null)
    return (
      <Text size="xs" c="dimmed">
        {t("dashboard.month.noLastYear")}
      </Text>
    );
  return (
    <Text size="xs" c={value >= 0 ? "teal" : "red"}>
      {t("dashboard.month.change", { change: `${value > 0 ? "+" : ""}${format.number(value)}` })}
    </Text>
  );
};

/** This month so far against the same month last year: revenue and purchases, each opening its list. */
export const MonthCard = ({ month }: { month: OverviewStats["month"] }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const euros = (cents: number) => format.amount(cents / 100);
  const name = `${format.month(Number(month.month.slice(5, 7)))} ${month.month.slice(0, 4)}`;
  const lines = [
    { key: "revenue", now: month.revenue, before: month.revenueLastYear, to: "/org/sales/invoices" },
    {
      key: "purchases",
      now: month.purchases,
      before: month.purchasesLastYear,
      to: "/org/purchases/invoices",
    },
  ] as const;
  return (
    <Card title={t("dashboard.month.title", { month: name })} testId="dashboard-month">
      <Stack gap="sm">
        {lines.map((line) => (
          <Stack key={line.key} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`dashboard.month.${line.key}`)}
            </Text>
            <Anchor
              component={Link}
              to={line.to}
              fz={22}
              fw={650}
              className="registre-numeric"
              data-testid={`dashboard-month-${line.key}`}
            >
              {euros(line.now)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t("dashboard.month.lastYear", { amount: euros(line.before) })}
            </Text>
            <Change now={line.now} before={line.before} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
};

/** Cash today per bank account, and the VAT the current period owes so far. */
export const CashCard = ({ cash, vat }: { cash: OverviewStats["cash"]; vat: OverviewStats["vat"] }) => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const euros = (cents: number) => format.amount(cents / 100);
  return (
    <Card title={t("dashboard.cash.title", { date: format.date(cash.asOf) })} testId="dashboard-cash">
      <Stack gap="xs">
        <Anchor
          component={Link}
          to="/org/banks"
          fz={22}
          fw={650}
          className="registre-numeric"
          data-testid="dashboard-cash-total"
        >
          {euros(cash.total)}
        </Anchor>
        {cash.banks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("dashboard.cash.noBank")}
          </Text>
        ) : (
          cash.banks.map((bank) => (
            <Group key={bank.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={accountPath(bank.account)} size="sm" truncate>
                {bank.name}
              </Anchor>
              <Text size="sm" className="registre-numeric" c={bank.balance < 0 ? "red" : undefined}>
                {euros(bank.balance)}
              </Text>
            </Group>
          ))
        )}
        {cash.other !== 0 ? (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{t("dashboard.cash.other")}</Text>
            <Text size="sm" className="registre-numeric">
              {euros(cash.other)}
            </Text>
          </Group>
        ) : null}
        <Stack gap={0} mt="xs" data-testid="dashboard-vat">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("dashboard.vat.title", { period: vat.period })}
          </Text>
          <Anchor component={Link} to="/org/accounting/vat" fw={650} className="registre-numeric">
            {vat.due >= 0 ? euros(vat.due) : t("dashboard.vat.credit", { amount: euros(-vat.due) })}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t("dashboard.vat.payBy", { date: format.date(vat.payBy) })}
          </Text>
          {vat.earlier > 0 || vat.unpaidReturns.length > 0 ? (
            <Text size="xs" c="orange">
              {t("dashboard.vat.earlier", {
                amount: euros(vat.earlier + vat.unpaidReturns.reduce((s, r) => s + r.amount, 0)),
              })}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
};

/**
 * The oldest late invoices (the first few: `agedQuery` asks for as many), each opening the invoice; the
 * whole list behind.
 */
export const LateInvoices = ({ aged, top = lateShown }: { aged: AgedStats; top?: number }) => {
  const { t } = useTranslation(["app", "accounting"]);
  const format = useFormat();
  const euros = (cents: number) => format.amount(cents / 100);
  return (
    <Card title={t("dashboard.late.title")} testId="dashboard-late">
      {aged.lateCount === 0 ? (
        <Text size="sm" c="dimmed" data-testid="dashboard-late-none">
          {t("dashboard.late.none")}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {t("dashboard.late.summary", { count: aged.lateCount, amount: euros(aged.lateAmount) })}
          </Text>
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("dashboard.late.invoice")}</Table.Th>
                  <Table.Th>{t("dashboard.late.customer")}</Table.Th>
                  <Table.Th ta="right">{t("dashboard.late.days")}</Table.Th>
                  <Table.Th ta="right">{t("dashboard.late.due")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {aged.late.slice(0, top).map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Anchor component={Link} to={docPath(l.id)} size="sm">
                        {l.number ?? "—"}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate maw={180}>
                        {l.contactName ?? "—"}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Badge size="sm" variant="light" color={l.daysLate > 60 ? "red" : "orange"}>
                        {t("dashboard.late.daysLate", { count: l.daysLate })}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" className="registre-numeric">
                      {euros(l.due)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Group mt="sm" gap="md">
        <Anchor
          component={Link}
          to="/org/sales/invoices?late=true"
          size="sm"
          data-testid="dashboard-late-all"
        >
          {t("dashboard.late.all")}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t("dashboard.late.receivables", { amount: euros(aged.totals.total) })}
        </Text>
      </Group>
      {aged.ledger !== null && aged.ledger !== aged.totals.total ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="dashboard-late-ledger">
          {t("accounting:agedLedger.outsideDocuments", {
            ledger: euros(aged.ledger),
            difference: euros(aged.ledger - aged.totals.total),
          })}
        </Text>
      ) : null}
    </Card>
  );
};

/** What needs doing: each to-do's count opening its list; all clear when every count is zero. */
export const Todos = ({ todo }: { todo: TodoStats }) => {
  const { t } = useTranslation("app");
  const open = todo.items.filter((item) => item.count > 0);
  return (
    <Card title={t("dashboard.todo.title")} testId="dashboard-todo">
      {open.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="dashboard-todo-none">
          {t("dashboard.todo.none")}
        </Text>
      ) : (
        <Stack gap="xs">
          {open.map((item) => (
            <Group key={item.key} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={item.path} size="sm" data-testid={`dashboard-todo-${item.key}`}>
                {t(`dashboard.todo.${item.key}`, { count: item.count })}
              </Anchor>
              <Badge variant="light" color="orange">
                {item.count}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
};
