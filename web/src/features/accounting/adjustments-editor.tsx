import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useSchemaForm } from "../../components/form.tsx";
import { CheckIcon, PlusIcon } from "../../components/icons.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Cents } from "../../lib/money.ts";
import { useCan } from "./access.ts";
import {
  type AccountOptions,
  AdjustmentFields,
  AdjustmentState,
  blankDraft,
  creditLine,
  debitLine,
  draftOf,
  sameDraft,
  useAccountOptions,
  useAdjustmentSchema,
} from "./adjustment-form.tsx";
import {
  type Adjustment,
  adjustmentsQuery,
  type FiscalYear,
  useAddAdjustment,
  useChangeAdjustment,
} from "./api.ts";
import { SaveBar, SubPageHead } from "./closing-ui.tsx";
import { entryNumberText } from "./entry-number.ts";
import { entryPath, validatePath, yearDataPath } from "./paths.ts";
import { QueryView, useDay, useMoney } from "./ui.tsx";

/** `/data/edit`: the year-end adjustments entered, the drafts changed one by one, the validated shown. */

/** The form of a new adjustment; the kind and the date stay for the next one. */
const NewAdjustmentForm = ({ year, options }: { year: FiscalYear; options: AccountOptions }) => {
  const { t } = useTranslation("accounting");
  const add = useAddAdjustment(year.id);
  const form = useSchemaForm(useAdjustmentSchema(year, options, true), blankDraft(year), {
    onValuesChange: () => {
      if (add.isSuccess || add.isError) add.reset();
    },
  });
  const submit = form.onSubmit(({ kind, ...input }) => {
    if (!kind) return;
    add.mutate(
      { ...input, kind },
      { onSuccess: () => form.setValues({ ...blankDraft(year, kind), date: input.date }) },
    );
  });
  return (
    <Paper p="md">
      <form onSubmit={submit} noValidate data-testid="adjustment-new-form">
        <Stack gap="md">
          <Text fw={650}>{t("adjustments.newTitle")}</Text>
          <AdjustmentFields year={year} form={form} options={options} withKind />
          {add.isError ? <ErrorAlert error={add.error} testId="adjustment-new-error" /> : null}
          <Group justify="space-between" gap="sm">
            {add.isSuccess ? (
              <Group gap={6} c="teal.8" wrap="nowrap" data-testid="adjustment-added">
                <CheckIcon size={16} />
                <Text size="sm" span>
                  {t("adjustments.added")}
                </Text>
              </Group>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              leftSection={<PlusIcon />}
              loading={add.isPending}
              data-testid="adjustment-add"
            >
              {t("adjustments.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** The head of an adjustment's card: its kind, status, number, and the entry it is. */
const AdjustmentCardHead = ({ adjustment }: { adjustment: Adjustment }) => {
  const { t } = useTranslation("accounting");
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Tag color="blue">{t(`adjustments.kinds.${adjustment.kind}`)}</Tag>
        <AdjustmentState adjustment={adjustment} />
      </Group>
      <Anchor component={Link} to={entryPath(adjustment.id)} size="sm" data-testid="adjustment-entry-link">
        {t("adjustments.seeEntry")}
      </Anchor>
    </Group>
  );
};

/** A draft adjustment, changed and saved on its own (PUT). */
const AdjustmentEditor = ({
  year,
  adjustment,
  options,
}: {
  year: FiscalYear;
  adjustment: Adjustment;
  options: AccountOptions;
}) => {
  const { locale } = useFormat();
  const { t } = useTranslation("accounting");
  const changeAdjustment = useChangeAdjustment();
  const form = useSchemaForm(useAdjustmentSchema(year, options, false), draftOf(adjustment, locale));
  const dirty = !sameDraft(form.values, draftOf(adjustment, locale), locale);
  const submit = form.onSubmit(({ kind: _kind, ...input }) =>
    changeAdjustment.mutate(
      { id: adjustment.id, ...input },
      { onSuccess: (saved) => form.setValues(draftOf(saved, locale)) },
    ),
  );
  return (
    <Paper p="md" data-testid="adjustment-card" data-id={adjustment.id} data-status={adjustment.status}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AdjustmentCardHead adjustment={adjustment} />
          <AdjustmentFields year={year} form={form} options={options} withKind={false} />
          {changeAdjustment.isError ? (
            <ErrorAlert error={changeAdjustment.error} testId="adjustment-save-error" />
          ) : null}
          <SaveBar
            dirty={dirty}
            mutation={changeAdjustment}
            label={t("adjustments.save")}
            testId="adjustment"
          />
        </Stack>
      </form>
    </Paper>
  );
};

/** An account of an adjustment's line: « 411000 CALPHA ». */
export const AccountCode = ({ line }: { line: Adjustment["lines"][number] | undefined }) => {
  if (!line)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <span className="acc-code">
      {line.account}
      {line.auxiliary ? (
        <Text span size="xs" c="dimmed">
          {" "}
          {line.auxiliary}
        </Text>
      ) : null}
    </span>
  );
};

/** A validated adjustment (or one the user may not change): shown, not edited. */
const AdjustmentReadOnly = ({ adjustment }: { adjustment: Adjustment }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const money = useMoney();
  const fields: { label: string; value: ReactNode }[] = [
    { label: t("adjustments.date"), value: day(adjustment.date) },
    { label: t("adjustments.label"), value: adjustment.label },
    { label: t("adjustments.debitAccount"), value: <AccountCode line={debitLine(adjustment)} /> },
    { label: t("adjustments.creditAccount"), value: <AccountCode line={creditLine(adjustment)} /> },
    { label: t("adjustments.amount"), value: money.currency(adjustment.amount) },
  ];
  return (
    <Paper p="md" data-testid="adjustment-card" data-id={adjustment.id} data-status={adjustment.status}>
      <Stack gap="sm">
        <AdjustmentCardHead adjustment={adjustment} />
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
          {fields.map((field) => (
            <div key={field.label}>
              <Text size="xs" c="dimmed">
                {field.label}
              </Text>
              <Text size="sm" fw={500} component="div">
                {field.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {adjustment.number ? (
          <Text size="xs" c="dimmed">
            {t("adjustments.validated", { number: entryNumberText(adjustment.number) })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The explanation of what an adjustment is, with the way to the drafts' validation. */
export const AdjustmentsExplain = () => {
  const { t } = useTranslation("accounting");
  return (
    <Text size="sm" c="dimmed" data-testid="adjustments-explain">
      {t("adjustments.explain")}{" "}
      <Anchor component={Link} to={validatePath} size="sm">
        {t("adjustments.validateLink")}
      </Anchor>
    </Text>
  );
};

/** `/data/edit`: a new adjustment, and the drafts changed one by one; validated ones only shown. */
export const AdjustmentsEditor = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const options = useAccountOptions();
  const adjustments = useQuery(adjustmentsQuery(year.id));
  const open = year.status === "open";
  const canCreate = can("balancesheet", "create") && open;
  const canUpdate = can("balancesheet", "update") && open;
  return (
    <Stack gap="md">
      <SubPageHead
        title={t("adjustments.enter")}
        back={yearDataPath(year.id)}
        backLabel={t("adjustments.back")}
      >
        <AdjustmentsExplain />
      </SubPageHead>
      {!open ? (
        <Alert color="gray" variant="light" data-testid="adjustments-closed">
          {t("adjustments.closed")}
        </Alert>
      ) : !canCreate && !canUpdate ? (
        <Alert color="gray" variant="light" data-testid="adjustments-read-only">
          {t("adjustments.readOnly")}
        </Alert>
      ) : null}
      {options.chart.isError ? (
        <ErrorAlert error={options.chart.error} onRetry={() => void options.chart.refetch()} />
      ) : null}
      {canCreate ? <NewAdjustmentForm year={year} options={options} /> : null}
      <Title order={3} size="h4" mt="sm">
        {t("adjustments.listTitle")}
      </Title>
      <QueryView query={adjustments} height={160} testId="adjustments-error">
        {(data) =>
          data.items.length === 0 ? (
            <Paper p="lg">
              <Text size="sm" c="dimmed" ta="center" data-testid="adjustments-empty">
                {t("adjustments.empty")}
              </Text>
            </Paper>
          ) : (
            <Stack gap="sm" data-testid="adjustments-list">
              {data.items.map((adjustment) =>
                adjustment.status === "draft" && canUpdate ? (
                  <AdjustmentEditor
                    key={adjustment.id}
                    year={year}
                    adjustment={adjustment}
                    options={options}
                  />
                ) : (
                  <AdjustmentReadOnly key={adjustment.id} adjustment={adjustment} />
                ),
              )}
              <TotalLine total={data.total} />
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
};

const TotalLine = ({ total }: { total: Cents }) => {
  const { t } = useTranslation("accounting");
  const money = useMoney();
  return (
    <Group justify="flex-end" gap="sm" px="md">
      <Text size="sm" fw={650}>
        {t("adjustments.total")}
      </Text>
      <Text size="sm" fw={700} className="registre-numeric" data-testid="adjustments-total">
        {money.currency(total)}
      </Text>
    </Group>
  );
};
