import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { UseAdvancePanel } from "./advances.tsx";
import {
  type Direction,
  type Payment,
  paymentHistoryQuery,
  paymentPath,
  paymentQuery,
  paymentsPath,
  paymentsQuery,
  useCancelPayment,
  useCanPay,
} from "./api.ts";

export { PaymentCreatePage, PurchasePaymentCreatePage, SalesPaymentCreatePage } from "./payment-create.tsx";

const PaymentStatus = ({ payment }: { payment: Payment }) => {
  const { t } = useTranslation("payments");
  const refund = payment.refund ? (
    <Badge color="orange" variant="light" tt="none" data-testid="payment-refund">
      {t("refunds.badge")}
    </Badge>
  ) : null;
  if (payment.status === "cancelled")
    return (
      <Group gap={4}>
        {refund}
        <Badge color="gray" variant="light" tt="none">
          {t("payments.cancelled")}
        </Badge>
      </Group>
    );
  return (
    <Group gap={4}>
      {refund}
      <Badge color={payment.depositNumber ? "blue" : "teal"} variant="light" tt="none">
        {payment.depositNumber ?? t("payments.validated")}
      </Badge>
    </Group>
  );
};

const PaymentsList = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const can = useCanPay();
  const payments = useQuery({ ...paymentsQuery(direction), enabled: can(`${direction}.payments`, "read") });
  const money = (cents: number) => formatCents(cents, locale, { currency: true });
  const columns: Column<Payment>[] = [
    { key: "date", header: t("payments.date"), width: 110, cell: (p) => shortDate(p.date) },
    {
      key: "contact",
      header: t("payments.contact"),
      cell: (p) => (
        <Link to={paymentPath(p.id)} className="registre-row-link">
          {p.contactName}
        </Link>
      ),
    },
    {
      key: "docs",
      header: t("payments.allocations"),
      // A number never breaks at its hyphen; several go one under the other.
      cell: (p) =>
        p.allocations.length === 0
          ? "—"
          : p.allocations.map((a) => (
              <span key={a.docId} style={{ display: "block", whiteSpace: "nowrap" }}>
                {a.number}
              </span>
            )),
    },
    { key: "mode", header: t("payments.mode"), width: 120, cell: (p) => p.modeLabel },
    { key: "reference", header: t("payments.reference"), cell: (p) => p.reference ?? "—" },
    { key: "amount", header: t("payments.amount"), numeric: true, width: 120, cell: (p) => money(p.amount) },
    {
      key: "advance",
      header: t("payments.advanceShort"),
      numeric: true,
      width: 120,
      cell: (p) => (p.unallocated > 0 ? money(p.unallocated) : "—"),
    },
    { key: "status", header: t("payments.status"), width: 140, cell: (p) => <PaymentStatus payment={p} /> },
  ];
  return (
    <QueryTable
      query={payments}
      columns={columns}
      rowKey={(p) => p.id}
      rowLink={(p) => paymentPath(p.id)}
      rowProps={() => ({ "data-testid": "payment-row" })}
      empty={t("payments.empty")}
      caption={t(`payments.${direction}`)}
      testId="payments-table"
      footer={(data) => (
        <Text size="sm" c="dimmed" p="xs">
          {t("payments.total", { amount: money(data.amount) })}
        </Text>
      )}
    />
  );
};

const PaymentsPage = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  return (
    <PageFrame
      allowed={can(`${direction}.payments`, "read")}
      title={t(`payments.${direction}`)}
      create={
        can(`${direction}.payments`, "create") && {
          to: `${paymentsPath(direction)}/create`,
          label: direction === "sales" ? t("payments.newSales") : t("payments.newPurchases"),
          testId: "payment-new",
        }
      }
    >
      <PaymentsList direction={direction} />
    </PageFrame>
  );
};

