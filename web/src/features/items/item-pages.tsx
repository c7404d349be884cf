import { Box, Button, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { AttachmentsPanel } from "../files/attachments-panel.tsx";
import { useReference } from "../reference/api.ts";
import { type Item, useDeleteItem, useUpdateItem } from "./api.ts";
import { ItemFrame } from "./item-frame.tsx";
import { itemPath, itemsPath } from "./paths.ts";
import { formatDecimal } from "./prices.ts";
import { Fields, UseBadge, useCanItems, useItemTexts } from "./ui.tsx";

export const ItemDetailPage = () => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const can = useCanItems();
  const texts = useItemTexts();
  const units = useReference("units");
  return (
    <ItemFrame
      title={(item) => `${item.reference} · ${item.label}`}
      actions={(item) => <ItemActions item={item} />}
    >
      {(item) => (
        <>
          <Paper p="lg" maw={900}>
            <Fields
              items={[
                { label: t("fields.reference"), value: item.reference },
                { label: t("fields.label"), value: item.label },
                { label: t("fields.use"), value: <UseBadge use={item.use} /> },
                { label: t("fields.kind"), value: t(`kinds.${item.kind}`) },
                { label: t("fields.unit"), value: `${item.unit} · ${units.labelOf(item.unit)}` },
                {
                  label: t("fields.vatRate"),
                  value:
                    item.vatRate === "exempt"
                      ? `${texts.vat(item.vatRate)} — ${item.vatExemption}`
                      : texts.vat(item.vatRate),
                },
                ...(item.use !== "purchase"
                  ? [
                      { label: t("fields.sellPrice"), value: formatDecimal(item.sellPrice, locale) },
                      {
                        label: t("fields.sellPriceTtc"),
                        value: formatDecimal(item.sellPriceIncludingTax, locale),
                      },
                      { label: t("fields.sellAccount"), value: item.sellAccount ?? "—" },
                    ]
                  : []),
                ...(item.use !== "sale"
                  ? [
                      { label: t("fields.buyPrice"), value: formatDecimal(item.buyPrice, locale) },
                      { label: t("fields.buyAccount"), value: item.buyAccount ?? "—" },
                    ]
                  : []),
                {
                  label: t("fields.status"),
                  value: (
                    <Tag size="sm" color={item.status === "active" ? "teal" : "gray"}>
                      {t(`status.${item.status}`)}
                    </Tag>
                  ),
                },
                ...(item.description
                  ? [
                      {
                        label: t("fields.description"),
                        value: <Text style={{ whiteSpace: "pre-wrap" }}>{item.description}</Text>,
                      },
                    ]
                  : []),
              ]}
            />
          </Paper>
          {can("items.files", "read") ? (
            <Box maw={900} mt="lg">
              <AttachmentsPanel
                owner={{ kind: "items", id: item.id }}
                canAdd={can("items.files", "create")}
                canRemove={can("items.files", "delete")}
              />
            </Box>
          ) : null}
        </>
      )}
    </ItemFrame>
  );
};

/** An item's actions: « Modifier », its deletion (confirmed, then back to the list), archive or restore. */
const ItemActions = ({ item }: { item: Item }) => {
  const { t } = useTranslation(["items", "common"]);
  const can = useCanItems();
  const update = useUpdateItem(item.id);
  const deletion = useDeleteAction({
    remove: useDeleteItem(),
    id: item.id,
    listPath: itemsPath,
    label: t("delete"),
    title: t("deleteTitle"),
    confirmLabel: t("deleteConfirm"),
    text: t("deleteText", { reference: item.reference }),
    testId: "item-delete",
  });
  return (
    <DetailActions
      edit={can("items", "update") && { to: `${itemPath(item.id)}/edit`, testId: "item-edit" }}
      remove={can("items", "delete") && deletion.action}
    >
      {can("items", "update") ? (
        <Button
          variant="default"
          loading={update.isPending}
          onClick={() => update.mutate({ status: item.status === "active" ? "archived" : "active" })}
          data-testid="item-archive"
        >
          {item.status === "active" ? t("archive") : t("unarchive")}
        </Button>
      ) : null}
      {update.isError ? <ErrorAlert error={update.error} /> : null}
      {deletion.dialog}
    </DetailActions>
  );
};

/** `/org/items/{id}/price`: base prices, tiers of each side and the margin at each tier. */

export { ItemMetaEditPage, ItemMetaPage } from "./item-meta-pages.tsx";
export { ItemPriceEditPage, ItemPricePage } from "./item-price-pages.tsx";
