import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { type ContactChoice, ContactPicker } from "../docs/contact-picker.tsx";
import { AdvancesNotice } from "./advances.tsx";
import { AllocationTable } from "./allocation-table.tsx";
import { type Direction, modesQuery, paymentPath, paymentsPath, useCanPay, useRecordPayment } from "./api.ts";
import { allocationFollowing } from "./follow-amount.ts";

/**
 * A payment's form: date, mode, contact (from the invoice or credit note it comes from), amount,
 * reference (a cheque's drawer and bank), and its allocation to the contact's open invoices and credit
 * notes. Which way the money goes is chosen: a payment (received from a customer, paid to a supplier —
 * credit notes then go against the invoices, what is left over is an advance, shown) or a refund (paid
 * to a customer, received from a supplier — it settles credit notes, less any invoices netted against
 * them, and its amount is exactly that).
 */
const PaymentCreate = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation(["payments", "common"]);
  const { locale } = useFormat();
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
  const [refund, setRefund] = useState(false);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [drawer, setDrawer] = useState("");
  const [drawerBank, setDrawerBank] = useState("");
  const [allocations, setAllocations] = useState<Record<string, string>>({});
  // The allocation follows the amount until one of its lines is typed by hand (`allocationFollowing`).
  const [following, setFollowing] = useState(true);
  // From an invoice: its contact, its amount due allocated; from a credit note: its refund.
  useEffect(() => {
    const doc = from.data;
    if (!doc?.contactId) return;
    setContact({ contactId: doc.contactId, billingAddressId: null, deliveryAddressId: null });
    setRefund(doc.kind === "creditNote");
    setAmount(amountInput(doc.due, locale));
    setAllocations({ [doc.id]: amountInput(doc.due, locale) });
  }, [from.data, locale]);
  const due = useQuery({
    queryKey: ["payments", "due", direction, contact.contactId],
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/contacts/{id}/sales/due", {
            path: { id: contact.contactId ?? "" },
            query: { creditNotes: "true" },
            signal,
          })
        : api.get("/contacts/{id}/purchases/due", {
            path: { id: contact.contactId ?? "" },
            query: { creditNotes: "true" },
            signal,
          }),
    enabled: contact.contactId !== null,
  });
  const cents = (text: string) => {
    const parsed = parseAmount(text, locale);
    return parsed.ok ? parsed.cents : 0;
  };
  const kinds = new Map((due.data?.items ?? []).map((d) => [d.id, d.kind]));
  if (from.data) kinds.set(from.data.id, from.data.kind);
  const total = cents(amount);
  // Signed in the money's direction: invoices less credit notes for a payment, the reverse for a refund.
  const allocated = Object.entries(allocations).reduce((s, [id, v]) => {
    const value = v.trim() ? cents(v) : 0;
    return s + ((kinds.get(id) === "creditNote") !== refund ? -value : value);
  }, 0);
  const mode = modes.data?.items.find((m) => m.id === modeId);
  // The amount spread over the contact's open documents, the one it comes from first, then the oldest.
  const follow = (text: string, isRefund = refund) => {
    if (!due.data) return;
    const spread = allocationFollowing(cents(text), due.data.items, { refund: isRefund, first: docId });
    setAllocations(Object.fromEntries([...spread].map(([id, c]) => [id, amountInput(c, locale)])));
  };
  // The contact's open documents come after the amount may have been typed: spread it once they are here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the documents or the direction change
  useEffect(() => {
    if (following && amount.trim()) follow(amount);
  }, [due.data, refund]);
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
        ...(refund && { refund: true }),
      },
      { onSuccess: (payment) => void navigate(paymentPath(payment.id)) },
    );
  const money = (c: number) => formatCents(c, locale, { currency: true });
  const flow = refund ? "refund" : "payment";
  return (
    <Stack gap="md">
      <PageHeader
        title={
          refund
            ? t(`refunds.new.${direction}`)
            : direction === "sales"
              ? t("payments.newSales")
              : t("payments.newPurchases")
        }
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
            <ContactPicker
              direction={direction}
              value={contact}
              onChange={setContact}
              withAddresses={false}
            />
            <Stack gap={4}>
              <SegmentedControl
                value={flow}
                onChange={(v) => setRefund(v === "refund")}
                data={[
                  { value: "payment", label: t(`refunds.flow.${direction}.payment`) },
                  { value: "refund", label: t(`refunds.flow.${direction}.refund`) },
                ]}
                data-testid="payment-flow"
              />
              <Text size="sm" c="dimmed" data-testid="payment-flow-help">
                {t(`refunds.help.${direction}.${flow}`)}
              </Text>
            </Stack>
            {refund ? null : (
              <AdvancesNotice
                direction={direction}
                contactId={contact.contactId}
                doc={
                  from.data ? { id: from.data.id, number: from.data.number, due: from.data.due } : undefined
                }
              />
            )}
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
                onChange={(text) => {
                  setAmount(text);
                  if (following) follow(text);
                }}
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
              <Stack gap={4}>
                <AllocationTable
                  docs={due.data?.items ?? []}
                  values={allocations}
                  onChange={(id, v) => {
                    setFollowing(false);
                    setAllocations({ ...allocations, [id]: v });
                  }}
                  testId="payment-allocations"
                  inputTestId="payment-allocation"
                />
                <Group gap="xs" data-testid="payment-allocation-mode">
                  <Text size="sm" c="dimmed">
                    {t(
                      following
                        ? docId
                          ? "payments.allocationFollowsFrom"
                          : "payments.allocationFollows"
                        : "payments.allocationByHand",
                    )}
                  </Text>
                  {following ? null : (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => {
                        setFollowing(true);
                        follow(amount);
                      }}
                      data-testid="payment-allocation-follow"
                    >
                      {t("payments.allocationFollow")}
                    </Button>
                  )}
                </Group>
              </Stack>
            ) : (
              <Text c="dimmed">{t("payments.noContact")}</Text>
            )}
            {!refund && total > allocated && allocated > 0 ? (
              <Alert color="yellow" data-testid="payment-overpayment">
                {t("payments.overpayment", { amount: money(total - allocated) })}
              </Alert>
            ) : null}
            {refund && total > 0 && total !== allocated ? (
              <Alert color="yellow" data-testid="payment-refund-gap">
                {t("refunds.gap", { amount: money(total), allocated: money(allocated) })}
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
                {refund ? t("refunds.save") : t("payments.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};

/** `/org/sales/payments/create` (`?docId=` prefills from an invoice, or a credit note's refund). */
export const SalesPaymentCreatePage = () => <PaymentCreate direction="sales" />;
/** `/org/purchases/payments/create`. */
export const PurchasePaymentCreatePage = () => <PaymentCreate direction="purchases" />;
/** `/org/payments/create`: a customer's payment. */
export const PaymentCreatePage = () => <PaymentCreate direction="sales" />;
