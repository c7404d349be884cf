import { Button, Group, SegmentedControl, Select, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import type { Column } from "../../components/data-table.tsx";
import { NewButton } from "../../components/detail-actions.tsx";
import { FilterBar, SearchFilter, useListFilter } from "../../components/filter-bar.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { selectColumn } from "../../components/select-column.tsx";
import { useFormat } from "../../i18n/format.ts";
import { TransferButtons } from "../imports/transfer-buttons.tsx";
import { type Item, type ItemFilter, itemsQuery, PAGE_SIZE, useBulkPrices } from "./api.ts";
import { itemPath, itemsPath } from "./paths.ts";
import { formatDecimal } from "./prices.ts";
import { UseBadge, useCanItems, useItemTexts } from "./ui.tsx";

type Side = "all" | "sale" | "purchase" | "archived";

/** The bulk price update of the selection by a percentage, confirmed ("update the price"). */
const BulkPriceDialog = ({
  ids,
  opened,
  onClose,
  onDone,
}: {
  ids: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation("items");
  const [percentage, setPercentage] = useState("");
  const [prices, setPrices] = useState<"sell" | "buy" | "both">("sell");
  const bulk = useBulkPrices();
  const typed = percentage.trim().replace(",", ".");
  const valid = /^-?\d{1,4}(\.\d{1,4})?$/.test(typed) && Number(typed) !== 0;
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t("bulk.title")}
      confirmLabel={t("bulk.confirm")}
      color="blue"
      pending={bulk.isPending}
      error={bulk.isError ? bulk.error : null}
      confirmDisabled={!valid}
      testId="items-bulk-dialog"
      onConfirm={() =>
        bulk.mutate(
          { ids, percentage: typed, prices },
          {
            onSuccess: () => {
              setPercentage("");
              onDone();
            },
          },
        )
      }
    >
      <TextInput
        label={t("bulk.percentage")}
        description={t("bulk.percentageHint")}
        value={percentage}
        onChange={(event) => setPercentage(event.currentTarget.value)}
        inputMode="decimal"
        data-autofocus
        data-testid="items-bulk-percentage"
      />
      <Select
        label={t("bulk.prices")}
        value={prices}
        onChange={(value) => value && setPrices(value as typeof prices)}
        allowDeselect={false}
        data={(["sell", "buy", "both"] as const).map((value) => ({ value, label: t(`bulk.${value}`) }))}
      />
      {valid ? (
        <Text size="sm">
          {t("bulk.confirmText", { count: ids.length, percentage: typed.replace(".", ",") })}
        </Text>
      ) : null}
    </ConfirmModal>
  );
};

const sides: readonly Side[] = ["all", "sale", "purchase", "archived"];
type ListFilter = { q: string; side: Side; page: number };

/** The address's filter: the search, the side shown (all by default) and the page. */
const readFilter = (params: URLSearchParams): ListFilter => {
  const side = params.get("side") as Side | null;
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim(),
    side: side && sides.includes(side) ? side : "all",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

const writeFilter = (filter: ListFilter): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.side !== "all") params.set("side", filter.side);
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
};

/** `/org/items`: the items, searched as you type, filtered by side, archived apart; a selection's prices updated at once. */
export const ItemsPage = () => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const can = useCanItems();
  const texts = useItemTexts();
  const list = useListFilter({ read: readFilter, write: writeFilter, delay: 200 });
  const { side, page } = list.filter;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const filter: ItemFilter = {
    q: list.filter.q,
    use: side === "sale" || side === "purchase" ? side : undefined,
    status: side === "archived" ? "archived" : "active",
    page,
  };
  const items = useQuery({ ...itemsQuery(filter), enabled: can("items", "read") });
  const rows = items.data?.items ?? [];
  const canBulk = can("items.prices", "update");
  const columns: Column<Item>[] = [
    ...(canBulk
      ? [
          selectColumn({
            rows,
            selected,
            onChange: setSelected,
            allLabel: t("bulk.selectAll"),
            rowLabel: (item: Item) => t("bulk.select", { reference: item.reference }),
            testId: "item-select",
          }),
        ]
      : []),
    {
      key: "reference",
      header: t("fields.reference"),
      width: 150,
      sort: (a, b) => a.reference.localeCompare(b.reference, locale),
      cell: (item) => (
        <Link to={itemPath(item.id)} className="registre-row-link">
          {item.reference}
        </Link>
      ),
    },
    {
      key: "label",
      header: t("fields.label"),
      sort: (a, b) => a.label.localeCompare(b.label, locale),
      cell: (item) => item.label,
    },
    { key: "use", header: t("fields.use"), width: 150, cell: (item) => <UseBadge use={item.use} /> },
    {
      key: "vat",
      header: t("fields.vatRate"),
      width: 110,
      align: "right",
      cell: (item) => texts.vat(item.vatRate),
    },
    ...(["buy", "sell"] as const).map(
      (price): Column<Item> => ({
        key: price,
        header: t(`fields.${price}Price`),
        width: 140,
        numeric: true,
        cell: (item) => formatDecimal(item[`${price}Price`], locale),
      }),
    ),
  ];
  return (
    <PageFrame
      allowed={can("items", "read")}
      title={t("title")}
      description={t("description")}
      actions={
        <Group gap="sm">
          <TransferButtons target="items" filter={{ q: filter.q, use: filter.use, status: filter.status }} />
          {canBulk && selected.size > 0 ? (
            <Button variant="light" onClick={() => setBulkOpen(true)} data-testid="items-bulk">
              {t("bulk.action", { count: selected.size })}
            </Button>
          ) : null}
          {can("items", "create") ? (
            <NewButton to={`${itemsPath}/create`} label={t("new")} testId="item-new" />
          ) : null}
        </Group>
      }
    >
      <FilterBar gap="md">
        <SearchFilter
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchPlaceholder")}
          value={list.search}
          onChange={list.setSearch}
          w={340}
          data-testid="items-search"
        />
        <SegmentedControl
          value={side}
          onChange={(value) => {
            list.set({ side: value as Side });
            setSelected(new Set());
          }}
          data={sides.map((value) => ({ value, label: t(`filters.${value}`) }))}
          data-testid="items-filter"
        />
      </FilterBar>
      <QueryTable
        query={items}
        errorTestId="items-error"
        columns={columns}
        rowKey={(item) => item.id}
        rowLink={(item) => itemPath(item.id)}
        rowProps={() => ({ "data-testid": "item-row" })}
        empty={t("empty")}
        caption={t("title")}
        testId="items-table"
        minWidth={820}
        pagination={(data) =>
          data.total > PAGE_SIZE
            ? { page, pages: Math.ceil(data.total / PAGE_SIZE), onChange: list.page }
            : undefined
        }
      />
      <BulkPriceDialog
        ids={[...selected]}
        opened={bulkOpen}
        onClose={() => setBulkOpen(false)}
        onDone={() => {
          setBulkOpen(false);
          setSelected(new Set());
        }}
      />
    </PageFrame>
  );
};
