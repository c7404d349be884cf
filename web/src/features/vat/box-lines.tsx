import { Anchor, Group, Modal, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { entryNumberText } from "../accounting/entry-number.ts";
import { entryPath, vatPeriodPath } from "../accounting/paths.ts";
import { Amount, AmountTh, QueryView, useDay, useMoney } from "../accounting/ui.tsx";
import { docPath } from "../docs/paths.ts";
import { type VatBox, type VatBoxLine, vatBoxQuery } from "./api.ts";
import { useBoxLabel } from "./format.ts";

/** Where a VAT line's entry comes from, as a link when the interface has a screen for it. */
const originPath = (origin: VatBoxLine["origin"]): string | null => {
  if (!origin.id) return null;
  switch (origin.kind) {
    case "document":
      return docPath(origin.id);
    case "payment":
      return `/org/payments/${encodeURIComponent(origin.id)}`;
    case "deposit":
      return `/org/accounting/deposits/${encodeURIComponent(origin.id)}`;
    case "vatReturn":
      return vatPeriodPath(origin.id);
    default:
      return null;
  }
};

const knownOrigins = [
  "document",
  "payment",
  "deposit",
  "vatReturn",
  "manual",
  "reversal",
  "opening",
  "import",
  "adjustment",
  "statementLine",
] as const;
type KnownOrigin = (typeof knownOrigins)[number];
const originKind = (kind: string): KnownOrigin | "other" =>
  (knownOrigins as readonly string[]).includes(kind) ? (kind as KnownOrigin) : "other";

/** Why a line is in the box: its direction, regime, kind and rate, in words. */
const useReason = () => {
  const { t } = useTranslation("accounting");
  return (line: VatBoxLine) =>
    [
      t(`vat.reason.direction.${line.direction}`),
      t(`vat.reason.regime.${line.regime}`, { defaultValue: line.regime }),
      t(`vat.reason.kind.${line.kind}`, { defaultValue: line.kind }),
      line.rate === "0"
        ? t("vat.reason.noRate")
        : `${line.rate.replace(".", t("vat.reason.decimal"))}\u00a0%`,
    ].join(" · ");
};

/** The document, payment or deposit a line's entry comes from, linked when it has a screen. */
const Origin = ({ line }: { line: VatBoxLine }) => {
  const { t } = useTranslation("accounting");
  const to = originPath(line.origin);
  const text = t(`vat.origins.${originKind(line.origin.kind)}`);
  return to ? (
    <Anchor component={Link} to={to} size="sm" data-testid="vat-line-origin">
      {text}
    </Anchor>
  ) : (
    <Text span size="sm" c="dimmed">
      {text}
    </Text>
  );
};

/** On a phone: each line as a card, nothing to scroll sideways. */
const LinesList = ({ items }: { items: VatBoxLine[] }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const reason = useReason();
  const money = useMoney();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="vat-lines">
        {t("vat.lines.empty")}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="vat-lines">
      {items.map((line) => (
        <Paper
          key={`${line.mvt}/${line.line}`}
          p="sm"
          withBorder
          data-testid="vat-line"
          data-origin={line.origin.kind}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" className="registre-numeric">
              {day(line.date)}
            </Text>
            <Anchor component={Link} to={entryPath(line.mvt)} size="sm" data-testid="vat-line-entry">
              <span className="acc-code">{entryNumberText(line.number, line.journal)}</span>
            </Anchor>
          </Group>
          <Text size="sm" mt={4}>
            {line.label}
          </Text>
          <Text size="xs" c="dimmed">
            {reason(line)} · <span className="acc-code">{line.account}</span>
          </Text>
          <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
            <Origin line={line} />
            <Text size="sm" className="registre-numeric">
              {t("vat.lines.base")} {money.format(line.base)} · {t("vat.lines.tax")} {money.format(line.tax)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
};

const LinesTable = ({ items, box }: { items: VatBoxLine[]; box: VatBox }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const reason = useReason();
  const money = useMoney();
  const base = items.reduce((sum, l) => sum + l.base, 0);
  const tax = items.reduce((sum, l) => sum + l.tax, 0);
  return (
    <TableFrame minWidth={860} testId="vat-lines" stickyHeader={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={100}>{t("vat.lines.date")}</Table.Th>
          <Table.Th w={120}>{t("vat.lines.entry")}</Table.Th>
          <Table.Th>{t("vat.lines.label")}</Table.Th>
          <Table.Th w={150}>{t("vat.lines.origin")}</Table.Th>
          <Table.Th w={80}>{t("vat.lines.account")}</Table.Th>
          <AmountTh w={110}>{t("vat.lines.base")}</AmountTh>
          <AmountTh w={100}>{t("vat.lines.tax")}</AmountTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.length === 0 ? <EmptyRow colSpan={7}>{t("vat.lines.empty")}</EmptyRow> : null}
        {items.map((line) => (
          <Table.Tr key={`${line.mvt}/${line.line}`} data-testid="vat-line" data-origin={line.origin.kind}>
            <Table.Td className="registre-numeric">{day(line.date)}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={entryPath(line.mvt)} size="sm" data-testid="vat-line-entry">
                <span className="acc-code">{entryNumberText(line.number, line.journal)}</span>
              </Anchor>
              <Text size="xs" c="dimmed">
                {line.pieceRef}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{line.label}</Text>
              <Text size="xs" c="dimmed" data-testid="vat-line-reason">
                {reason(line)}
                {line.boxes.length > 1 ? ` · ${t("vat.lines.boxes", { boxes: line.boxes.join(", ") })}` : ""}
              </Text>
            </Table.Td>
            <Table.Td>
              <Origin line={line} />
            </Table.Td>
            <Table.Td>
              <span className="acc-code">{line.account}</span>
            </Table.Td>
            <Table.Td className="acc-num">
              <Amount cents={line.base} />
            </Table.Td>
            <Table.Td className="acc-num">
              <Amount cents={line.tax} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {items.length > 0 ? (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={5}>{t("vat.lines.total", { count: items.length, box: box.code })}</Table.Td>
            <Table.Td className="acc-num">{money.format(base)}</Table.Td>
            <Table.Td className="acc-num">{money.format(tax)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      ) : null}
    </TableFrame>
  );
};

/** A box's VAT lines: the entry, document or payment each comes from, and why it is in the box. */
export const BoxLinesModal = ({
  period,
  box,
  onClose,
}: {
  period: string;
  box: VatBox | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation("accounting");
  const label = useBoxLabel();
  const narrow = useMediaQuery("(max-width: 48em)");
  const lines = useQuery({ ...vatBoxQuery(period, box?.code ?? ""), enabled: box !== null });
  return (
    <Modal
      opened={box !== null}
      onClose={onClose}
      size="min(1100px, 96vw)"
      fullScreen={narrow}
      title={box ? t("vat.lines.title", { box: box.code, label: label(box) }) : ""}
    >
      {box ? (
        <Stack gap="sm" data-testid="vat-box-lines" data-code={box.code}>
          <Group gap="lg">
            <Text size="sm" c="dimmed">
              {t("vat.lines.explain")}
            </Text>
          </Group>
          <QueryView query={lines} height={200} testId="vat-lines-error">
            {(data) =>
              narrow ? <LinesList items={data.items} /> : <LinesTable items={data.items} box={data.box} />
            }
          </QueryView>
        </Stack>
      ) : null}
    </Modal>
  );
};
