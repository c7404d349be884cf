import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/amount-input.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import type { Locale } from "../../i18n/i18n.ts";
import { amountInput } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { ChartAccountField } from "../accounting/account-select.tsx";
import { JournalSelect } from "../accounting/journal-select.tsx";
import { ContactSelect } from "../contacts/contact-select.tsx";
import { type BankRule, type BankRuleInput, useSaveRule } from "./api.ts";
import { bookingRateOf, useBookingRates } from "./vat-rate.ts";

const directions = ["any", "credit", "debit"] as const;

/** A rule as its form holds it: the amounts as typed, the words as one text. */
export type RuleValues = {
  name: string;
  words: string;
  min: string;
  max: string;
  direction: (typeof directions)[number];
  account: string;
  journal: string | null;
  vatRate: string;
  contactId: string | null;
  label: string;
  automatic: boolean;
};

export const newRule: RuleValues = {
  name: "",
  words: "",
  min: "",
  max: "",
  direction: "any",
  account: "",
  journal: null,
  vatRate: "",
  contactId: null,
  label: "",
  automatic: false,
};

export const ruleValues = (r: BankRule, locale: Locale): RuleValues => ({
  name: r.name,
  words: (r.when.labelContains ?? []).join(", "),
  min: r.when.amountMin === undefined ? "" : amountInput(r.when.amountMin, locale),
  max: r.when.amountMax === undefined ? "" : amountInput(r.when.amountMax, locale),
  direction: r.when.direction ?? "any",
  account: r.booking.account,
  journal: r.booking.journal ?? null,
  vatRate: r.booking.vatRate ?? "",
  contactId: r.booking.contactId ?? null,
  label: r.booking.label ?? "",
  automatic: r.automatic,
});

/** The rule's conditions and booking, read into what the API takes (only what is given). */
const useRuleSchema = () =>
  useFormSchema("reconcile", (t, rules) =>
    z
      .object({
        name: rules.text(t("rules.name"), 100),
        words: z.string(),
        min: rules.optionalCents(t("rules.amountMin")),
        max: rules.optionalCents(t("rules.amountMax")),
        direction: z.enum(directions),
        account: rules.text(t("rules.account"), 20),
        journal: z.string().nullable(),
        vatRate: z.string(),
        contactId: z.string().nullable(),
        label: rules.text(t("rules.label"), 200, { optional: true }),
        automatic: z.boolean(),
      })
      .transform((d): BankRuleInput => {
        const words = d.words
          .split(",")
          .map((w) => w.trim())
          .filter(Boolean);
        const vatRate = bookingRateOf(d.vatRate);
        return {
          name: d.name,
          automatic: d.automatic,
          enabled: true,
          when: {
            ...(words.length > 0 ? { labelContains: words } : {}),
            ...(d.min !== null ? { amountMin: d.min } : {}),
            ...(d.max !== null ? { amountMax: d.max } : {}),
            ...(d.direction !== "any" ? { direction: d.direction } : {}),
          },
          booking: {
            account: d.account,
            ...(d.journal ? { journal: d.journal } : {}),
            ...(vatRate ? { vatRate } : {}),
            ...(d.contactId ? { contactId: d.contactId } : {}),
            ...(d.label ? { label: d.label } : {}),
          },
        };
      }),
  );

/**
 * The form of one rule: its conditions (words of the label, an amount range, the direction) and its
 * booking (the account, the journal and the contact chosen from the organisation's, a VAT rate, a label).
 */
export const RuleForm = ({
  id,
  initial,
  onDone,
}: {
  id: string | null;
  initial: RuleValues;
  onDone: () => void;
}) => {
  const { t } = useTranslation(["reconcile", "common"]);
  const save = useSaveRule();
  const rates = useBookingRates();
  const form = useSchemaForm(useRuleSchema(), initial);
  return (
    <Paper withBorder p="lg">
      <MutationFormCard
        bare
        testId="rule-form"
        onSubmit={form.onSubmit((rule) => save.mutate({ id, ...rule }, { onSuccess: onDone }))}
        mutation={save}
        errorTestId="rule-error"
        cancel={onDone}
        submitLabel={t("rules.save")}
        submitTestId="rule-save"
      >
        <TextInput
          label={t("rules.name")}
          {...form.getInputProps("name")}
          withAsterisk
          data-testid="rule-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <strong>{t("rules.conditions")}</strong>
            <TextInput
              label={t("rules.labelContains")}
              {...form.getInputProps("words")}
              data-testid="rule-words"
            />
            <Group grow align="flex-start">
              <AmountInput label={t("rules.amountMin")} {...form.getInputProps("min")} currency />
              <AmountInput label={t("rules.amountMax")} {...form.getInputProps("max")} currency />
            </Group>
            <SegmentedControl
              {...form.getInputProps("direction")}
              data={directions.map((value) => ({ value, label: t(`rules.${value}`) }))}
            />
          </Stack>
          <Stack gap="xs">
            <strong>{t("rules.booking")}</strong>
            <ChartAccountField
              label={t("rules.account")}
              value={form.values.account}
              onChange={(account) => form.setFieldValue("account", account)}
              error={form.errors.account}
              withAsterisk
              testId="rule-account"
            />
            <Group grow align="flex-start">
              <JournalSelect
                label={t("rules.journal")}
                {...form.getInputProps("journal")}
                clearable
                data-testid="rule-journal"
              />
              <Select
                label={t("rules.vatRate")}
                {...form.getInputProps("vatRate")}
                data={rates.options}
                allowDeselect={false}
                data-testid="rule-vat-rate"
              />
            </Group>
            <ContactSelect
              label={t("rules.contact")}
              {...form.getInputProps("contactId")}
              clearable
              data-testid="rule-contact"
            />
            <TextInput label={t("rules.label")} {...form.getInputProps("label")} />
          </Stack>
        </SimpleGrid>
        <Switch label={t("rules.automatic")} {...form.getInputProps("automatic", { type: "checkbox" })} />
      </MutationFormCard>
    </Paper>
  );
};
