import { SimpleGrid, Stack, Tabs, Text, TextInput, type TextInputProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Tag } from "../../components/tag.tsx";
import { can, type Permission } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import type { Item, ItemUse, VatRate } from "./api.ts";
import { itemPath } from "./paths.ts";

/** The resource codes of the items' screens (spec section 6). */
export type ItemRight = "items" | "items.files" | "items.meta" | "items.prices";

export const useCanItems = (): ((code: ItemRight, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

export const useItemTexts = () => {
  const { t } = useTranslation("items");
  return {
    vat: (rate: VatRate) =>
      rate === "exempt" ? t("vat.exempt") : t("vat.rate", { rate: rate.replace(".", ",") }),
    use: (use: ItemUse) => t(`uses.${use}`),
  };
};

const useColors: Record<ItemUse, string> = { sale: "teal", purchase: "orange", both: "blue" };
export const UseBadge = ({ use }: { use: ItemUse }) => {
  const { t } = useTranslation("items");
  return (
    <Tag size="sm" color={useColors[use]}>
      {t(`uses.${use}`)}
    </Tag>
  );
};

/** The item's screens, as tabs under its header: details, prices and tiers, additional data. */
export const ItemTabs = ({ item }: { item: Pick<Item, "id"> }) => {
  const { t } = useTranslation("items");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = itemPath(item.id);
  const current = pathname.startsWith(`${base}/price`)
    ? "price"
    : pathname.startsWith(`${base}/meta`)
      ? "meta"
      : "detail";
  const to = { detail: base, price: `${base}/price`, meta: `${base}/meta` } as const;
  return (
    <Tabs value={current} onChange={(tab) => tab && void navigate(to[tab as keyof typeof to])} mb="md">
      <Tabs.List>
        {(Object.keys(to) as (keyof typeof to)[]).map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`item-tab-${tab}`}>
            {t(`tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
};

/** Label and value pairs of a record, two columns from a tablet's width. */
export const Fields = ({ items }: { items: { label: string; value: ReactNode }[] }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
    {items.map((item) => (
      <Stack gap={2} key={item.label}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {item.label}
        </Text>
        <Text component="div">{item.value}</Text>
      </Stack>
    ))}
  </SimpleGrid>
);

/** An item's buy or sell price excluding tax, typed as the reader writes numbers. */
export const PriceInput = ({ side, ...props }: { side: "buy" | "sell" } & TextInputProps) => {
  const { t } = useTranslation("items");
  return (
    <TextInput
      label={t(side === "buy" ? "fields.buyPrice" : "fields.sellPrice")}
      description={t("priceHint")}
      {...props}
      inputMode="decimal"
      data-testid={`item-${side}-price`}
    />
  );
};
