import { Grid, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/amount-input.tsx";
import { DateField } from "../../components/date-input.tsx";
import { type SchemaForm, useFormSchema } from "../../components/form.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { amountInput, parseAmount } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import {
  type Adjustment,
  type AdjustmentInput,
  type AdjustmentKind,
  adjustmentKinds,
  chartQuery,
  type FiscalYear,
} from "./api.ts";
import { entryNumberText } from "./entry-number.ts";
import { accountChoices, EntryStatusBadge, useDay } from "./ui.tsx";

/**
 * The form of a year-end adjustment (écriture d'inventaire): a two-line entry of the OD journal, an
 * account debited and one credited for one amount, dated within the year.
 */

/** The chart as the pickers offer it (`accountChoices`). */
export const useAccountOptions = () => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const chart = useQuery(chartQuery());
  const items = chart.data?.items;
  const closedWord = t("accounts.closed").toLowerCase();
  const lists = useMemo(() => accountChoices(items ?? [], locale, closedWord), [items, locale, closedWord]);
  return { chart, ...lists };
};
export type AccountOptions = ReturnType<typeof useAccountOptions>;

/** An adjustment as typed: the amount stays text until it is read into cents. */
export type AdjustmentDraft = {
  kind: AdjustmentKind | null;
  label: string;
  date: string;
  pieceRef: string;
  debitAccount: string | null;
  debitAuxiliary: string | null;
  creditAccount: string | null;
  creditAuxiliary: string | null;
  amount: string;
};

export const blankDraft = (year: FiscalYear, kind: AdjustmentKind | null = null): AdjustmentDraft => ({
  kind,
  label: "",
  date: year.end,
  pieceRef: "",
  debitAccount: null,
  debitAuxiliary: null,
  creditAccount: null,
  creditAuxiliary: null,
  amount: "",
});

export const debitLine = (adjustment: Adjustment) =>
  adjustment.lines.find((l) => l.debit > 0) ?? adjustment.lines[0];
export const creditLine = (adjustment: Adjustment) =>
  adjustment.lines.find((l) => l.credit > 0) ?? adjustment.lines[1];

/** An adjustment's state: its entry's status and, once validated, its number. */
export const AdjustmentState = ({ adjustment }: { adjustment: Adjustment }) => (
  <>
    <EntryStatusBadge status={adjustment.status} />
    {adjustment.number ? (
      <Text span size="sm" className="acc-code" data-testid="adjustment-number">
        {entryNumberText(adjustment.number)}
      </Text>
    ) : null}
  </>
);

export const draftOf = (adjustment: Adjustment, locale: Locale): AdjustmentDraft => ({
  kind: adjustment.kind,
  label: adjustment.label,
  date: adjustment.date,
  pieceRef: adjustment.pieceRef,
  debitAccount: debitLine(adjustment)?.account ?? null,
  debitAuxiliary: debitLine(adjustment)?.auxiliary ?? null,
  creditAccount: creditLine(adjustment)?.account ?? null,
  creditAuxiliary: creditLine(adjustment)?.auxiliary ?? null,
  amount: amountInput(adjustment.amount, locale),
});

/** Whether two drafts say the same thing (amounts compared in cents, texts trimmed). */
export const sameDraft = (a: AdjustmentDraft, b: AdjustmentDraft, locale: Locale): boolean => {
  const cents = (text: string) => {
    const parsed = parseAmount(text, locale);
    return parsed.ok ? parsed.cents : text;
  };
  return (
    a.label.trim() === b.label.trim() &&
    a.date === b.date &&
    a.pieceRef.trim() === b.pieceRef.trim() &&
    a.debitAccount === b.debitAccount &&
    (a.debitAuxiliary ?? null) === (b.debitAuxiliary ?? null) &&
    a.creditAccount === b.creditAccount &&
    (a.creditAuxiliary ?? null) === (b.creditAuxiliary ?? null) &&
    cents(a.amount) === cents(b.amount)
  );
};

