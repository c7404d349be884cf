import { Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { PageHeader } from "../org/page-header.tsx";
import {
  type AccountPayment,
  accountInvoiceQuery,
  accountInvoicesQuery,
  accountPaymentQuery,
  accountPaymentsQuery,
  downloadInvoicePdf,
  invoicePath,
  invoicesPath,
  type PaymentLine,
  type PlatformInvoice,
  paymentLinesPath,
  paymentLinesQuery,
  paymentPath,
  paymentsPath,
} from "./api.ts";
import { InvoiceLines, InvoiceParties, InvoiceTotals, useMoney } from "./invoice-parts.tsx";

/** `/account/invoices`: the platform's invoices to the organisation, newest first, each with its PDF. */
export const AccountInvoicesPage = () => {
  const { t } = useTranslation("account");
  return (
    <Stack gap="lg">
      <PageHeader title={t("invoices.title")} description={t("invoices.description")} />
      <QueryTable
        query={useQuery(accountInvoicesQuery())}
        columns={useInvoiceColumns()}
        rowKey={(i) => i.id}
        rowLink={(i) => invoicePath(i.id)}
        rowProps={() => ({ "data-testid": "invoice-row" })}
        empty={t("invoices.empty")}
        testId="invoices-table"
        errorTestId="invoices-error"
        minWidth={560}
      />
    </Stack>
  );
};

export const useInvoiceColumns = (withOrg = false): Column<PlatformInvoice>[] => {
  const { t } = useTranslation("account");
  const { shortDate } = useFormat();
  const money = useMoney();
  return [
    {
      key: "number",
      header: t("invoices.number"),
      cell: (i) => (
        <>
          <Text span fw={500} className="registre-numeric">
            {i.number}
          </Text>{" "}
          {i.kind === "creditNote" ? <Tag>{t("invoices.creditNote")}</Tag> : null}
        </>
      ),
    },
    ...(withOrg
      ? [{ key: "org", header: t("invoices.organisation"), cell: (i: PlatformInvoice) => i.buyer.name }]
      : []),
    { key: "date", header: t("invoices.date"), numeric: true, cell: (i) => shortDate(i.issueDate) },
    {
      key: "paid",
      header: t("invoices.payment"),
      cell: (i) =>
        i.paidOn
          ? t("invoices.paidOn", { date: shortDate(i.paidOn) })
          : t("invoices.dueOn", { date: shortDate(i.dueDate) }),
    },
    { key: "ht", header: t("invoices.ht"), numeric: true, cell: (i) => money(i.htCents) },
    { key: "total", header: t("invoices.ttc"), numeric: true, cell: (i) => money(i.totalCents) },
  ];
};

/** The PDF button: the invoice's Factur-X in the reader's language. */
export const InvoicePdfButton = ({
  invoice,
  platform = false,
}: {
  invoice: PlatformInvoice;
  platform?: boolean;
}) => {
  const { t } = useTranslation("account");
  const { locale } = useFormat();
  const pdf = useMutation({ mutationFn: () => downloadInvoicePdf(invoice, locale, platform) });
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="light" onClick={() => pdf.mutate()} loading={pdf.isPending} data-testid="invoice-pdf">
        {t("invoices.pdf")}
      </Button>
      {pdf.error ? <ErrorAlert error={pdf.error} /> : null}
    </Stack>
  );
};

/** `/account/invoices/{id}`: every mention of the invoice, its lines and totals, its PDF. */
export const AccountInvoicePage = () => {
  const { t } = useTranslation("account");
  const { date } = useFormat();
  const id = useParams().id ?? "";
  return (
    <QueryView query={useQuery(accountInvoiceQuery(id))} testId="invoice-error">
      {(invoice) => (
        <Stack gap="lg">
          <PageHeader
            title={t(invoice.kind === "creditNote" ? "invoices.oneCredit" : "invoices.one", {
              number: invoice.number,
            })}
            description={t("invoices.issuedOn", { date: date(invoice.issueDate) })}
            crumbs={[{ to: invoicesPath, label: t("invoices.title") }]}
            actions={<InvoicePdfButton invoice={invoice} />}
          />
          <InvoiceDetail invoice={invoice} />
          {invoice.paymentId ? (
            <Group>
              <LinkButton to={paymentPath(invoice.paymentId)} variant="subtle" data-testid="invoice-payment">
                {t("invoices.seePayment")}
              </LinkButton>
            </Group>
          ) : null}
        </Stack>
      )}
    </QueryView>
  );
};

