import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { type ContactChoice, ContactPicker } from "../docs/contact-picker.tsx";
import {
  type Direction,
  modesQuery,
  type Payment,
  paymentHistoryQuery,
  paymentPath,
  paymentQuery,
  paymentsPath,
  paymentsQuery,
  useCancelPayment,
  useCanPay,
  useRecordPayment,
} from "./api.ts";

const today = () => new Date().toISOString().slice(0, 10);

const PaymentStatus = ({ payment }: { payment: Payment }) => {
  const { t } = useTranslation("payments");
  if (payment.status === "cancelled")
    return (
      <Badge color="gray" variant="light" tt="none">
        {t("payments.cancelled")}
      </Badge>
    );
  return (
    <Badge color={payment.depositNumber ? "blue" : "teal"} variant="light" tt="none">
      {payment.depositNumber ?? t("payments.validated")}
    </Badge>
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
      cell: (p) => p.allocations.map((a) => a.number).join(", ") || "—",
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
    <QueryView query={payments}>
      {(data) => (
        <DataTable
          rows={data.items}
          columns={columns}
          rowKey={(p) => p.id}
          rowLink={(p) => paymentPath(p.id)}
          rowProps={() => ({ "data-testid": "payment-row" })}
          empty={t("payments.empty")}
          caption={t(`payments.${direction}`)}
          testId="payments-table"
          footer={
            <Text size="sm" c="dimmed" p="xs">
              {t("payments.total", { amount: money(data.amount) })}
            </Text>
          }
        />
      )}
    </QueryView>
  );
};