/**
 * The rules of an adjustment, as a schema whose output is the API's input: a kind for a new one, a
 * label, a date within the year, two different accounts (with their auxiliaries when collective),
 * an amount above zero.
 */
export const useAdjustmentSchema = (year: FiscalYear, options: AccountOptions, withKind: boolean) => {
  const day = useDay();
  const { byNumber } = options;
  return useFormSchema(
    "accounting",
    (t, rules) => {
      const collective = (account: string | null) => (account ? byNumber.get(account)?.collective : false);
      return z
        .object({
          kind: withKind
            ? z
                .enum(adjustmentKinds)
                .nullable()
                .refine((kind) => kind !== null, { error: rules.required(t("adjustments.kind")) })
            : z.enum(adjustmentKinds).nullable(),
          label: rules.text(t("adjustments.label"), 200),
          date: rules.day(t("adjustments.date")).refine((date) => date >= year.start && date <= year.end, {
            error: t("adjustments.dateOutside", { start: day(year.start), end: day(year.end) }),
          }),
          pieceRef: rules.text(t("adjustments.pieceRef"), 60, { optional: true }),
          debitAccount: rules.choice(t("adjustments.debitAccount")),
          debitAuxiliary: z.string().nullable(),
          creditAccount: rules.choice(t("adjustments.creditAccount")),
          creditAuxiliary: z.string().nullable(),
          amount: rules
            .amount((error) => t(`editor.amountErrors.${error}`))
            .refine((cents) => cents > 0, { error: t("adjustments.amountRequired") }),
        })
        .superRefine((draft, context) => {
          const debitAuxiliary = collective(draft.debitAccount) ? draft.debitAuxiliary : null;
          const creditAuxiliary = collective(draft.creditAccount) ? draft.creditAuxiliary : null;
          if (draft.debitAccount === draft.creditAccount && debitAuxiliary === creditAuxiliary)
            context.addIssue({
              code: "custom",
              path: ["creditAccount"],
              message: t("adjustments.sameAccount"),
            });
        })
        .transform((draft): AdjustmentInput & { kind: AdjustmentKind | null } => ({
          kind: draft.kind,
          label: draft.label,
          date: draft.date,
          ...(draft.pieceRef ? { pieceRef: draft.pieceRef } : {}),
          debitAccount: draft.debitAccount,
          debitAuxiliary: collective(draft.debitAccount) ? draft.debitAuxiliary : null,
          creditAccount: draft.creditAccount,
          creditAuxiliary: collective(draft.creditAccount) ? draft.creditAuxiliary : null,
          amount: draft.amount,
        }));
    },
    [day, byNumber, year.start, year.end, withKind],
  );
};
export type AdjustmentForm = SchemaForm<AdjustmentDraft, z.output<ReturnType<typeof useAdjustmentSchema>>>;

