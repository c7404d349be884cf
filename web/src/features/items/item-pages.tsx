import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmModal, DeleteModal } from "../../components/confirm-modal.tsx";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useReference } from "../reference/api.ts";
import {
  type Item,
  itemPricesQuery,
  itemQuery,
  useDeleteItem,
  useRemoveItemMeta,
  useSetItemMeta,
  useSetItemPrices,
  useUpdateItem,
} from "./api.ts";
import { usePriceRules } from "./item-form-pages.tsx";
import { itemPath, itemsPath } from "./paths.ts";
import { decimalInput, formatDecimal, type Tier } from "./prices.ts";
import { liveMargins, MarginsTable, TiersEditor } from "./tiers-editor.tsx";
import { Fields, ItemTabs, UseBadge, useCanItems, useItemTexts } from "./ui.tsx";

/** The frame of an item's screens: header with its actions, tabs, then the screen once the item is loaded. */
const ItemFrame = ({
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
  if (!can("items", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
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
export const ItemDetailPage = () => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const can = useCanItems();
  const texts = useItemTexts();
  const units = useReference("units");
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteItem();
  return (
    <ItemFrame
      title={(item) => `${item.reference} · ${item.label}`}
      actions={(item) => (
        <DetailActions
          item={item}
          onDelete={() => {
            remove.reset();
            setDeleting(true);
          }}
        />
      )}
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
                    <Badge
                      size="sm"
                      variant="light"
                      radius="sm"
                      tt="none"
                      color={item.status === "active" ? "teal" : "gray"}
                    >
                      {t(`status.${item.status}`)}
                    </Badge>
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
          {can("items", "delete") ? (
            <DeleteModal
              opened={deleting}
              onClose={() => setDeleting(false)}
              remove={remove}
              id={item.id}
              listPath={itemsPath}
              title={t("deleteTitle")}
              confirmLabel={t("deleteConfirm")}
              testId="item-delete-dialog"
            >
              <Text size="sm">{t("deleteText", { reference: item.reference })}</Text>
            </DeleteModal>
          ) : null}
        </>
      )}
    </ItemFrame>
  );
};

const DetailActions = ({ item, onDelete }: { item: Item; onDelete: () => void }) => {
  const { t } = useTranslation(["items", "common"]);
  const can = useCanItems();
  const update = useUpdateItem(item.id);
  return (
    <Group gap="sm">
      {can("items", "update") ? (
        <>
          <Button component={Link} to={`${itemPath(item.id)}/edit`} variant="default" data-testid="item-edit">
            {t("common:actions.edit")}
          </Button>
          <Button
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ status: item.status === "active" ? "archived" : "active" })}
            data-testid="item-archive"
          >
            {item.status === "active" ? t("archive") : t("unarchive")}
          </Button>
        </>
      ) : null}
      {can("items", "delete") ? (
        <Button variant="light" color="red" onClick={onDelete} data-testid="item-delete">
          {t("delete")}
        </Button>
      ) : null}
      {update.isError ? <ErrorAlert error={update.error} /> : null}
    </Group>
  );
};

/** `/org/items/{id}/price`: base prices, tiers of each side and the margin at each tier. */
export const ItemPricePage = () => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const can = useCanItems();
  const id = useParams().id ?? "";
  const prices = useQuery({ ...itemPricesQuery(id), enabled: can("items.prices", "read") });
  return (
    <ItemFrame
      title={(item) => t("price.title", { reference: item.reference })}
      actions={() =>
        can("items.prices", "update") ? (
          <Button
            component={Link}
            to={`${itemPath(id)}/price/edit`}
            variant="default"
            data-testid="item-price-edit"
          >
            {t("common:actions.edit")}
          </Button>
        ) : null
      }
    >
      {(item) =>
        can("items.prices", "read") ? (
          <QueryView query={prices} testId="item-prices-error">
            {(data) => (
              <Stack gap="md" maw={900}>
                <Paper p="lg">
                  <Fields
                    items={[
                      ...(item.use !== "sale"
                        ? [{ label: t("fields.buyPrice"), value: formatDecimal(data.buyPrice, locale) }]
                        : []),
                      ...(item.use !== "purchase"
                        ? [
                            { label: t("fields.sellPrice"), value: formatDecimal(data.sellPrice, locale) },
                            {
                              label: t("fields.sellPriceTtc"),
                              value: formatDecimal(data.sellPriceIncludingTax, locale),
                            },
                          ]
                        : []),
                    ]}
                  />
                </Paper>
                {(["sale", "purchase"] as const)
                  .filter((side) => (side === "sale" ? item.use !== "purchase" : item.use !== "sale"))
                  .map((side) => (
                    <TiersTable
                      key={side}
                      side={side}
                      tiers={side === "sale" ? data.saleTiers : data.purchaseTiers}
                    />
                  ))}
                <MarginsTable rows={data.margins} />
              </Stack>
            )}
          </QueryView>
        ) : (
          <NoAccess />
        )
      }
    </ItemFrame>
  );
};

