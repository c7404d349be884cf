import { Divider, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import type { Cents } from "../../lib/money.ts";
import { formatCents } from "../../lib/money.ts";

export type TotalsView = {
  breakdown: readonly { vatRate: string; vatExemption: string | null; base: Cents; vat: Cents }[];
  totalExclTax: Cents;
  totalVat: Cents;
  totalInclTax: Cents;
  deposits?: Cents;
  paid?: Cents;
  due?: Cents;
  unreadable?: number;
};

const Row = ({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="lg">
    <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : "dimmed"}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} className="registre-numeric" data-testid={testId}>
      {value}
    </Text>
  </Group>
);

/** A document's totals: base and VAT of each rate, then excl. tax, VAT, incl. tax, and what is left due. */
export const TotalsCard = ({ totals, testId = "doc-totals" }: { totals: TotalsView; testId?: string }) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const money = (cents: Cents) => formatCents(cents, locale, { currency: true });
  const rate = (value: string) => (locale === "fr" ? value.replace(".", ",") : value);
  return (
    <Paper p="md" withBorder miw={300} data-testid={testId}>
      <Stack gap={6}>
        <Text fw={650}>{t("totals.title")}</Text>
        {totals.breakdown.map((row) => (
          <Stack key={`${row.vatRate}|${row.vatExemption ?? ""}`} gap={0} data-testid="totals-rate">
            <Text size="xs" fw={600} tt="uppercase" c="dimmed">
              {row.vatRate === "exempt" || row.vatExemption
                ? t("totals.exemptRow", { mention: row.vatExemption ?? "—" })
                : t("totals.rateRow", { rate: rate(row.vatRate) })}
            </Text>
            <Row label={t("totals.base")} value={money(row.base)} />
            <Row label={t("totals.vat")} value={money(row.vat)} />
          </Stack>
        ))}
        {totals.breakdown.length ? <Divider /> : null}
        <Row label={t("fields.totalExclTax")} value={money(totals.totalExclTax)} testId="total-excl" />
        <Row label={t("fields.totalVat")} value={money(totals.totalVat)} testId="total-vat" />
        <Row label={t("fields.totalInclTax")} value={money(totals.totalInclTax)} strong testId="total-incl" />
        {totals.deposits ? <Row label={t("fields.deposits")} value={money(-totals.deposits)} /> : null}
        {totals.paid ? <Row label={t("fields.paid")} value={money(totals.paid)} /> : null}
        {totals.due !== undefined && (totals.deposits || totals.paid) ? (
          <Row label={t("fields.due")} value={money(totals.due)} strong testId="total-due" />
        ) : null}
        {totals.unreadable ? (
          <Text size="xs" c="orange">
            {t("lines.unreadable", { count: totals.unreadable })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};