const PaymentsPage = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation("payments");
  const can = useCanPay();
  if (!can(`${direction}.payments`, "read")) return <NoAccess />;
  return (
    <Stack gap="md">
      <PageHeader
        title={t(`payments.${direction}`)}
        actions={
          can(`${direction}.payments`, "create") ? (
            <Button
              component={Link}
              to={`${paymentsPath(direction)}/create`}
              leftSection={<PlusIcon />}
              data-testid="payment-new"
            >
              {direction === "sales" ? t("payments.newSales") : t("payments.newPurchases")}
            </Button>
          ) : null
        }
      />
      <PaymentsList direction={direction} />
    </Stack>
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

/**
 * A payment's form: date, mode, contact (from the invoice when it comes from one), amount, reference
 * (a cheque's drawer and bank), and its allocation to the contact's open invoices; what is left over
 * is an advance, shown.
 */
const PaymentCreate = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation(["payments", "common"]);
  const { locale, shortDate } = useFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const docId = search.get("docId");
  const can = useCanPay();
  const record = useRecordPayment(direction);
  const modes = useQuery(modesQuery());
  const from = useQuery({
    queryKey: ["docs", "one", docId],
    queryFn: ({ signal }) => api.get("/docs/{id}", { path: { id: docId ?? "" }, signal }),
    enabled: docId !== null,
  });
  const [contact, setContact] = useState<ContactChoice>({
    contactId: null,
    billingAddressId: null,
    deliveryAddressId: null,
  });
  const [date, setDate] = useState(today());
  const [modeId, setModeId] = useState<string | null>("transfer");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [drawer, setDrawer] = useState("");
  const [drawerBank, setDrawerBank] = useState("");
  const [allocations, setAllocations] = useState<Record<string, string>>({});
  // From an invoice: its contact, its amount due allocated.
  useEffect(() => {
    const doc = from.data;
    if (!doc?.contactId) return;
    setContact({ contactId: doc.contactId, billingAddressId: null, deliveryAddressId: null });
    setAmount(amountInput(doc.due, locale));
    setAllocations({ [doc.id]: amountInput(doc.due, locale) });
  }, [from.data, locale]);
  const due = useQuery({
    queryKey: ["payments", "due", direction, contact.contactId],
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/contacts/{id}/sales/due", { path: { id: contact.contactId ?? "" }, signal })
        : api.get("/contacts/{id}/purchases/due", { path: { id: contact.contactId ?? "" }, signal }),
    enabled: contact.contactId !== null,
  });
  const cents = (text: string) => {
    const parsed = parseAmount(text, locale);
    return parsed.ok ? parsed.cents : 0;
  };
  const total = cents(amount);
  const allocated = Object.values(allocations).reduce((s, v) => s + (v.trim() ? cents(v) : 0), 0);
  const mode = modes.data?.items.find((m) => m.id === modeId);
  if (!can(`${direction}.payments`, "create")) return <NoAccess />;
  const submit = () =>
    record.mutate(
      {
        date,
        amount: total,
        modeId,
        contactId: contact.contactId,
        reference: reference || null,
        drawer: drawer || null,
        drawerBank: drawerBank || null,
        allocations: Object.entries(allocations)
          .filter(([, v]) => v.trim() && cents(v) > 0)
          .map(([id, v]) => ({ docId: id, amount: cents(v) })),
      },
      { onSuccess: (payment) => void navigate(paymentPath(payment.id)) },
    );
  const money = (c: number) => formatCents(c, locale, { currency: true });
  return (
    <Stack gap="md">
      <PageHeader
        title={direction === "sales" ? t("payments.newSales") : t("payments.newPurchases")}
        crumbs={[{ to: paymentsPath(direction), label: t(`payments.${direction}`) }]}
      />
      <Paper withBorder p="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            {record.isError ? <ErrorAlert error={record.error} testId="payment-error" /> : null}
            <ContactPicker direction={direction} value={contact} onChange={setContact} />
            <Group grow align="flex-start">
              <DateField label={t("payments.date")} value={date} onChange={setDate} withAsterisk />
              <Select
                label={t("payments.mode")}
                data={(modes.data?.items ?? []).map((m) => ({ value: m.id, label: m.label }))}
                value={modeId}
                onChange={setModeId}
                withAsterisk
                data-testid="payment-mode"
              />
              <AmountInput
                label={t("payments.amount")}
                value={amount}
                onChange={setAmount}
                currency
                withAsterisk
                data-testid="payment-amount"
              />
              <TextInput
                label={t("payments.reference")}
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                data-testid="payment-reference"
              />
            </Group>
            {mode?.kind === "cheque" ? (
              <Group grow>
                <TextInput
                  label={t("payments.drawer")}
                  value={drawer}
                  onChange={(e) => setDrawer(e.currentTarget.value)}
                  data-testid="payment-drawer"
                />
                <TextInput
                  label={t("payments.drawerBank")}
                  value={drawerBank}
                  onChange={(e) => setDrawerBank(e.currentTarget.value)}
                  data-testid="payment-drawer-bank"
                />
              </Group>
            ) : null}
            {contact.contactId ? (
              <Table data-testid="payment-allocations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("payments.document")}</Table.Th>
                    <Table.Th>{t("payments.date")}</Table.Th>
                    <Table.Th ta="right">{t("payments.due")}</Table.Th>
                    <Table.Th ta="right">{t("payments.allocate")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(due.data?.items ?? []).map((doc) => (
                    <Table.Tr key={doc.id}>
                      <Table.Td>{doc.number}</Table.Td>
                      <Table.Td>{shortDate(doc.issueDate)}</Table.Td>
                      <Table.Td ta="right">{money(doc.due)}</Table.Td>
                      <Table.Td w={180}>
                        <AmountInput
                          value={allocations[doc.id] ?? ""}
                          onChange={(v) => setAllocations({ ...allocations, [doc.id]: v })}
                          aria-label={`${t("payments.allocate")} ${doc.number}`}
                          data-testid="payment-allocation"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text c="dimmed">{t("payments.noContact")}</Text>
            )}
            {total > allocated && allocated > 0 ? (
              <Alert color="yellow" data-testid="payment-overpayment">
                {t("payments.overpayment", { amount: money(total - allocated) })}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paymentsPath(direction)}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                type="submit"
                loading={record.isPending}
                disabled={total <= 0}
                data-testid="payment-save"
              >
                {t("payments.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};

/** `/org/sales/payments/create` (`?docId=` prefills from an invoice). */
export const SalesPaymentCreatePage = () => <PaymentCreate direction="sales" />;
/** `/org/purchases/payments/create`. */
export const PurchasePaymentCreatePage = () => <PaymentCreate direction="purchases" />;
/** `/org/payments/create`: a customer's payment. */
export const PaymentCreatePage = () => <PaymentCreate direction="sales" />;

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
