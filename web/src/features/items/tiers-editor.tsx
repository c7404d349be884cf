import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TableFrame } from "../../components/data-table.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatDecimal, type Margin, margins, readDecimal, type Tier } from "./prices.ts";

/** The tiers as typed: each row's quantity and unit price, and the errors of the form on them. */
export const TiersEditor = ({
  side,
  tiers,
  onChange,
  errors,
}: {
  side: "sale" | "purchase";
  tiers: readonly Tier[];
  onChange: (tiers: Tier[]) => void;
  errors: Record<string, unknown>;
}) => {
  const { t } = useTranslation("items");
  const field = `${side}Tiers`;
  const set = (index: number, part: Partial<Tier>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...part } : tier)));
  return (
    <Stack gap="xs" data-testid={`${side}-tiers`}>
      <Text fw={600} size="sm">
        {t(side === "sale" ? "price.saleTiers" : "price.purchaseTiers")}
      </Text>
      {tiers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("price.noTiers")}
        </Text>
      ) : null}
      {tiers.map((tier, index) => (
        // Tiers have no id of their own until saved: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered while typed
        <Group key={index} gap="sm" align="flex-start" wrap="nowrap" data-testid={`${side}-tier`}>
          <TextInput
            label={index === 0 ? t("price.fromQuantity") : undefined}
            aria-label={t("price.fromQuantity")}
            value={tier.fromQuantity}
            onChange={(event) => set(index, { fromQuantity: event.currentTarget.value })}
            error={errors[`${field}.${index}.fromQuantity`] as string | undefined}
            inputMode="decimal"
            w={180}
            data-testid={`${side}-tier-quantity`}
          />
          <TextInput
            label={index === 0 ? t("price.unitPrice") : undefined}
            aria-label={t("price.unitPrice")}
            value={tier.unitPrice}
            onChange={(event) => set(index, { unitPrice: event.currentTarget.value })}
            error={errors[`${field}.${index}.unitPrice`] as string | undefined}
            inputMode="decimal"
            w={180}
            data-testid={`${side}-tier-price`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={index === 0 ? 28 : 4}
            aria-label={t("price.removeTier")}
            title={t("price.removeTier")}
            onClick={() => onChange(tiers.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<PlusIcon />}
          onClick={() => onChange([...tiers, { fromQuantity: "", unitPrice: "" }])}
          data-testid={`${side}-tier-add`}
        >
          {t("price.addTier")}
        </Button>
      </Group>
    </Stack>
  );
};

/** The margins per tier, from the API or computed live from what is typed. */
export const MarginsTable = ({ rows }: { rows: readonly Margin[] }) => {
  const { t } = useTranslation("items");
  const { locale } = useFormat();
  const quantity = (q: string) => q.replace(".", locale === "fr" ? "," : ".");
  return (
    <TableFrame caption={t("price.margins")} testId="item-margins">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("price.fromQuantity")}</Table.Th>
          <Table.Th ta="right">{t("fields.sellPrice")}</Table.Th>
          <Table.Th ta="right">{t("fields.buyPrice")}</Table.Th>
          <Table.Th ta="right">{t("fields.margin")}</Table.Th>
          <Table.Th ta="right">{t("fields.marginRate")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.fromQuantity ?? "base"} data-testid="margin-row">
            <Table.Td>
              {row.fromQuantity === null
                ? t("price.baseRow")
                : t("price.fromRow", { quantity: quantity(row.fromQuantity) })}
            </Table.Td>
            <Table.Td className="kit-num">{formatDecimal(row.sellPrice, locale)}</Table.Td>
            <Table.Td className="kit-num">{formatDecimal(row.buyPrice, locale)}</Table.Td>
            <Table.Td className="kit-num" data-testid="margin-amount">
              {formatDecimal(row.margin, locale)}
            </Table.Td>
            <Table.Td className="kit-num" data-testid="margin-rate">
              {row.rate === null
                ? "—"
                : `${row.rate.replace(".", locale === "fr" ? "," : ".")}${locale === "fr" ? "\u00a0%" : "%"}`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
};

/** The margins of what is typed so far: rows whose figures do not read yet are left out. */
export const liveMargins = (
  sellPrice: string,
  buyPrice: string,
  saleTiers: readonly Tier[],
  purchaseTiers: readonly Tier[],
): Margin[] => {
  const readable = (tiers: readonly Tier[]) =>
    tiers.flatMap((tier) => {
      const fromQuantity = readDecimal(tier.fromQuantity);
      const unitPrice = readDecimal(tier.unitPrice);
      return fromQuantity && unitPrice && Number(fromQuantity) > 0 ? [{ fromQuantity, unitPrice }] : [];
    });
  return margins(readDecimal(sellPrice), readDecimal(buyPrice), readable(saleTiers), readable(purchaseTiers));
};

/** The prices an item's tiers and margins are read from, as typed. */
type TypedPrices = { sellPrice: string; buyPrice: string; saleTiers: Tier[]; purchaseTiers: Tier[] };

/**
 * The tiers an item's uses call for — sale when it is sold, purchase when it is bought — and, for one
 * both sold and bought, the margins of what is typed so far.
 */
export const ItemTiers = ({
  prices,
  onChange,
  errors,
  sells,
  buys,
}: {
  prices: TypedPrices;
  onChange: (tiers: Partial<Pick<TypedPrices, "saleTiers" | "purchaseTiers">>) => void;
  errors: Record<string, unknown>;
  sells: boolean;
  buys: boolean;
}) => (
  <>
    {sells ? (
      <TiersEditor
        side="sale"
        tiers={prices.saleTiers}
        onChange={(saleTiers) => onChange({ saleTiers })}
        errors={errors}
      />
    ) : null}
    {buys ? (
      <TiersEditor
        side="purchase"
        tiers={prices.purchaseTiers}
        onChange={(purchaseTiers) => onChange({ purchaseTiers })}
        errors={errors}
      />
    ) : null}
    {sells && buys ? (
      <MarginsTable
        rows={liveMargins(prices.sellPrice, prices.buyPrice, prices.saleTiers, prices.purchaseTiers)}
      />
    ) : null}
  </>
);
