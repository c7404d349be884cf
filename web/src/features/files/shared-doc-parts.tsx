import { Divider, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { formatDecimal } from "../items/prices.ts";
import type { SharedDocument } from "./api.ts";

type Line = SharedDocument["lines"][number];
type Item = Extract<Line, { type: "item" }>;

/** A discount the line really has (the PDF's test: none, or zero written any way, is no discount). */
const hasDiscount = (line: Line): line is Item & { discountPercent: string } =>
  line.type === "item" && !!line.discountPercent && !/^0*(\.0*)?$/.test(line.discountPercent.trim());

/** The shared page's numbers as the PDF writes them: « 3 », « 65,00 », « 10 % », « 175,50 € ». */
const useNumbers = () => {
  const { locale } = useFormat();
  const whole = (value: string) => formatDecimal(value, locale).replace(/[,.]00$/, "");
  return {
    whole,
    price: (value: string) => formatDecimal(value, locale),
    percent: (value: string) => `${whole(value)}${locale === "fr" ? "\u00a0%" : "%"}`,
    money: (cents: number) => formatCents(cents, locale, { currency: true }),
  };
};

/** « REF – Label », with the exemption ground of an untaxed line under it, as the PDF prints it. */
const Description = ({ line }: { line: Item }) => {
  const { t } = useTranslation("files");
  return (
    <>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {line.reference ? `${line.reference} – ${line.description}` : line.description}
      </Text>
      {line.vatExemption ? (
        <Text size="xs" c="dimmed">
          {t("shared.lineExemption", { ground: line.vatExemption })}
        </Text>
      ) : null}
    </>
  );
};

const TextLine = ({ line }: { line: Exclude<Line, Item> }) => (
  <Text
    size="sm"
    fw={line.type === "title" ? 650 : undefined}
    c={line.type === "comment" ? "dimmed" : undefined}
    style={{ whiteSpace: "pre-wrap" }}
  >
    {line.text}
  </Text>
);

/**
 * The lines as the PDF lays them out: description, quantity, its unit's name, unit price, the discount
 * (its column only when a line has one), VAT rate, net; a delivery slip's without prices. On a phone,
 * one card per line: « 3 × 65,00 / heure − 10 % · TVA 20 % » and its net.
 */
export const SharedLines = ({ doc }: { doc: SharedDocument }) => {
  const { t } = useTranslation("files");
  const n = useNumbers();
  const priced = doc.kind !== "delivery";
  const discounted = doc.lines.some(hasDiscount);
  const united = doc.lines.some((line) => line.type === "item" && line.unit);
  // The lines have no id here: their place in the document is theirs, and never moves.
  const lines = doc.lines.map((line, position) => ({ line, position }));
  const columns = 2 + (united ? 1 : 0) + (priced ? 3 + (discounted ? 1 : 0) : 0);
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid="shared-lines-mobile">
        {lines.map(({ line, position }) =>
          line.type === "item" ? (
            <Paper key={position} p="sm">
              <Description line={line} />
              <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
                <Text size="xs" c="dimmed" className="registre-numeric">
                  {priced
                    ? [
                        `${n.whole(line.quantity)} × ${n.price(line.unitPrice)}`,
                        line.unit ? ` / ${line.unit}` : "",
                        hasDiscount(line) ? ` − ${n.percent(line.discountPercent)}` : "",
                        ` · ${t("shared.vat")} ${n.percent(line.vatRate)}`,
                      ].join("")
                    : `${n.whole(line.quantity)}${line.unit ? ` ${line.unit}` : ""}`}
                </Text>
                {priced ? (
                  <Text size="sm" fw={600} className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                    {n.money(line.netCents)}
                  </Text>
                ) : null}
              </Group>
            </Paper>
          ) : (
            <TextLine key={position} line={line} />
          ),
        )}
      </Stack>
      <Paper p={0} visibleFrom="sm">
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={520} data-testid="shared-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("shared.description")}</Table.Th>
              <Table.Th ta="right">{t("shared.quantity")}</Table.Th>
              {united ? <Table.Th>{t("shared.unit")}</Table.Th> : null}
              {priced ? (
                <>
                  <Table.Th ta="right">{t("shared.unitPrice")}</Table.Th>
                  {discounted ? <Table.Th ta="right">{t("shared.discount")}</Table.Th> : null}
                  <Table.Th ta="right">{t("shared.vat")}</Table.Th>
                  <Table.Th ta="right">{t("shared.net")}</Table.Th>
                </>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map(({ line, position }) =>
              line.type === "item" ? (
                <Table.Tr key={position} data-testid="shared-line">
                  <Table.Td>
                    <Description line={line} />
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {n.whole(line.quantity)}
                  </Table.Td>
                  {united ? <Table.Td>{line.unit ?? ""}</Table.Td> : null}
                  {priced ? (
                    <>
                      <Table.Td ta="right" className="registre-numeric">
                        {n.price(line.unitPrice)}
                      </Table.Td>
                      {discounted ? (
                        <Table.Td ta="right" className="registre-numeric" data-testid="shared-line-discount">
                          {hasDiscount(line) ? n.percent(line.discountPercent) : ""}
                        </Table.Td>
                      ) : null}
                      <Table.Td ta="right" className="registre-numeric">
                        {n.percent(line.vatRate)}
                      </Table.Td>
                      <Table.Td ta="right" className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                        {n.money(line.netCents)}
                      </Table.Td>
                    </>
                  ) : null}
                </Table.Tr>
              ) : (
                <Table.Tr key={position}>
                  <Table.Td colSpan={columns}>
                    <TextLine line={line} />
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
};

const Row = ({
  label,
  value,
  strong,
  small,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  small?: boolean;
  testId?: string;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="md">
    <Text size={small ? "xs" : "sm"} c={small ? "dimmed" : undefined} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text
      size={small ? "xs" : "sm"}
      fw={strong ? 700 : undefined}
      className="registre-numeric"
      style={{ whiteSpace: "nowrap" }}
      data-testid={testId}
    >
      {value}
    </Text>
  </Group>
);

/**
 * The totals as the PDF prints them — excl. VAT, VAT per rate, incl. VAT, deposits deducted — then, on
 * a validated invoice or credit note, where it stands today: paid, credit notes deducted, what is left
 * (the figures of the invoice's own page, `settlement`; paid written without a minus, as that page
 * does). A quote or an order ends at its total.
 */
export const SharedTotals = ({ doc }: { doc: SharedDocument }) => {
  const { t } = useTranslation("files");
  const { shortDate } = useFormat();
  const n = useNumbers();
  const { totals, settlement } = doc;
  const side = doc.kind === "creditNote" ? "creditNote" : "invoice";
  const settled = settlement !== null && (settlement.paidCents !== 0 || settlement.creditedCents !== 0);
  return (
    <Paper p="md" w={{ base: "100%", sm: 380 }} data-testid="shared-totals">
      <Stack gap={6}>
        <Row label={t("shared.totalExcl")} value={n.money(totals.excludingTaxCents)} />
        {totals.vat.map((v) => (
          <Row
            key={v.rate}
            small
            label={t("shared.vatOn", { rate: n.whole(v.rate), base: n.money(v.baseCents) })}
            value={n.money(v.vatCents)}
          />
        ))}
        <Row label={t("shared.totalIncl")} value={n.money(totals.includingTaxCents)} strong />
        {totals.deposits.map((d) => (
          <Row
            key={d.number}
            label={t("shared.deposit", { number: d.number, date: shortDate(d.date) })}
            value={n.money(-d.includingTaxCents)}
          />
        ))}
        {settled && settlement.paidCents !== 0 ? (
          <Row
            label={t(`shared.settled.${side}.paid`)}
            value={n.money(settlement.paidCents)}
            testId="shared-paid"
          />
        ) : null}
        {settled && settlement.creditedCents !== 0 ? (
          <Row
            label={t(`shared.settled.${side}.credited`)}
            value={n.money(settlement.creditedCents)}
            testId="shared-credited"
          />
        ) : null}
        {doc.kind === "quote" || doc.kind === "order" ? null : (
          <>
            <Divider />
            <Row
              strong
              label={
                settled
                  ? t(`shared.settled.${side}.due`)
                  : t(side === "creditNote" ? "shared.credit" : "shared.totalDue")
              }
              value={n.money(settlement && settled ? settlement.dueCents : totals.dueCents)}
              testId="shared-due"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
};
