import { Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { type Item, itemPricesQuery, useSetItemPrices } from "./api.ts";
import { usePriceRules } from "./item-form-pages.tsx";
import { ItemFrame } from "./item-frame.tsx";
import { itemPath } from "./paths.ts";
import { decimalInput, formatDecimal, type Tier } from "./prices.ts";
import { ItemTiers, MarginsTable } from "./tiers-editor.tsx";
import { Fields, PriceInput, useCanItems } from "./ui.tsx";

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
          <LinkButton to={`${itemPath(id)}/price/edit`} variant="default" data-testid="item-price-edit">
            {t("common:actions.edit")}
          </LinkButton>
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
              <PriceInput
                side="buy"
                value={values.buyPrice}
                onChange={(event) => setValues({ ...values, buyPrice: event.currentTarget.value })}
                error={errors.buyPrice}
              />
            ) : null}
            {sells ? (
              <PriceInput
                side="sell"
                value={values.sellPrice}
                onChange={(event) => setValues({ ...values, sellPrice: event.currentTarget.value })}
                error={errors.sellPrice}
              />
            ) : null}
          </Group>
          <ItemTiers
            prices={values}
            onChange={(tiers) => setValues({ ...values, ...tiers })}
            errors={errors}
            sells={sells}
            buys={buys}
          />
          <Group justify="flex-end" gap="sm">
            <LinkButton variant="default" to={`${itemPath(item.id)}/price`}>
              {t("common:actions.cancel")}
            </LinkButton>
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