export const InvoiceDetail = ({ invoice }: { invoice: PlatformInvoice }) => {
  const { t } = useTranslation("account");
  const { date } = useFormat();
  return (
    <Stack gap="md" data-testid="invoice-detail">
      <InvoiceParties invoice={invoice} />
      {invoice.corrects ? (
        <Text size="sm" fw={500}>
          {t("invoices.corrects", {
            number: invoice.corrects.number,
            date: date(invoice.corrects.issueDate),
          })}
        </Text>
      ) : null}
      <InvoiceLines lines={invoice.lines} />
      <InvoiceTotals invoice={invoice} />
      <Paper p="md">
        <Stack gap={4}>
          <Text size="sm">
            {invoice.paidOn
              ? t("invoices.paidByCard", { date: date(invoice.paidOn) })
              : t("invoices.dueOn", { date: date(invoice.dueDate) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t("invoices.mentions")}
          </Text>
          {invoice.emailedTo && invoice.emailedAt ? (
            <Text size="xs" c="dimmed" data-testid="invoice-emailed">
              {t("invoices.emailed", { to: invoice.emailedTo, date: date(invoice.emailedAt) })}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
};

const usePaymentColumns = (): Column<AccountPayment>[] => {
  const { t } = useTranslation("account");
  const { shortDate } = useFormat();
  const money = useMoney();
  return [
    { key: "date", header: t("payments.date"), numeric: true, cell: (p) => shortDate(p.paidOn) },
    { key: "plan", header: t("payments.plan"), cell: (p) => p.plan.name },
    {
      key: "period",
      header: t("payments.period"),
      cell: (p) => t("payments.periodText", { from: shortDate(p.from), to: shortDate(p.to) }),
    },
    { key: "total", header: t("invoices.ttc"), numeric: true, cell: (p) => money(p.totalCents) },
    {
      key: "invoice",
      header: t("payments.invoice"),
      cell: (p) =>
        p.invoice ? (
          <Link to={invoicePath(p.invoice.id)} onClick={(e) => e.stopPropagation()}>
            {p.invoice.number}
          </Link>
        ) : (
          <Text span size="sm" c="dimmed">
            {t("payments.notInvoiced")}
          </Text>
        ),
    },
  ];
};

/** `/account/payments`: what the organisation paid by card, newest first. */
export const AccountPaymentsPage = () => {
  const { t } = useTranslation("account");
  return (
    <Stack gap="lg">
      <PageHeader title={t("payments.title")} description={t("payments.description")} />
      <QueryTable
        query={useQuery(accountPaymentsQuery())}
        columns={usePaymentColumns()}
        rowKey={(p) => p.id}
        rowLink={(p) => paymentPath(p.id)}
        rowProps={() => ({ "data-testid": "payment-row" })}
        empty={t("payments.empty")}
        testId="payments-table"
        errorTestId="payments-error"
        minWidth={560}
      />
    </Stack>
  );
};

const PaymentSummary = ({ payment }: { payment: AccountPayment }) => {
  const { t } = useTranslation("account");
  const { date } = useFormat();
  const money = useMoney();
  const rows: [string, string][] = [
    [t("payments.date"), date(payment.paidOn)],
    [t("payments.plan"), payment.plan.name],
    [t("payments.period"), t("payments.periodText", { from: date(payment.from), to: date(payment.to) })],
    [t("invoices.ht"), money(payment.htCents)],
    [t("invoices.vat"), money(payment.vatCents)],
    [t("invoices.ttc"), money(payment.totalCents)],
  ];
  return (
    <Paper p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" className="registre-numeric">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
};

const PaymentPage = ({ lines }: { lines: boolean }) => {
  const { t } = useTranslation("account");
  const id = useParams().id ?? "";
  const payment = useQuery(accountPaymentQuery(id));
  const paymentLines = useQuery({ ...paymentLinesQuery(id), enabled: lines });
  return (
    <QueryView query={payment} testId="payment-error">
      {(p) => (
        <Stack gap="lg">
          <PageHeader
            title={lines ? t("payments.linesTitle", { id: p.id }) : t("payments.one", { id: p.id })}
            crumbs={[
              { to: paymentsPath, label: t("payments.title") },
              ...(lines ? [{ to: paymentPath(p.id), label: t("payments.one", { id: p.id }) }] : []),
            ]}
            actions={
              <Group gap="xs">
                {lines ? null : (
                  <LinkButton to={paymentLinesPath(p.id)} variant="light" data-testid="payment-lines-link">
                    {t("payments.lines")}
                  </LinkButton>
                )}
                {p.invoice ? (
                  <LinkButton to={invoicePath(p.invoice.id)} variant="subtle" data-testid="payment-invoice">
                    {t("payments.invoiceLink", { number: p.invoice.number })}
                  </LinkButton>
                ) : null}
              </Group>
            }
          />
          <PaymentSummary payment={p} />
          {lines ? (
            <QueryView query={paymentLines} testId="payment-lines-error">
              {(answer) => <InvoiceLines lines={answer.items as readonly PaymentLine[]} />}
            </QueryView>
          ) : null}
        </Stack>
      )}
    </QueryView>
  );
};

/** `/account/payments/{id}`: one payment, its plan and period, its amounts, its invoice. */
export const AccountPaymentPage = () => <PaymentPage lines={false} />;

/** `/account/payments/{id}/lines`: what the payment paid, line by line. */
export const AccountPaymentLinesPage = () => <PaymentPage lines />;