const TiersTable = ({ side, tiers }: { side: "sale" | "purchase"; tiers: readonly Tier[] }) => {
  const { t } = useTranslation("items");
  const { locale } = useFormat();
  return (
    <TableFrame
      caption={t(side === "sale" ? "price.saleTiers" : "price.purchaseTiers")}
      testId={`${side}-tiers-table`}
      minWidth={420}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th colSpan={2}>{t(side === "sale" ? "price.saleTiers" : "price.purchaseTiers")}</Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t("price.fromQuantity")}</Table.Th>
          <Table.Th className="kit-num">{t("price.unitPrice")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tiers.length === 0 ? <EmptyRow colSpan={2}>{t("price.noTiers")}</EmptyRow> : null}
        {tiers.map((tier) => (
          <Table.Tr key={tier.fromQuantity} data-testid="tier-row">
            <Table.Td>{tier.fromQuantity.replace(".", locale === "fr" ? "," : ".")}</Table.Td>
            <Table.Td className="kit-num">{formatDecimal(tier.unitPrice, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
};

/** `/org/items/{id}/price/edit`: prices and tiers typed with the margins shown live, saved after « update the price ». */
export const ItemPriceEditPage = () => {
  const { t } = useTranslation(["items", "common"]);
  const can = useCanItems();
  return (
    <ItemFrame title={(item) => t("price.editTitle", { reference: item.reference })}>
      {(item) => (can("items.prices", "update") ? <PriceForm item={item} /> : <NoAccess />)}
    </ItemFrame>
  );
};

const PriceForm = ({ item }: { item: Item }) => {
  const { t } = useTranslation(["items", "common"]);
  const navigate = useNavigate();
  const rules = usePriceRules();
  const save = useSetItemPrices(item.id);
  const { locale } = useFormat();
  const tiersInput = (tiers: readonly Tier[]) =>
    tiers.map((tier) => ({
      fromQuantity: decimalInput(tier.fromQuantity, locale),
      unitPrice: decimalInput(tier.unitPrice, locale),
    }));
  const [values, setValues] = useState({
    sellPrice: decimalInput(item.sellPrice, locale),
    buyPrice: decimalInput(item.buyPrice, locale),
    saleTiers: tiersInput(item.saleTiers),
    purchaseTiers: tiersInput(item.purchaseTiers),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const sells = item.use !== "purchase";
  const buys = item.use !== "sale";
  const check = () => {
    const found: Record<string, string> = {};
    const parse = <T,>(
      schema: {
        safeParse: (
          v: unknown,
        ) =>
          | { success: true; data: T }
          | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
      },
      value: unknown,
      field: string,
    ) => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        found[[field, ...issue.path.map(String)].join(".")] ??= issue.message;
      return undefined;
    };
    const out = {
      sellPrice: sells ? parse(rules.price, values.sellPrice, "sellPrice") : undefined,
      buyPrice: buys ? parse(rules.price, values.buyPrice, "buyPrice") : undefined,
      saleTiers: sells ? parse(rules.tiers, values.saleTiers, "saleTiers") : undefined,
      purchaseTiers: buys ? parse(rules.tiers, values.purchaseTiers, "purchaseTiers") : undefined,
    };
    setErrors(found);
    return Object.keys(found).length === 0 ? out : null;
  };
  const submit = () => {
    const out = check();
    if (!out) return setConfirming(false);
    save.mutate(
      {
        ...(sells && { sellPrice: out.sellPrice ?? null, saleTiers: out.saleTiers ?? [] }),
        ...(buys && { buyPrice: out.buyPrice ?? null, purchaseTiers: out.purchaseTiers ?? [] }),
      },
      { onSuccess: () => void navigate(`${itemPath(item.id)}/price`) },
    );
  };
  return (
    <Paper p="lg" maw={900}>
      <form
        noValidate
        data-testid="item-price-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (check()) {
            save.reset();
            setConfirming(true);
          }
        }}
      >
        <Stack gap="md">
          <Group gap="md" align="flex-start">
            {buys ? (
              <TextInput
                label={t("fields.buyPrice")}
                description={t("priceHint")}
                value={values.buyPrice}
                onChange={(event) => setValues({ ...values, buyPrice: event.currentTarget.value })}
                error={errors.buyPrice}
                inputMode="decimal"
                data-testid="item-buy-price"
              />
            ) : null}
            {sells ? (
              <TextInput
                label={t("fields.sellPrice")}
                description={t("priceHint")}
                value={values.sellPrice}
                onChange={(event) => setValues({ ...values, sellPrice: event.currentTarget.value })}
                error={errors.sellPrice}
                inputMode="decimal"
                data-testid="item-sell-price"
              />
            ) : null}
          </Group>
          {sells ? (
            <TiersEditor
              side="sale"
              tiers={values.saleTiers}
              onChange={(saleTiers) => setValues({ ...values, saleTiers })}
              errors={errors}
            />
          ) : null}
          {buys ? (
            <TiersEditor
              side="purchase"
              tiers={values.purchaseTiers}
              onChange={(purchaseTiers) => setValues({ ...values, purchaseTiers })}
              errors={errors}
            />
          ) : null}
          {sells && buys ? (
            <MarginsTable
              rows={liveMargins(values.sellPrice, values.buyPrice, values.saleTiers, values.purchaseTiers)}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={`${itemPath(item.id)}/price`}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" data-testid="item-price-save">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("price.confirmTitle")}
        confirmLabel={t("price.confirm")}
        color="blue"
        pending={save.isPending}
        error={save.isError ? save.error : null}
        onConfirm={submit}
        testId="item-price-confirm"
      >
        <Text size="sm">{t("price.confirmText", { reference: item.reference })}</Text>
      </ConfirmModal>
    </Paper>
  );
};

/** `/org/items/{id}/meta` and `/meta/edit`: the item's additional data (key and value). */
const MetaScreen = ({ edit }: { edit: boolean }) => {
  const { t } = useTranslation(["items", "common"]);
  const can = useCanItems();
  return (
    <ItemFrame
      title={(item) => t(edit ? "meta.editTitle" : "meta.title", { reference: item.reference })}
      actions={(item) =>
        !edit && can("items.meta", "update") ? (
          <Button
            component={Link}
            to={`${itemPath(item.id)}/meta/edit`}
            variant="default"
            data-testid="item-meta-edit"
          >
            {t("common:actions.edit")}
          </Button>
        ) : null
      }
    >
      {(item) =>
        can("items.meta", "read") ? (
          <MetaTable item={item} edit={edit && can("items.meta", "update")} />
        ) : (
          <NoAccess />
        )
      }
    </ItemFrame>
  );
};

const MetaTable = ({ item, edit }: { item: Item; edit: boolean }) => {
  const { t } = useTranslation(["items", "common"]);
  const setMeta = useSetItemMeta();
  const removeMeta = useRemoveItemMeta();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const entries = Object.entries(item.metas).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="md" maw={820}>
      <TableFrame caption={t("tabs.meta")} testId="item-metas" minWidth={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={220}>{t("meta.key")}</Table.Th>
            <Table.Th>{t("meta.value")}</Table.Th>
            {edit ? <Table.Th w={110} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.length === 0 ? <EmptyRow colSpan={edit ? 3 : 2}>{t("meta.empty")}</EmptyRow> : null}
          {entries.map(([k, v]) => (
            <Table.Tr key={k} data-testid="meta-row">
              <Table.Td ff="monospace">{k}</Table.Td>
              <Table.Td>{v}</Table.Td>
              {edit ? (
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={removeMeta.isPending}
                    onClick={() => removeMeta.mutate(`${item.id}:${k}`)}
                  >
                    {t("meta.remove")}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableFrame>
      {edit ? (
        <Paper p="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setMeta.mutate(
                { itemId: item.id, key: key.trim(), value },
                {
                  onSuccess: () => {
                    setKey("");
                    setValue("");
                  },
                },
              );
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t("meta.key")}
                description={t("meta.keyHint")}
                value={key}
                onChange={(e) => setKey(e.currentTarget.value)}
                w={260}
                data-testid="meta-key"
              />
              <TextInput
                label={t("meta.value")}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="meta-value"
              />
              <Button type="submit" loading={setMeta.isPending} disabled={!key.trim()} data-testid="meta-add">
                {t("meta.add")}
              </Button>
            </Group>
            {setMeta.isError ? <ErrorAlert error={setMeta.error} /> : null}
            {removeMeta.isError ? <ErrorAlert error={removeMeta.error} /> : null}
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
};

export const ItemMetaPage = () => <MetaScreen edit={false} />;
export const ItemMetaEditPage = () => <MetaScreen edit />;
