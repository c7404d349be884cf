import { Divider, Group, Select, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ResourceFormPage, useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { useFormat } from "../../i18n/format.ts";
import { z } from "../../lib/zod.ts";
import { useReference } from "../reference/api.ts";
import {
  type CreateItem,
  defaultAccounts,
  type Item,
  type ItemKind,
  type ItemUse,
  itemKinds,
  itemQuery,
  itemUses,
  useCreateItem,
  useUpdateItem,
  type VatRate,
  vatRates,
} from "./api.ts";
import { itemPath, itemsPath } from "./paths.ts";
import { formatDecimal, readDecimal, type Tier, withTax } from "./prices.ts";
import { ItemTiers } from "./tiers-editor.tsx";
import { PriceInput, useCanItems, useItemTexts } from "./ui.tsx";

/** Legal grounds often printed for exempt items (the API's `vatExemptionMentions`). */
const exemptionMentions = [
  "TVA non applicable, art. 293 B du CGI",
  "Exonération de TVA, article 261 du CGI",
  "Exonération de TVA, article 262 ter I du CGI",
  "Exonération de TVA, article 262 I du CGI",
  "Autoliquidation",
];

/** Prices and tiers as typed, checked and turned into the API's decimal strings. */
export const usePriceRules = () => {
  const { t } = useTranslation("items");
  return useMemo(() => {
    const price = z
      .string()
      .trim()
      .refine((text) => text === "" || readDecimal(text) !== null, { message: t("invalidPrice") })
      .transform((text) => (text === "" ? null : readDecimal(text)));
    const tiers = z
      .array(
        z.object({
          fromQuantity: z
            .string()
            .refine(
              (text) => {
                const q = readDecimal(text);
                return q !== null && Number(q) > 0;
              },
              { message: t("invalidQuantity") },
            )
            .transform((text) => readDecimal(text) ?? text),
          unitPrice: z
            .string()
            .refine((text) => readDecimal(text) !== null, { message: t("invalidPrice") })
            .transform((text) => readDecimal(text) ?? text),
        }),
      )
      .superRefine((list, context) => {
        const seen = new Set<number>();
        list.forEach((tier, index) => {
          const q = Number(tier.fromQuantity);
          if (seen.has(q))
            context.addIssue({
              code: "custom",
              path: [index, "fromQuantity"],
              message: t("price.duplicateQuantity"),
            });
          seen.add(q);
        });
      });
    return { price, tiers };
  }, [t]);
};

const useItemSchema = () => {
  const prices = usePriceRules();
  return useFormSchema(
    "items",
    (t, rules) =>
      z
        .object({
          reference: rules.text(t("fields.reference"), 60),
          label: rules.text(t("fields.label"), 200),
          description: rules.text(t("fields.description"), 5000, { optional: true }),
          use: z.enum(itemUses as [ItemUse, ...ItemUse[]]),
          kind: z.enum(itemKinds as [ItemKind, ...ItemKind[]]),
          unit: z.string().nullable(),
          vatRate: z.enum(vatRates as [VatRate, ...VatRate[]]),
          vatExemption: z.string().nullable(),
          sellAccount: z.string().trim().max(20),
          buyAccount: z.string().trim().max(20),
          sellPrice: prices.price,
          buyPrice: prices.price,
          saleTiers: prices.tiers,
          purchaseTiers: prices.tiers,
        })
        .superRefine((item, context) => {
          if (!item.unit)
            context.addIssue({ code: "custom", path: ["unit"], message: rules.required(t("fields.unit")) });
          if (item.vatRate === "exempt" && !item.vatExemption)
            context.addIssue({
              code: "custom",
              path: ["vatExemption"],
              message: rules.required(t("fields.vatExemption")),
            });
        })
        .transform(
          (item): CreateItem => ({
            reference: item.reference,
            label: item.label,
            description: item.description || null,
            use: item.use,
            kind: item.kind,
            unit: item.unit,
            vatRate: item.vatRate,
            vatExemption: item.vatRate === "exempt" ? item.vatExemption : null,
            sellAccount: item.use === "purchase" ? null : item.sellAccount || null,
            buyAccount: item.use === "sale" ? null : item.buyAccount || null,
            sellPrice: item.use === "purchase" ? null : item.sellPrice,
            buyPrice: item.use === "sale" ? null : item.buyPrice,
            saleTiers: item.use === "purchase" ? [] : item.saleTiers,
            purchaseTiers: item.use === "sale" ? [] : item.purchaseTiers,
          }),
        ),
    [prices],
  );
};

/** An item's fields; a new item takes its base prices and tiers here too, an existing one on its price screen. */
const ItemForm = ({ item }: { item: Item | null }) => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const navigate = useNavigate();
  const texts = useItemTexts();
  const units = useReference("units");
  const create = useCreateItem();
  const update = useUpdateItem(item?.id ?? "");
  const save = item ? update : create;
  const isDefault = (side: "sell" | "buy", account: string | null) =>
    !item || account === null || account === defaultAccounts[item.kind][side];
  const form = useSchemaForm(useItemSchema(), {
    reference: item?.reference ?? "",
    label: item?.label ?? "",
    description: item?.description ?? "",
    use: item?.use ?? ("sale" as ItemUse),
    kind: item?.kind ?? ("goods" as ItemKind),
    unit: item?.unit ?? "C62",
    vatRate: item?.vatRate ?? ("20" as VatRate),
    vatExemption: item?.vatExemption ?? null,
    sellAccount: item && !isDefault("sell", item.sellAccount) ? (item.sellAccount ?? "") : "",
    buyAccount: item && !isDefault("buy", item.buyAccount) ? (item.buyAccount ?? "") : "",
    sellPrice: item?.sellPrice ?? "",
    buyPrice: item?.buyPrice ?? "",
    saleTiers: [] as Tier[],
    purchaseTiers: [] as Tier[],
  });
  const v = form.values;
  const sells = v.use !== "purchase";
  const buys = v.use !== "sale";
  const submit = form.onSubmit((values) => {
    const done = (saved: Item) => void navigate(itemPath(saved.id));
    if (item) {
      const { sellPrice: _s, buyPrice: _b, saleTiers: _st, purchaseTiers: _pt, ...change } = values;
      update.mutate(change, { onSuccess: done });
    } else create.mutate(values, { onSuccess: done });
  });
  const sellTtc = withTax(readDecimal(v.sellPrice), v.vatRate);
  return (
    <MutationFormCard
      mutation={save}
      cancel={item ? itemPath(item.id) : itemsPath}
      submitLabel={item ? t("common:actions.save") : t("new")}
      submitTestId="item-save"
      testId="item-form"
      width={820}
      onSubmit={submit}
      errorTestId="item-save-error"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("fields.reference")}
          {...form.getInputProps("reference")}
          withAsterisk
          maxLength={60}
          autoComplete="off"
          data-autofocus
          data-testid="item-reference"
        />
        <Select
          label={t("fields.use")}
          data={itemUses.map((value) => ({ value, label: t(`uses.${value}`) }))}
          {...form.getInputProps("use")}
          allowDeselect={false}
          data-testid="item-use"
        />
      </SimpleGrid>
      <TextInput
        label={t("fields.label")}
        {...form.getInputProps("label")}
        withAsterisk
        data-testid="item-label"
      />
      <Textarea
        label={t("fields.description")}
        {...form.getInputProps("description")}
        autosize
        minRows={2}
        maxRows={6}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t("fields.kind")}
          data={itemKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          {...form.getInputProps("kind")}
          allowDeselect={false}
        />
        <Select
          label={t("fields.unit")}
          data={units.options}
          {...form.getInputProps("unit")}
          searchable
          withAsterisk
          nothingFoundMessage="—"
          data-testid="item-unit"
        />
        <Select
          label={t("fields.vatRate")}
          data={vatRates.map((value) => ({ value, label: texts.vat(value) }))}
          {...form.getInputProps("vatRate")}
          allowDeselect={false}
          data-testid="item-vat"
        />
      </SimpleGrid>
      {v.vatRate === "exempt" ? (
        <Select
          label={t("fields.vatExemption")}
          data={exemptionMentions}
          {...form.getInputProps("vatExemption")}
          withAsterisk
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {sells ? (
          <TextInput
            label={t("fields.sellAccount")}
            description={t("accountHint", { account: defaultAccounts[v.kind].sell })}
            placeholder={defaultAccounts[v.kind].sell}
            {...form.getInputProps("sellAccount")}
          />
        ) : null}
        {buys ? (
          <TextInput
            label={t("fields.buyAccount")}
            description={t("accountHint", { account: defaultAccounts[v.kind].buy })}
            placeholder={defaultAccounts[v.kind].buy}
            {...form.getInputProps("buyAccount")}
          />
        ) : null}
      </SimpleGrid>
      {item ? null : (
        <>
          <Divider label={t("price.base")} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {buys ? <PriceInput side="buy" {...form.getInputProps("buyPrice")} /> : null}
            {sells ? <PriceInput side="sell" {...form.getInputProps("sellPrice")} /> : null}
            {sells ? (
              <Group gap={4} align="flex-end">
                <Text size="sm" c="dimmed">
                  {t("fields.sellPriceTtc")}
                  {locale === "fr" ? "\u00a0: " : ": "}
                  <Text span fw={600} c="var(--mantine-color-text)" data-testid="item-sell-ttc">
                    {formatDecimal(sellTtc, locale)}
                  </Text>
                </Text>
              </Group>
            ) : null}
          </SimpleGrid>
          <ItemTiers
            prices={v}
            onChange={(tiers) => form.setValues(tiers)}
            errors={form.errors}
            sells={sells}
            buys={buys}
          />
        </>
      )}
    </MutationFormCard>
  );
};

/** `/org/items/create`. */
export const ItemCreatePage = () => {
  const { t } = useTranslation("items");
  const session = useCanCreate();
  return (
    <ResourceFormPage
      title={t("createTitle")}
      crumbs={[{ to: itemsPath, label: t("title") }]}
      allowed={session}
    >
      <ItemForm item={null} />
    </ResourceFormPage>
  );
};

/** `/org/items/{id}/edit`. */
export const ItemEditPage = () => {
  const { t } = useTranslation("items");
  const id = useParams().id ?? "";
  const allowed = useCanUpdate();
  const item = useQuery({ ...itemQuery(id), enabled: allowed });
  const reference = item.data?.reference ?? "";
  return (
    <ResourceFormPage
      title={t("editTitle", { reference })}
      crumbs={[
        { to: itemsPath, label: t("title") },
        { to: itemPath(id), label: reference || "…" },
      ]}
      allowed={allowed}
      record={item}
      recordTestId="item-error"
    >
      {(data) => <ItemForm item={data} />}
    </ResourceFormPage>
  );
};

const useCanCreate = () => useCanItems()("items", "create");
const useCanUpdate = () => useCanItems()("items", "update");
