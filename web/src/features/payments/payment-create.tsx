import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { ContactPicker } from "../docs/contact-picker.tsx";
import { AdvancesNotice } from "./advances.tsx";
import { AllocationTable } from "./allocation-table.tsx";
import { type Direction, modesQuery, paymentPath, paymentsPath, useCanPay, useRecordPayment } from "./api.ts";
import { allocationFollowing } from "./follow-amount.ts";

type PaymentInput = Schemas["PaymentInput"];

/** The amounts typed on the allocation's lines, read the language's way (an unreadable one puts nothing). */
const centsOf = (text: string, locale: Locale): number => {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.cents : 0;
};

const usePaymentSchema = () => {
  const { locale } = useFormat();
  return useFormSchema(
    "payments",
    (t, rules) =>
      z
        .object({
          contactId: z.string().nullable(),
          refund: z.boolean(),
          date: rules.day(t("payments.date")),
          modeId: z.string().nullable(),
          amount: rules
            .cents(t("payments.amount"))
            .refine((cents) => cents > 0, { error: rules.required(t("payments.amount")) }),
          reference: rules.text(t("payments.reference"), 200, { optional: true }),
          drawer: rules.text(t("payments.drawer"), 200, { optional: true }),
          drawerBank: rules.text(t("payments.drawerBank"), 200, { optional: true }),
          allocations: z.record(z.string(), z.string()),
        })
        .transform(
          (p): PaymentInput => ({
            date: p.date,
            amount: p.amount,
            modeId: p.modeId,
            contactId: p.contactId,
            reference: p.reference || null,
            drawer: p.drawer || null,
            drawerBank: p.drawerBank || null,
            allocations: Object.entries(p.allocations)
              .map(([docId, text]) => ({ docId, amount: text.trim() ? centsOf(text, locale) : 0 }))
              .filter((allocation) => allocation.amount > 0),
            ...(p.refund && { refund: true }),
          }),
        ),
    [locale],
  );
};

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
  const form = useSchemaForm(usePaymentSchema(), {
    contactId: null as string | null,
    refund: false,
    date: today(),
    modeId: "transfer" as string | null,
    amount: "",
    reference: "",
    drawer: "",
    drawerBank: "",
    allocations: {} as Record<string, string>,
  });
  const { contactId, refund, amount, allocations } = form.values;
  // The allocation follows the amount until one of its lines is typed by hand (`allocationFollowing`).
  const [following, setFollowing] = useState(true);
  // From an invoice: its contact, its amount due allocated; from a credit note: its refund.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the document or the language change
  useEffect(() => {
    const doc = from.data;
    if (!doc?.contactId) return;
    form.setValues({
      contactId: doc.contactId,
      refund: doc.kind === "creditNote",
      amount: amountInput(doc.due, locale),
      allocations: { [doc.id]: amountInput(doc.due, locale) },
    });
  }, [from.data, locale]);
  const due = useQuery({
    queryKey: ["payments", "due", direction, contactId],
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/contacts/{id}/sales/due", {
            path: { id: contactId ?? "" },
            query: { creditNotes: "true" },
            signal,
          })
        : api.get("/contacts/{id}/purchases/due", {
            path: { id: contactId ?? "" },
            query: { creditNotes: "true" },
            signal,
          }),
    enabled: contactId !== null,
  });
  const kinds = new Map((due.data?.items ?? []).map((d) => [d.id, d.kind]));
  if (from.data) kinds.set(from.data.id, from.data.kind);
  const total = centsOf(amount, locale);
  // Signed in the money's direction: invoices less credit notes for a payment, the reverse for a refund.
  const allocated = Object.entries(allocations).reduce((s, [id, v]) => {
    const value = v.trim() ? centsOf(v, locale) : 0;
    return s + ((kinds.get(id) === "creditNote") !== refund ? -value : value);
  }, 0);
  const mode = modes.data?.items.find((m) => m.id === form.values.modeId);
  // The amount spread over the contact's open documents, the one it comes from first, then the oldest.
  const follow = (text: string) => {
    if (!due.data) return;
    const spread = allocationFollowing(centsOf(text, locale), due.data.items, { refund, first: docId });
    form.setFieldValue(
      "allocations",
      Object.fromEntries([...spread].map(([id, c]) => [id, amountInput(c, locale)])),
    );
  };
  // The contact's open documents come after the amount may have been typed: spread it once they are here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the documents or the direction change
  useEffect(() => {
    if (following && amount.trim()) follow(amount);
  }, [due.data, refund]);
  const money = (c: number) => formatCents(c, locale, { currency: true });
  const flow = refund ? "refund" : "payment";
  return (
    <ResourceFormPage
      title={
        refund
          ? t(`refunds.new.${direction}`)
          : direction === "sales"
            ? t("payments.newSales")
            : t("payments.newPurchases")
      }
      crumbs={[{ to: paymentsPath(direction), label: t(`payments.${direction}`) }]}
      allowed={can(`${direction}.payments`, "create")}
    >
      <MutationFormCard
        width="100%"
        testId="payment-form"
        onSubmit={form.onSubmit((payment) =>
          record.mutate(payment, { onSuccess: (saved) => void navigate(paymentPath(saved.id)) }),
        )}
        mutation={record}
        errorTestId="payment-error"
        cancel={paymentsPath(direction)}
        submitLabel={refund ? t("refunds.save") : t("payments.save")}
        submitTestId="payment-save"
      >
        <ContactPicker
          direction={direction}
          value={{ contactId, billingAddressId: null, deliveryAddressId: null }}
          onChange={(choice) => form.setFieldValue("contactId", choice.contactId)}
          withAddresses={false}
        />
        <Stack gap={4}>
          <SegmentedControl
            value={flow}
            onChange={(v) => form.setFieldValue("refund", v === "refund")}
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
            contactId={contactId}
            doc={from.data ? { id: from.data.id, number: from.data.number, due: from.data.due } : undefined}
          />
        )}
        <Group grow align="flex-start">
          <DateField label={t("payments.date")} {...form.getInputProps("date")} withAsterisk />
          <Select
            label={t("payments.mode")}
            data={(modes.data?.items ?? []).map((m) => ({ value: m.id, label: m.label }))}
            {...form.getInputProps("modeId")}
            withAsterisk
            data-testid="payment-mode"
          />
          <AmountInput
            label={t("payments.amount")}
            {...form.getInputProps("amount")}
            onChange={(text) => {
              form.setFieldValue("amount", text);
              if (following) follow(text);
            }}
            currency
            withAsterisk
            data-testid="payment-amount"
          />
          <TextInput
            label={t("payments.reference")}
            {...form.getInputProps("reference")}
            data-testid="payment-reference"
          />
        </Group>
        {mode?.kind === "cheque" ? (
          <Group grow align="flex-start">
            <TextInput
              label={t("payments.drawer")}
              {...form.getInputProps("drawer")}
              data-testid="payment-drawer"
            />
            <TextInput
              label={t("payments.drawerBank")}
              {...form.getInputProps("drawerBank")}
              data-testid="payment-drawer-bank"
            />
          </Group>
        ) : null}
        {contactId ? (
          <Stack gap={4}>
            <AllocationTable
              docs={due.data?.items ?? []}
              values={allocations}
              onChange={(id, v) => {
                setFollowing(false);
                form.setFieldValue("allocations", { ...allocations, [id]: v });
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
      </MutationFormCard>
    </ResourceFormPage>
  );
};

/** `/org/sales/payments/create` (`?docId=` prefills from an invoice, or a credit note's refund). */
export const SalesPaymentCreatePage = () => <PaymentCreate direction="sales" />;
/** `/org/purchases/payments/create`. */
export const PurchasePaymentCreatePage = () => <PaymentCreate direction="purchases" />;
/** `/org/payments/create`: a customer's payment. */
export const PaymentCreatePage = () => <PaymentCreate direction="sales" />;
