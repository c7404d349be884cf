import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { PlainTable } from "../../components/plain-table.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import { formatCents, parseAmount } from "../../lib/money.ts";
import type { PlatformInvoice } from "./api.ts";

/** Cents as the reader's money. */
export const useMoney = () => {
  const { locale } = useFormat();
  return (cents: number) => formatCents(cents, locale, { currency: true });
};

type Party = {
  name: string;
  siren: string | null;
  vatNumber: string | null;
  address: { lines: string[]; postalCode: string; city: string } | null;
};

const PartyCard = ({ heading, party, extra }: { heading: string; party: Party; extra: string[] }) => {
  const { t } = useTranslation("account");
  return (
    <Paper p="md">
      <Text size="xs" c="dimmed" tt="uppercase">
        {heading}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.address ? (
        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
          {[...party.address.lines, `${party.address.postalCode} ${party.address.city}`].join("\n")}
        </Text>
      ) : null}
      {party.siren ? <Text size="sm">{t("invoices.siren", { siren: formatSiren(party.siren) })}</Text> : null}
      {party.vatNumber ? <Text size="sm">{t("invoices.vatNumber", { number: party.vatNumber })}</Text> : null}
      {extra.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Paper>
  );
};

/** The seller (the platform, every mention) and the buyer (the organisation). */
export const InvoiceParties = ({ invoice }: { invoice: PlatformInvoice }) => {
  const { t } = useTranslation("account");
  const money = useMoney();
  const s = invoice.seller;
  // The capital as the parameters keep it (« 10000.00 », euros), shown as money.
  const capital = s.capital ? parseAmount(s.capital, "en") : null;
  const legal = [
    s.legalForm && capital?.ok
      ? t("invoices.capital", { form: s.legalForm, capital: money(capital.cents) })
      : s.legalForm,
    s.rcs,
    s.siret ? `SIRET ${s.siret}` : null,
  ].filter((x): x is string => !!x);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <PartyCard heading={t("invoices.seller")} party={s} extra={legal} />
      <PartyCard heading={t("invoices.buyer")} party={invoice.buyer} extra={[]} />
    </SimpleGrid>
  );
};

type Line = PlatformInvoice["lines"][number];

/** The lines: what, the period, quantity, unit price and total before tax, the VAT rate. */
export const InvoiceLines = ({ lines }: { lines: readonly Line[] }) => {
  const { t } = useTranslation("account");
  const { shortDate } = useFormat();
  const money = useMoney();
  const columns: Column<Line>[] = [
    {
      key: "label",
      header: t("invoices.line"),
      cell: (l) => (
        <>
          {l.label}
          {l.from && l.to ? (
            <Text size="xs" c="dimmed">
              {t("payments.periodText", { from: shortDate(l.from), to: shortDate(l.to) })}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: "quantity", header: t("invoices.quantity"), numeric: true, cell: (l) => l.quantity },
    { key: "unit", header: t("invoices.unitPrice"), numeric: true, cell: (l) => money(l.unitHtCents) },
    { key: "rate", header: t("invoices.vatRate"), numeric: true, cell: (l) => `${l.vatRate} %` },
    { key: "ht", header: t("invoices.ht"), numeric: true, cell: (l) => money(l.htCents) },
  ];
  return (
    <Paper p={0} style={{ overflow: "hidden" }}>
      <PlainTable
        columns={columns}
        rows={lines}
        rowKey={(l) => `${l.label}|${l.from}|${l.unitHtCents}|${l.vatRate}`}
        testId="invoice-lines"
        minWidth={520}
      />
    </Paper>
  );
};

/** HT, VAT per rate, TTC. */
export const InvoiceTotals = ({ invoice }: { invoice: PlatformInvoice }) => {
  const { t } = useTranslation("account");
  const money = useMoney();
  const rows: [string, string][] = [
    [t("invoices.ht"), money(invoice.htCents)],
    ...invoice.vat.map((v): [string, string] => [t("invoices.vatAt", { rate: v.rate }), money(v.vatCents)]),
    [t("invoices.ttc"), money(invoice.totalCents)],
  ];
  return (
    <Paper p="md" data-testid="invoice-totals">
      <Stack gap={4} align="flex-end">
        {rows.map(([label, value]) => (
          <Text key={label} size="sm" className="registre-numeric">
            {label} · <b>{value}</b>
          </Text>
        ))}
      </Stack>
    </Paper>
  );
};