/** A general account picked by number or label, with its auxiliary when the account is collective. */
const AccountPicker = ({
  label,
  account,
  auxiliary,
  onChange,
  options,
  error,
  auxiliaryError,
  disabled,
  testId,
}: {
  label: string;
  account: string | null;
  auxiliary: string | null;
  onChange: (account: string | null, auxiliary: string | null) => void;
  options: AccountOptions;
  error?: string | undefined;
  auxiliaryError?: string | undefined;
  disabled?: boolean;
  testId: string;
}) => {
  const { t } = useTranslation("accounting");
  const collective = account ? options.byNumber.get(account)?.collective : false;
  // A number the chart does not offer (a closed account) still shows on a draft.
  const data =
    account && !options.general.some((o) => o.value === account)
      ? [{ value: account, label: account }, ...options.general]
      : options.general;
  return (
    <Stack gap={6}>
      <Select
        label={label}
        placeholder={t("editor.accountPlaceholder")}
        data={data}
        value={account}
        onChange={(value) => onChange(value, null)}
        searchable
        selectFirstOptionOnChange
        limit={50}
        nothingFoundMessage={t("editor.noAccount")}
        withAsterisk
        error={error}
        disabled={disabled}
        data-testid={`${testId}-account`}
        comboboxProps={{ width: 380, position: "bottom-start" }}
      />
      {collective ? (
        <Select
          aria-label={`${label} · ${t("adjustments.auxiliary")}`}
          placeholder={t("editor.auxiliaryPlaceholder")}
          data={account ? (options.auxiliariesOf.get(account) ?? []) : []}
          value={auxiliary}
          onChange={(value) => onChange(account, value)}
          searchable
          selectFirstOptionOnChange
          limit={50}
          nothingFoundMessage={t("editor.noAuxiliary")}
          error={auxiliaryError}
          disabled={disabled}
          size="sm"
          data-testid={`${testId}-auxiliary`}
          comboboxProps={{ width: 320, position: "bottom-start" }}
        />
      ) : null}
    </Stack>
  );
};

/** The two accounts of an adjustment, in the order they are entered. */
const sides = ["debit", "credit"] as const;

/** The fields of an adjustment; `withKind` for a new one (the kind of an existing one stays). */
export const AdjustmentFields = ({
  year,
  form,
  options,
  withKind,
  disabled = false,
}: {
  year: FiscalYear;
  form: AdjustmentForm;
  options: AccountOptions;
  withKind: boolean;
  disabled?: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const pick = (side: "debit" | "credit") => (account: string | null, auxiliary: string | null) =>
    form.setValues({ [`${side}Account`]: account, [`${side}Auxiliary`]: auxiliary });
  return (
    <Grid gap="md">
      {withKind ? (
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <Select
            label={t("adjustments.kind")}
            data={adjustmentKinds.map((kind) => ({ value: kind, label: t(`adjustments.kinds.${kind}`) }))}
            {...form.getInputProps("kind")}
            withAsterisk
            allowDeselect={false}
            disabled={disabled}
            data-testid="adjustment-kind"
            comboboxProps={{ width: 320, position: "bottom-start" }}
          />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, sm: withKind ? 6 : 12, md: withKind ? 4 : 8 }}>
        <TextInput
          label={t("adjustments.label")}
          {...form.getInputProps("label")}
          withAsterisk
          maxLength={200}
          disabled={disabled}
          data-testid="adjustment-label"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <DateField
          label={t("adjustments.date")}
          {...form.getInputProps("date")}
          min={year.start}
          max={year.end}
          withAsterisk
          disabled={disabled}
          data-testid="adjustment-date"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <TextInput
          label={t("adjustments.pieceRef")}
          placeholder={`INV-${year.end.replaceAll("-", "")}`}
          {...form.getInputProps("pieceRef")}
          maxLength={60}
          disabled={disabled}
          data-testid="adjustment-piece-ref"
        />
      </Grid.Col>
      {sides.map((side) => (
        <Grid.Col key={side} span={{ base: 12, sm: 6, md: 5 }}>
          <AccountPicker
            label={t(`adjustments.${side}Account`)}
            account={form.values[`${side}Account`]}
            auxiliary={form.values[`${side}Auxiliary`]}
            onChange={pick(side)}
            options={options}
            error={form.errors[`${side}Account`] as string | undefined}
            auxiliaryError={form.errors[`${side}Auxiliary`] as string | undefined}
            disabled={disabled}
            testId={`adjustment-${side}`}
          />
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
        <AmountInput
          label={t("adjustments.amount")}
          {...form.getInputProps("amount")}
          onBlur={() => {
            if (form.getValues().amount.trim()) form.validateField("amount");
          }}
          currency
          withAsterisk
          disabled={disabled}
          data-testid="adjustment-amount"
        />
      </Grid.Col>
    </Grid>
  );
};
