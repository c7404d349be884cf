import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { type Item, itemQuery } from "./api.ts";
import { itemsPath } from "./paths.ts";
import { ItemTabs, useCanItems } from "./ui.tsx";

/** The frame of an item's screens: header with its actions, tabs, then the screen once the item is loaded. */
export const ItemFrame = ({
  title,
  actions,
  children,
}: {
  title: (item: Item) => string;
  actions?: (item: Item) => React.ReactNode;
  children: (item: Item) => React.ReactNode;
}) => {
  const { t } = useTranslation("items");
  const can = useCanItems();
  const id = useParams().id ?? "";
  const item = useQuery({ ...itemQuery(id), enabled: can("items", "read") });
  const crumbs = [{ to: itemsPath, label: t("title") }];
  if (!can("items", "read")) return <NoAccessPage title={t("title")} crumbs={crumbs} />;
  return (
    <Stack gap={0}>
      <PageHeader
        title={item.data ? title(item.data) : "…"}
        crumbs={crumbs}
        actions={item.data && actions ? actions(item.data) : null}
      />
      {item.data ? <ItemTabs item={item.data} /> : null}
      <QueryView query={item} testId="item-error">
        {children}
      </QueryView>
    </Stack>
  );
};

/** `/org/items/{id}`: the item. */