/** `/org/sales/payments`. */
export const SalesPaymentsPage = () => <PaymentsPage direction="sales" />;
/** `/org/purchases/payments`. */
export const PurchasePaymentsPage = () => <PaymentsPage direction="purchases" />;
/** `/org/payments`: both sides. */
export const AllPaymentsPage = () => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  return (
    <Stack gap="md">
      <PageHeader title={t("payments.all")} />
      {can("sales.payments", "read") ? (
        <>
          <Text fw={600}>{t("payments.sales")}</Text>
          <PaymentsList direction="sales" />
        </>
      ) : null}
      {can("purchases.payments", "read") ? (
        <>
          <Text fw={600}>{t("payments.purchases")}</Text>
          <PaymentsList direction="purchases" />
        </>
      ) : null}
    </Stack>
  );
};

/** `/org/payments/{id}` (and `/lines`): the payment, its allocations, its entry; a cancellation by reversal. */
export const PaymentDetailPage = () => {
  const { t } = useTranslation(["payments", "common"]);
  const { locale, shortDate } = useFormat();
  const id = useParams().id ?? "";
  const payment = useQuery(paymentQuery(id));
  const cancel = useCancelPayment();
  const can = useCanPay();
  const money = (c: number) => formatCents(c, locale, { currency: true });
  return (
    <QueryView query={payment}>
      {(p) => (
        <Stack gap="md">
          <PageHeader
            title={`${p.contactName} · ${money(p.amount)}`}
            crumbs={[{ to: paymentsPath(p.direction), label: t(`payments.${p.direction}`) }]}
            actions={
              <Group gap="xs">
                <Button
                  component={Link}
                  to={`/org/accounting/entries/${p.entryMvt}`}
                  variant="default"
                  data-testid="payment-entry"
                >
                  {t("payments.entry")}
                </Button>
                <Button component={Link} to={`${paymentPath(p.id)}/history`} variant="subtle">
                  {t("payments.history")}
                </Button>
                {p.status === "validated" && !p.depositId && can(`${p.direction}.payments`, "update") ? (
                  <Button
                    color="red"
                    variant="light"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate({ id: p.id, date: today() })}
                    data-testid="payment-cancel"
                  >
                    {t("payments.cancel")}
                  </Button>
                ) : null}
              </Group>
            }
          />
          {cancel.isError ? <ErrorAlert error={cancel.error} /> : null}
          <Paper withBorder p="md">
            <Group gap="xl">
              <PaymentStatus payment={p} />
              <Text>{shortDate(p.date)}</Text>
              <Text>{p.modeLabel}</Text>
              <Text>{p.reference ?? ""}</Text>
              <Text>
                {t("payments.allocated")} {money(p.allocated)}
              </Text>
              {p.unallocated > 0 ? (
                <Text c="orange" data-testid="payment-advance">
                  {t("payments.advance")} {money(p.unallocated)}
                </Text>
              ) : null}
            </Group>
          </Paper>
          <UseAdvancePanel payment={p} />
          <Table data-testid="payment-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("payments.document")}</Table.Th>
                <Table.Th ta="right">{t("payments.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.allocations.map((a) => (
                <Table.Tr key={a.docId}>
                  <Table.Td>
                    <Link to={`/org/docs/${a.docId}`}>{`${t(`payments.${a.kind}`)} ${a.number}`}</Link>
                  </Table.Td>
                  <Table.Td ta="right">{money(a.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </QueryView>
  );
};

/** `/org/payments/{id}/history`: the payment's events. */
export const PaymentHistoryPage = () => {
  const { t } = useTranslation("payments");
  const { dateTime } = useFormat();
  const id = useParams().id ?? "";
  const history = useQuery(paymentHistoryQuery(id));
  return (
    <Stack gap="md">
      <PageHeader
        title={t("payments.history")}
        crumbs={[{ to: paymentPath(id), label: t("payments.all") }]}
      />
      <QueryView query={history}>
        {(data) => (
          <Table>
            <Table.Tbody>
              {data.items.map((h) => (
                <Table.Tr key={h.version}>
                  <Table.Td>{dateTime(h.at)}</Table.Td>
                  <Table.Td>{h.type}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Stack>
  );
};
