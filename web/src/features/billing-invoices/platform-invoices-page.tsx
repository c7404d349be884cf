import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { parseAmount } from "../../lib/money.ts";
import { CountBadge, PlatformQuery, PlatformTitle } from "../platform/users/platform-ui.tsx";
import { InvoiceDetail, InvoicePdfButton, useInvoiceColumns } from "./account-invoice-pages.tsx";
import {
  createManualInvoice,
  invoiceKeys,
  type PlatformInvoice,
  platformInvoicesQuery,
  type SubscriptionRow,
} from "./api.ts";

const useSubscriptionColumns = (): Column<SubscriptionRow>[] => {
  const { t } = useTranslation("account");
  const { shortDate } = useFormat();
  return [
    { key: "org", header: t("invoices.organisation"), cell: (s) => s.orgName },
    {
      key: "status",
      header: t("platformInvoices.status"),
      cell: (s) => (
        <Tag color={s.status === "readOnly" ? "red" : s.status === "pastDue" ? "orange" : undefined}>
          {t(`platformInvoices.statuses.${s.status}`)}
        </Tag>
      ),
    },
    { key: "plan", header: t("payments.plan"), cell: (s) => s.plan ?? "—" },
    {
      key: "due",
      header: t("platformInvoices.dueOn"),
      numeric: true,
      cell: (s) => (s.dueOn ? shortDate(s.dueOn) : "—"),
    },
  ];
};

/** An invoice or a credit note by hand: the organisation, one line, and for a credit note its invoice. */
const ManualInvoiceForm = ({ orgs, invoices }: { orgs: SubscriptionRow[]; invoices: PlatformInvoice[] }) => {
  const { t } = useTranslation("account");
  const { locale } = useFormat();
  const queryClient = useQueryClient();
  const [orgId, setOrgId] = useState<string | null>(null);
  const [kind, setKind] = useState<"invoice" | "creditNote">("invoice");
  const [corrects, setCorrects] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [price, setPrice] = useState("");
  const [vatRate, setVatRate] = useState("20");
  const amount = parseAmount(price, locale);
  const create = useMutation({
    mutationFn: () =>
      createManualInvoice({
        orgId: orgId ?? "",
        kind,
        ...(kind === "creditNote" && corrects ? { corrects } : {}),
        lines: [
          {
            label,
            quantity: quantity.replace(",", "."),
            unitHtCents: amount.ok ? amount.cents : 0,
            vatRate: vatRate.replace(",", "."),
          },
        ],
      }),
    onSuccess: () => {
      setLabel("");
      setPrice("");
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
  const ofOrg = invoices.filter((i) => i.orgId === orgId && i.kind === "invoice");
  return (
    <Paper p="md" component="section" aria-label={t("platformInvoices.manual")}>
      <Stack gap="sm">
        <SectionTitle title={t("platformInvoices.manual")} hint={null} />
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as "invoice" | "creditNote")}
          data={[
            { value: "invoice", label: t("platformInvoices.kindInvoice") },
            { value: "creditNote", label: t("invoices.creditNote") },
          ]}
          data-testid="manual-kind"
        />
        <Select
          label={t("invoices.organisation")}
          data={orgs.map((o) => ({ value: o.orgId, label: o.orgName }))}
          value={orgId}
          onChange={setOrgId}
          searchable
          data-testid="manual-org"
        />
        {kind === "creditNote" ? (
          <Select
            label={t("platformInvoices.corrects")}
            data={ofOrg.map((i) => ({ value: i.id, label: i.number }))}
            value={corrects}
            onChange={setCorrects}
            data-testid="manual-corrects"
          />
        ) : null}
        <TextInput
          label={t("invoices.line")}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          data-testid="manual-label"
        />
        <SimpleGrid cols={3} spacing="xs">
          <TextInput
            label={t("invoices.quantity")}
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
          />
          <TextInput
            label={t("invoices.unitPrice")}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={price && !amount.ok ? t("platformInvoices.badAmount") : undefined}
            data-testid="manual-price"
          />
          <TextInput
            label={t("invoices.vatRate")}
            value={vatRate}
            onChange={(e) => setVatRate(e.currentTarget.value)}
          />
        </SimpleGrid>
        {create.error ? <ErrorAlert error={create.error} /> : null}
        <Group justify="flex-end">
          <Button
            onClick={() => create.mutate()}
            loading={create.isPending}
            disabled={!orgId || !label.trim() || !amount.ok || (kind === "creditNote" && !corrects)}
            data-testid="manual-submit"
          >
            {kind === "creditNote" ? t("platformInvoices.issueCredit") : t("platformInvoices.issueInvoice")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

/** `/registre/orgs/invoices`: every organisation's invoices and subscription; invoices and credit notes by hand. */
export const PlatformInvoicesPage = () => {
  const { t } = useTranslation("account");
  const query = useQuery(platformInvoicesQuery());
  const [open, setOpen] = useState<PlatformInvoice | null>(null);
  const invoiceColumns = useInvoiceColumns(true);
  const columns: Column<PlatformInvoice>[] = [
    ...invoiceColumns,
    {
      key: "open",
      header: "",
      align: "right",
      cell: (i) => (
        <Anchor component="button" size="sm" onClick={() => setOpen(i)} data-testid="platform-invoice-open">
          {t("platformInvoices.open")}
        </Anchor>
      ),
    },
  ];
  const subscriptionColumns = useSubscriptionColumns();
  return (
    <Stack gap="lg">
      <PlatformTitle
        title={t("platformInvoices.title")}
        subtitle={t("platformInvoices.subtitle")}
        badge={
          query.isSuccess ? (
            <CountBadge testId="platform-invoices-count">
              {t("platformInvoices.count", { count: query.data.total })}
            </CountBadge>
          ) : null
        }
      />
      <PlatformQuery query={query} errorTestId="platform-invoices-error">
        {(data) => (
          <Stack gap="lg">
            <Paper p={0} style={{ overflow: "hidden" }}>
              <DataTable
                columns={columns}
                rows={data.items}
                rowKey={(i) => i.id}
                rowProps={(i) => ({
                  "data-testid": "platform-invoice-row",
                  onClick: () => setOpen(i),
                  style: { cursor: "pointer" },
                })}
                testId="platform-invoices-table"
                empty={t("invoices.empty")}
                minWidth={640}
                highlight
              />
            </Paper>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <Paper
                p={0}
                style={{ overflow: "hidden" }}
                component="section"
                aria-label={t("platformInvoices.subscriptions")}
              >
                <Stack p="md" pb={0}>
                  <SectionTitle title={t("platformInvoices.subscriptions")} hint={null} />
                </Stack>
                <DataTable
                  columns={subscriptionColumns}
                  rows={data.subscriptions}
                  rowKey={(s) => s.orgId}
                  testId="platform-subscriptions-table"
                  empty={t("platformInvoices.noSubscription")}
                  minWidth={480}
                />
              </Paper>
              <ManualInvoiceForm orgs={data.subscriptions} invoices={data.items} />
            </SimpleGrid>
          </Stack>
        )}
      </PlatformQuery>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl" title={open?.number}>
        {open ? (
          <Stack gap="md">
            <Group justify="flex-end">
              <InvoicePdfButton invoice={open} platform />
            </Group>
            <InvoiceDetail invoice={open} />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
};
