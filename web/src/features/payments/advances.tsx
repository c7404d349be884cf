import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { amountInput, formatCents, parseAmount } from "../../lib/money.ts";
import { allQueries, useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import { AllocationTable } from "./allocation-table.tsx";
import { type Direction, type Payment, paymentPath, useCanPay } from "./api.ts";

/**
 * A contact's advances — what its validated payments left unallocated (an overpayment, money before
 * the invoice) — shown where payments are made, and used later on an invoice (`POST
 * /payments/{id}/allocations`: a 411 / 411 transfer in OD, the invoice's lettering when it is paid).
 */

export const advancesQuery = (direction: Direction, contactId: string) =>
  queryOptions({
    queryKey: ["payments", "advances", direction, contactId],
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/payments/sales/advances", { query: { contactId }, signal })
        : api.get("/payments/purchases/advances", { query: { contactId }, signal }),
  });

export const useAllocateRemainder = () =>
  useRefreshingMutation(allQueries, ({ id, ...body }: Schemas["PaymentRemainderInput"] & { id: string }) =>
    api.post("/payments/{id}/allocations", { path: { id }, body }),
  );

/**
 * « Avoir / avance disponible : X € » for a contact, with its payments; given an invoice (`doc`), each
 * advance can be allocated to it at once, up to what it has left to pay.
 */
export const AdvancesNotice = ({
  direction,
  contactId,
  doc,
}: {
  direction: Direction;
  contactId: string | null;
  doc?: { id: string; number: string | null; due: number } | undefined;
}) => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const can = useCanPay();
  const advances = useQuery({
    ...advancesQuery(direction, contactId ?? ""),
    enabled: contactId !== null && can(`${direction}.payments`, "read"),
  });
  const allocate = useAllocateRemainder();
  const money = (c: number) => formatCents(c, locale, { currency: true });
  const data = advances.data;
  if (!data || data.total <= 0) return null;
  const canUse = doc && doc.due > 0 && can(`${direction}.payments`, "update");
  return (
    <Alert
      color="blue"
      data-testid="advances-notice"
      title={t("advances.available", { amount: money(data.total) })}
    >
      <Stack gap={4}>
        {allocate.isError ? <ErrorAlert error={allocate.error} testId="advance-error" /> : null}
        {data.items.map((p) => (
          <Group key={p.id} gap="sm" justify="space-between" data-testid="advance-row">
            <Text size="sm">
              <Link to={paymentPath(p.id)}>
                {shortDate(p.date)} · {p.modeLabel}
                {p.reference ? ` · ${p.reference}` : ""}
              </Link>{" "}
              — {t("advances.left", { amount: money(p.unallocated) })}
            </Text>
            {canUse ? (
              <Button
                size="xs"
                variant="light"
                loading={allocate.isPending}
                data-testid="advance-use"
                onClick={() =>
                  allocate.mutate({
                    id: p.id,
                    allocations: [{ docId: doc.id, amount: Math.min(p.unallocated, doc.due) }],
                  })
                }
              >
                {t("advances.useOn", {
                  number: doc.number ?? "",
                  amount: money(Math.min(p.unallocated, doc.due)),
                })}
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
};

/** On a payment's screen: its advance allocated to the contact's open invoices. */
export const UseAdvancePanel = ({ payment }: { payment: Payment }) => {
  const { t } = useTranslation(["payments", "common"]);
  const { locale } = useFormat();
  const can = useCanPay();
  const allocate = useAllocateRemainder();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const direction = payment.direction;
  const open = payment.status === "validated" && payment.unallocated > 0;
  const due = useQuery({
    queryKey: ["payments", "due", direction, payment.contactId],
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/contacts/{id}/sales/due", { path: { id: payment.contactId }, signal })
        : api.get("/contacts/{id}/purchases/due", { path: { id: payment.contactId }, signal }),
    enabled: open,
  });
  if (!open || !can(`${direction}.payments`, "update")) return null;
  const money = (c: number) => formatCents(c, locale, { currency: true });
  const cents = (text: string) => {
    const parsed = parseAmount(text, locale);
    return parsed.ok ? parsed.cents : 0;
  };
  const chosen = Object.entries(amounts)
    .filter(([, v]) => v.trim() && cents(v) > 0)
    .map(([docId, v]) => ({ docId, amount: cents(v) }));
  const used = chosen.reduce((s, a) => s + a.amount, 0);
  const docs = due.data?.items ?? [];
  return (
    <Paper withBorder p="md" data-testid="advance-panel">
      <Stack gap="sm">
        <Text fw={600}>{t("advances.title", { amount: money(payment.unallocated) })}</Text>
        {allocate.isError ? <ErrorAlert error={allocate.error} testId="advance-error" /> : null}
        {docs.length === 0 ? (
          <Text c="dimmed">{t("advances.noneDue")}</Text>
        ) : (
          <AllocationTable
            docs={docs}
            values={amounts}
            onChange={(docId, v) => setAmounts({ ...amounts, [docId]: v })}
            placeholder={(doc) => amountInput(Math.min(doc.due, payment.unallocated), locale)}
            testId="advance-allocations"
            inputTestId="advance-allocation"
          />
        )}
        {used > payment.unallocated ? (
          <Text c="red" size="sm" data-testid="advance-over">
            {t("advances.over", { amount: money(payment.unallocated) })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            disabled={chosen.length === 0 || used > payment.unallocated}
            loading={allocate.isPending}
            onClick={() =>
              allocate.mutate({ id: payment.id, allocations: chosen }, { onSuccess: () => setAmounts({}) })
            }
            data-testid="advance-save"
          >
            {t("advances.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
