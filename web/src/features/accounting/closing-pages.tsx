import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon, ChevronLeftIcon, PlusIcon } from "../../components/icons.tsx";
import { useRowLink } from "../../components/row-link.ts";
import { useFormat } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { maxLength, required, validate } from "../../lib/validation.ts";
import { useCan } from "./access.ts";
import {
  type Adjustment,
  type AdjustmentInput,
  type AdjustmentKind,
  adjustmentKinds,
  adjustmentsQuery,
  type ClosingStep,
  type ClosingStepStatus,
  chartQuery,
  closingStepStatuses,
  closingStepsQuery,
  type FiscalYear,
  standardClosingSteps,
  useAddAdjustment,
  useAddClosingStep,
  useChangeAdjustment,
  useUpdateClosingStep,
} from "./api.ts";
import { type AmountError, amountInput, type Cents, parseAmount } from "./money.ts";
import {
  entryPath,
  validatePath,
  yearAdjustmentsPath,
  yearChecklistPath,
  yearDataPath,
  yearStepPath,
} from "./paths.ts";
import {
  accountChoices,
  BookTable,
  EditIcon,
  EmptyRow,
  EntryStatusBadge,
  QueryView,
  useDay,
  useMoney,
} from "./ui.tsx";

/**
 * The closing file of a fiscal year: the checklist of year-end work (`/step`, `/step/edit`) and the
 * year-end adjustments (écritures d'inventaire, `/data`, `/data/edit`), draft entries of the OD
 * journal dated the year's end.
 */

// ---- The closing checklist ----

const isStandardStep = (id: string): id is (typeof standardClosingSteps)[number] =>
  (standardClosingSteps as readonly string[]).includes(id);

/** A step's wording and hint: a standard step is worded by the interface, the firm's own by its label. */
const useStepWording = () => {
  const { t } = useTranslation("accounting");
  return {
    label: (step: ClosingStep): string =>
      step.standard && isStandardStep(step.id)
        ? t(`closing.steps.${step.id}.label`)
        : (step.label ?? step.id),
    hint: (step: ClosingStep): string | null =>
      step.standard && isStandardStep(step.id) ? t(`closing.steps.${step.id}.hint`) : null,
  };
};

/** The badges' colours; the status control leaves « to do » quiet (its default indicator). */
const statusColors: Record<ClosingStepStatus, string> = {
  todo: "orange",
  done: "teal",
  notApplicable: "gray",
};

const StepStatusBadge = ({ status }: { status: ClosingStepStatus }) => {
  const { t } = useTranslation("accounting");
  return (
    <Badge
      variant="light"
      color={statusColors[status]}
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
      data-testid="closing-step-status"
      data-status={status}
    >
      {t(`closing.status.${status}`)}
    </Badge>
  );
};

/** « 4 / 10 étapes traitées »: a step that does not apply counts as done. */
const ChecklistProgress = ({ steps }: { steps: readonly ClosingStep[] }) => {
  const { t } = useTranslation("accounting");
  const done = steps.filter((step) => step.status !== "todo").length;
  const total = steps.length;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={650} data-testid="closing-progress" data-done={done} data-total={total}>
          {t("closing.progress", { done, total })}
        </Text>
        <Text size="xs" c="dimmed">
          {t("closing.progressHint")}
        </Text>
      </Group>
      <Progress
        value={total ? (100 * done) / total : 0}
        color={done === total ? "teal" : "blue"}
        size="sm"
        aria-hidden
      />
    </Stack>
  );
};

/** A note as it was typed, line breaks kept. */
const Note = ({ children }: { children: string }) => (
  <Text
    size="sm"
    mt={6}
    pl="sm"
    style={{
      whiteSpace: "pre-line",
      overflowWrap: "anywhere",
      borderLeft: "3px solid var(--mantine-color-default-border)",
    }}
    data-testid="closing-step-note"
  >
    {children}
  </Text>
);

/** A section's title and one-line description, with its action on the right. */
const SectionHead = ({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) => (
  <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
    <div style={{ minWidth: 0 }}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
    {action}
  </Group>
);

/** A button that leads to another page of the year, never squeezed by its neighbours. */
const ActionLink = ({
  to,
  icon,
  testId,
  children,
}: {
  to: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) => (
  <Button
    component={Link}
    to={to}
    variant="default"
    leftSection={icon}
    style={{ flexShrink: 0 }}
    data-testid={testId}
  >
    {children}
  </Button>
);

/** The checklist of the year on `/step`: each step, its status and note, and the progress. */
export const ClosingChecklist = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const wording = useStepWording();
  const steps = useQuery(closingStepsQuery(year.id));
  const canEdit = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="sm" data-testid="closing-checklist">
      <SectionHead
        title={t("closing.title")}
        description={t("closing.description")}
        action={
          canEdit ? (
            <ActionLink to={yearChecklistPath(year.id)} icon={<EditIcon />} testId="closing-edit">
              {t("closing.edit")}
            </ActionLink>
          ) : null
        }
      />
      <QueryView query={steps} height={320} testId="closing-error">
        {(data) => (
          <Paper p={0}>
            <Stack gap={0}>
              <div style={{ padding: "var(--mantine-spacing-md)" }}>
                <ChecklistProgress steps={data.items} />
              </div>
              {data.items.map((step, index) => {
                const hint = wording.hint(step);
                return (
                  <div key={step.key}>
                    <Divider />
                    <Group
                      justify="space-between"
                      align="flex-start"
                      wrap="nowrap"
                      gap="md"
                      px="md"
                      py="sm"
                      data-testid="closing-step"
                      data-id={step.id}
                      data-status={step.status}
                    >
                      <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                        <Text size="sm" c="dimmed" w={22} ta="right" className="registre-numeric">
                          {index + 1}
                        </Text>
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Group gap="xs">
                            <Text size="sm" fw={600} data-testid="closing-step-label">
                              {wording.label(step)}
                            </Text>
                            {step.standard ? null : (
                              <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
                                {t("closing.own")}
                              </Badge>
                            )}
                          </Group>
                          {hint ? (
                            <Text size="xs" c="dimmed">
                              {hint}
                            </Text>
                          ) : null}
                          {step.note ? <Note>{step.note}</Note> : null}
                        </Stack>
                      </Group>
                      <StepStatusBadge status={step.status} />
                    </Group>
                  </div>
                );
              })}
            </Stack>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
};

/** A line saying whether a card's changes are saved. */
const SaveState = ({ dirty, saved, testId }: { dirty: boolean; saved: boolean; testId: string }) => {
  const { t } = useTranslation("accounting");
  if (dirty)
    return (
      <Text size="xs" c="orange.8" data-testid={`${testId}-unsaved`}>
        {t("closing.unsaved")}
      </Text>
    );
  if (saved)
    return (
      <Group gap={4} c="teal.8" wrap="nowrap" data-testid={`${testId}-saved`}>
        <CheckIcon size={14} />
        <Text size="xs" fw={600} span>
          {t("closing.saved")}
        </Text>
      </Group>
    );
  return null;
};

/** One step of `/step/edit`: its status, its note and, for the firm's own step, its wording; saved alone. */
const StepEditor = ({ step, editable }: { step: ClosingStep; editable: boolean }) => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const fieldMessage = useFieldMessage();
  const wording = useStepWording();
  const update = useUpdateClosingStep(step);
  const [status, setStatus] = useState<ClosingStepStatus>(step.status);
  const [note, setNote] = useState(step.note);
  const [label, setLabel] = useState(step.label ?? "");
  const [labelError, setLabelError] = useState<string | undefined>();
  const labelChanged = !step.standard && label.trim() !== (step.label ?? "");
  const dirty = status !== step.status || note.trim() !== step.note || labelChanged;
  const hint = wording.hint(step);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!step.standard) {
      const problem = fieldMessage(t("closing.ownLabel"), validate(label, [required, maxLength(200)]));
      setLabelError(problem);
      if (problem) return;
    }
    update.mutate(
      { status, note, ...(labelChanged ? { label: label.trim() } : {}) },
      {
        onSuccess: (saved) => {
          setStatus(saved.status);
          setNote(saved.note);
          setLabel(saved.label ?? "");
        },
      },
    );
  };

  return (
    <Paper p="md" data-testid="closing-step-editor" data-id={step.id}>
      <form onSubmit={save} noValidate>
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap={4}>
              {step.standard ? (
                <Text fw={650} data-testid="closing-step-label">
                  {wording.label(step)}
                </Text>
              ) : (
                <TextInput
                  label={t("closing.ownLabel")}
                  value={label}
                  onChange={(event) => {
                    setLabel(event.currentTarget.value);
                    setLabelError(undefined);
                  }}
                  maxLength={200}
                  disabled={!editable}
                  error={labelError}
                  data-testid="closing-step-label-input"
                />
              )}
              {hint ? (
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              ) : (
                <Group>
                  <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
                    {t("closing.own")}
                  </Badge>
                </Group>
              )}
              {step.updatedAt ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t("closing.updatedOn", { date: format.dateTime(step.updatedAt) })}
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="xs">
              <SegmentedControl
                fullWidth
                size="sm"
                color={status === "todo" ? undefined : statusColors[status]}
                aria-label={t("closing.statusLabel")}
                data={closingStepStatuses.map((value) => ({ value, label: t(`closing.status.${value}`) }))}
                value={status}
                onChange={(value) => setStatus(value as ClosingStepStatus)}
                disabled={!editable}
                data-testid="closing-step-status-control"
              />
              <Textarea
                label={t("closing.note")}
                placeholder={t("closing.notePlaceholder")}
                autosize
                minRows={2}
                maxRows={10}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                disabled={!editable}
                data-testid="closing-step-note-input"
              />
              {update.isError ? <ErrorAlert error={update.error} testId="closing-step-error" /> : null}
              {editable ? (
                <Group justify="flex-end" gap="sm">
                  <SaveState dirty={dirty} saved={update.isSuccess} testId="closing-step" />
                  <Button
                    type="submit"
                    size="xs"
                    variant={dirty ? "filled" : "default"}
                    disabled={!dirty}
                    loading={update.isPending}
                    data-testid="closing-step-save"
                  >
                    {t("closing.save")}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Paper>
  );
};

/** The firm's own step, added at the end of the list. */
const AddStepForm = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const fieldMessage = useFieldMessage();
  const add = useAddClosingStep(year.id);
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = fieldMessage(t("closing.ownLabel"), validate(label, [required, maxLength(200)]));
    setError(problem);
    if (problem) return;
    add.mutate(label.trim(), { onSuccess: () => setLabel("") });
  };
  return (
    <Paper p="md">
      <form onSubmit={submit} noValidate data-testid="closing-add-form">
        <Stack gap="sm">
          <div>
            <Text fw={650}>{t("closing.addTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("closing.addText")}
            </Text>
          </div>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              aria-label={t("closing.ownLabel")}
              placeholder={t("closing.addPlaceholder")}
              value={label}
              onChange={(event) => {
                setLabel(event.currentTarget.value);
                setError(undefined);
                add.reset();
              }}
              maxLength={200}
              error={error}
              style={{ flex: 1 }}
              data-testid="closing-add-label"
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<PlusIcon />}
              loading={add.isPending}
              data-testid="closing-add-submit"
            >
              {t("closing.addSubmit")}
            </Button>
          </Group>
          {add.isError ? <ErrorAlert error={add.error} testId="closing-add-error" /> : null}
          {add.isSuccess ? (
            <Text size="sm" c="teal.8" data-testid="closing-added">
              {t("closing.added")}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
};

/** The title of a sub-page of a year, its explanation, and the way back. */
const SubPageHead = ({
  title,
  children,
  back,
  backLabel,
}: {
  title: string;
  children?: ReactNode;
  back: string;
  backLabel: string;
}) => (
  <Stack gap={4}>
    <Anchor component={Link} to={back} size="sm" data-testid="closing-back">
      <Group gap={4} component="span" wrap="nowrap">
        <ChevronLeftIcon size={14} />
        {backLabel}
      </Group>
    </Anchor>
    <Title order={2} size="h3">
      {title}
    </Title>
    {children}
  </Stack>
);

/** `/step/edit`: each step's status and note, saved one by one; the firm's own steps added. */
export const ClosingStepsEditor = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const steps = useQuery(closingStepsQuery(year.id));
  const editable = can("balancesheet", "update") && year.status === "open";
  return (
    <Stack gap="md">
      <SubPageHead title={t("closing.edit")} back={yearStepPath(year.id)} backLabel={t("closing.back")}>
        <Text size="sm" c="dimmed">
          {t("closing.editText")}
        </Text>
      </SubPageHead>
      {year.status === "closed" ? (
        <Alert color="gray" variant="light" data-testid="closing-closed">
          {t("closing.closed")}
        </Alert>
      ) : !editable ? (
        <Alert color="gray" variant="light" data-testid="closing-read-only">
          {t("closing.readOnly")}
        </Alert>
      ) : null}
      <QueryView query={steps} height={480} testId="closing-error">
        {(data) => (
          <Stack gap="sm">
            <Paper p="md">
              <ChecklistProgress steps={data.items} />
            </Paper>
            {data.items.map((step) => (
              <StepEditor key={step.key} step={step} editable={editable} />
            ))}
          </Stack>
        )}
      </QueryView>
      {editable && can("balancesheet", "create") ? <AddStepForm year={year} /> : null}
    </Stack>
  );
};

// ---- Year-end adjustments ----

/** The chart as the pickers offer it (`accountChoices`). */
const useAccountOptions = () => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const chart = useQuery(chartQuery());
  const items = chart.data?.items;
  const closedWord = t("accounts.closed").toLowerCase();
  const lists = useMemo(() => accountChoices(items ?? [], locale, closedWord), [items, locale, closedWord]);
  return { chart, ...lists };
};
type AccountOptions = ReturnType<typeof useAccountOptions>;

/** An adjustment as typed: the amount stays text until it is read into cents. */
type AdjustmentDraft = {
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
type DraftErrors = Partial<Record<keyof AdjustmentDraft, string>>;

const blankDraft = (year: FiscalYear, kind: AdjustmentKind | null = null): AdjustmentDraft => ({
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

const debitLine = (adjustment: Adjustment) =>
  adjustment.lines.find((l) => l.debit > 0) ?? adjustment.lines[0];
const creditLine = (adjustment: Adjustment) =>
  adjustment.lines.find((l) => l.credit > 0) ?? adjustment.lines[1];

const draftOf = (adjustment: Adjustment, locale: Locale): AdjustmentDraft => ({
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
const sameDraft = (a: AdjustmentDraft, b: AdjustmentDraft, locale: Locale): boolean => {
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

/** Checks a draft: its input for the API, or the problems of its fields. */
const useCheckDraft = (year: FiscalYear, options: AccountOptions) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const fieldMessage = useFieldMessage();
  const day = useDay();
  return (
    draft: AdjustmentDraft,
    withKind: boolean,
  ): { input: AdjustmentInput | null; errors: DraftErrors } => {
    const errors: DraftErrors = {};
    if (withKind && !draft.kind) errors.kind = fieldMessage(t("adjustments.kind"), { key: "required" });
    errors.label = fieldMessage(t("adjustments.label"), validate(draft.label, [required, maxLength(200)]));
    errors.date = fieldMessage(t("adjustments.date"), validate(draft.date, [required]));
    if (!errors.date && (draft.date < year.start || draft.date > year.end))
      errors.date = t("adjustments.dateOutside", { start: day(year.start), end: day(year.end) });
    errors.pieceRef = fieldMessage(t("adjustments.pieceRef"), validate(draft.pieceRef, [maxLength(60)]));
    if (!draft.debitAccount)
      errors.debitAccount = fieldMessage(t("adjustments.debitAccount"), { key: "required" });
    if (!draft.creditAccount)
      errors.creditAccount = fieldMessage(t("adjustments.creditAccount"), { key: "required" });
    const debitCollective = draft.debitAccount ? options.byNumber.get(draft.debitAccount)?.collective : false;
    const creditCollective = draft.creditAccount
      ? options.byNumber.get(draft.creditAccount)?.collective
      : false;
    const debitAuxiliary = debitCollective ? draft.debitAuxiliary : null;
    const creditAuxiliary = creditCollective ? draft.creditAuxiliary : null;
    if (
      draft.debitAccount &&
      draft.debitAccount === draft.creditAccount &&
      (debitAuxiliary ?? null) === (creditAuxiliary ?? null)
    )
      errors.creditAccount = t("adjustments.sameAccount");
    const amount = parseAmount(draft.amount, locale);
    if (!amount.ok) errors.amount = t(`editor.amountErrors.${amount.error}`);
    else if (amount.cents <= 0) errors.amount = t("adjustments.amountRequired");
    const failed = Object.values(errors).some(Boolean);
    if (failed || !amount.ok) return { input: null, errors };
    return {
      errors,
      input: {
        label: draft.label.trim(),
        date: draft.date,
        ...(draft.pieceRef.trim() ? { pieceRef: draft.pieceRef.trim() } : {}),
        debitAccount: draft.debitAccount ?? "",
        debitAuxiliary: debitAuxiliary ?? null,
        creditAccount: draft.creditAccount ?? "",
        creditAuxiliary: creditAuxiliary ?? null,
        amount: amount.cents,
      },
    };
  };
};

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

/** The fields of an adjustment; `withKind` for a new one (the kind of an existing one stays). */
const AdjustmentFields = ({
  year,
  draft,
  errors,
  onChange,
  options,
  withKind,
  disabled = false,
}: {
  year: FiscalYear;
  draft: AdjustmentDraft;
  errors: DraftErrors;
  onChange: (change: Partial<AdjustmentDraft>) => void;
  options: AccountOptions;
  withKind: boolean;
  disabled?: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const amountMessage = amountError ? t(`editor.amountErrors.${amountError}`) : undefined;
  /** On leaving the amount: shown the language's way (« 1 234,56 »), or its problem. */
  const normaliseAmount = () => {
    const parsed = parseAmount(draft.amount, locale);
    if (!parsed.ok) {
      setAmountError(parsed.error);
      return;
    }
    if (parsed.cents > 0) onChange({ amount: amountInput(parsed.cents, locale) });
  };
  return (
    <Grid gap="md">
      {withKind ? (
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <Select
            label={t("adjustments.kind")}
            data={adjustmentKinds.map((kind) => ({ value: kind, label: t(`adjustments.kinds.${kind}`) }))}
            value={draft.kind}
            onChange={(value) => onChange({ kind: value as AdjustmentKind | null })}
            withAsterisk
            allowDeselect={false}
            error={errors.kind}
            disabled={disabled}
            data-testid="adjustment-kind"
            comboboxProps={{ width: 320, position: "bottom-start" }}
          />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, sm: withKind ? 6 : 12, md: withKind ? 4 : 8 }}>
        <TextInput
          label={t("adjustments.label")}
          value={draft.label}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
          withAsterisk
          maxLength={200}
          error={errors.label}
          disabled={disabled}
          data-testid="adjustment-label"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <TextInput
          type="date"
          label={t("adjustments.date")}
          value={draft.date}
          min={year.start}
          max={year.end}
          onChange={(event) => onChange({ date: event.currentTarget.value })}
          withAsterisk
          error={errors.date}
          disabled={disabled}
          data-testid="adjustment-date"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <TextInput
          label={t("adjustments.pieceRef")}
          placeholder={`INV-${year.end.replaceAll("-", "")}`}
          value={draft.pieceRef}
          onChange={(event) => onChange({ pieceRef: event.currentTarget.value })}
          maxLength={60}
          error={errors.pieceRef}
          disabled={disabled}
          data-testid="adjustment-piece-ref"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
        <AccountPicker
          label={t("adjustments.debitAccount")}
          account={draft.debitAccount}
          auxiliary={draft.debitAuxiliary}
          onChange={(debitAccount, debitAuxiliary) => onChange({ debitAccount, debitAuxiliary })}
          options={options}
          error={errors.debitAccount}
          auxiliaryError={errors.debitAuxiliary}
          disabled={disabled}
          testId="adjustment-debit"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
        <AccountPicker
          label={t("adjustments.creditAccount")}
          account={draft.creditAccount}
          auxiliary={draft.creditAuxiliary}
          onChange={(creditAccount, creditAuxiliary) => onChange({ creditAccount, creditAuxiliary })}
          options={options}
          error={errors.creditAccount}
          auxiliaryError={errors.creditAuxiliary}
          disabled={disabled}
          testId="adjustment-credit"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
        <TextInput
          label={t("adjustments.amount")}
          className="acc-amount-input"
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(event) => {
            setAmountError(null);
            onChange({ amount: event.currentTarget.value });
          }}
          onBlur={normaliseAmount}
          withAsterisk
          rightSection={
            <Text size="sm" c="dimmed">
              €
            </Text>
          }
          error={amountMessage ?? errors.amount}
          disabled={disabled}
          data-testid="adjustment-amount"
        />
      </Grid.Col>
    </Grid>
  );
};

/** The form of a new adjustment; the kind and the date stay for the next one. */
const NewAdjustmentForm = ({ year, options }: { year: FiscalYear; options: AccountOptions }) => {
  const { t } = useTranslation("accounting");
  const check = useCheckDraft(year, options);
  const add = useAddAdjustment(year.id);
  const [draft, setDraft] = useState<AdjustmentDraft>(() => blankDraft(year));
  const [errors, setErrors] = useState<DraftErrors>({});
  const change = (patch: Partial<AdjustmentDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof AdjustmentDraft];
      return next;
    });
    if (add.isSuccess || add.isError) add.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, errors: found } = check(draft, true);
    setErrors(found);
    if (!input || !draft.kind) return;
    add.mutate(
      { ...input, kind: draft.kind },
      { onSuccess: () => setDraft({ ...blankDraft(year, draft.kind), date: draft.date }) },
    );
  };
  return (
    <Paper p="md">
      <form onSubmit={submit} noValidate data-testid="adjustment-new-form">
        <Stack gap="md">
          <Text fw={650}>{t("adjustments.newTitle")}</Text>
          <AdjustmentFields
            year={year}
            draft={draft}
            errors={errors}
            onChange={change}
            options={options}
            withKind
          />
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
        <Badge variant="light" color="blue" radius="sm" tt="none">
          {t(`adjustments.kinds.${adjustment.kind}`)}
        </Badge>
        <EntryStatusBadge status={adjustment.status} />
        {adjustment.number ? (
          <Text span size="sm" className="acc-code" data-testid="adjustment-number">
            {adjustment.number}
          </Text>
        ) : null}
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
  const check = useCheckDraft(year, options);
  const changeAdjustment = useChangeAdjustment();
  const [draft, setDraft] = useState<AdjustmentDraft>(() => draftOf(adjustment, locale));
  const [errors, setErrors] = useState<DraftErrors>({});
  const dirty = !sameDraft(draft, draftOf(adjustment, locale), locale);
  const change = (patch: Partial<AdjustmentDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof AdjustmentDraft];
      return next;
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, errors: found } = check(draft, false);
    setErrors(found);
    if (!input) return;
    changeAdjustment.mutate(
      { id: adjustment.id, ...input },
      { onSuccess: (saved) => setDraft(draftOf(saved, locale)) },
    );
  };
  return (
    <Paper p="md" data-testid="adjustment-card" data-id={adjustment.id} data-status={adjustment.status}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AdjustmentCardHead adjustment={adjustment} />
          <AdjustmentFields
            year={year}
            draft={draft}
            errors={errors}
            onChange={change}
            options={options}
            withKind={false}
          />
          {changeAdjustment.isError ? (
            <ErrorAlert error={changeAdjustment.error} testId="adjustment-save-error" />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <SaveState dirty={dirty} saved={changeAdjustment.isSuccess} testId="adjustment" />
            <Button
              type="submit"
              size="xs"
              variant={dirty ? "filled" : "default"}
              disabled={!dirty}
              loading={changeAdjustment.isPending}
              data-testid="adjustment-save"
            >
              {t("adjustments.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** An account of an adjustment's line: « 411000 CALPHA ». */
const AccountCode = ({ line }: { line: Adjustment["lines"][number] | undefined }) => {
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
            {t("adjustments.validated", { number: adjustment.number })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** The explanation of what an adjustment is, with the way to the drafts' validation. */
const AdjustmentsExplain = () => {
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

/** The year's adjustments on `/data`: a table, their total, and the way to enter them. */
export const AdjustmentsTable = ({ year }: { year: FiscalYear }) => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const day = useDay();
  const money = useMoney();
  const rowLink = useRowLink();
  const adjustments = useQuery(adjustmentsQuery(year.id));
  const canEnter = (can("balancesheet", "create") || can("balancesheet", "update")) && year.status === "open";
  return (
    <Stack gap="sm" data-testid="adjustments">
      <SectionHead
        title={t("adjustments.title")}
        description={t("adjustments.description")}
        action={
          canEnter ? (
            <ActionLink to={yearAdjustmentsPath(year.id)} icon={<PlusIcon />} testId="adjustments-enter">
              {t("adjustments.enter")}
            </ActionLink>
          ) : null
        }
      />
      <QueryView query={adjustments} height={120} testId="adjustments-error">
        {(data) => (
          <BookTable testId="adjustments-table" caption={t("adjustments.title")} minWidth={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>{t("adjustments.date")}</Table.Th>
                <Table.Th w={180}>{t("adjustments.kind")}</Table.Th>
                <Table.Th>{t("adjustments.label")}</Table.Th>
                <Table.Th w={88}>{t("adjustments.debitShort")}</Table.Th>
                <Table.Th w={88}>{t("adjustments.creditShort")}</Table.Th>
                <Table.Th w={120} className="acc-num">
                  {t("adjustments.amount")}
                </Table.Th>
                <Table.Th w={170}>{t("adjustments.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 ? <EmptyRow colSpan={7}>{t("adjustments.empty")}</EmptyRow> : null}
              {data.items.map((adjustment) => (
                <Table.Tr
                  key={adjustment.id}
                  className="registre-row"
                  onClick={rowLink(entryPath(adjustment.id))}
                  data-testid="adjustment-row"
                  data-id={adjustment.id}
                  data-status={adjustment.status}
                >
                  <Table.Td className="registre-numeric">{day(adjustment.date)}</Table.Td>
                  <Table.Td>{t(`adjustments.kinds.${adjustment.kind}`)}</Table.Td>
                  <Table.Td>
                    <Link to={entryPath(adjustment.id)} className="registre-row-link acc-label-link">
                      {adjustment.label}
                    </Link>
                  </Table.Td>
                  <Table.Td>
                    <AccountCode line={debitLine(adjustment)} />
                  </Table.Td>
                  <Table.Td>
                    <AccountCode line={creditLine(adjustment)} />
                  </Table.Td>
                  <Table.Td className="acc-num" data-testid="adjustment-amount">
                    {money.currency(adjustment.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <EntryStatusBadge status={adjustment.status} />
                      {adjustment.number ? (
                        <Text span size="sm" className="acc-code" data-testid="adjustment-number">
                          {adjustment.number}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data.items.length > 0 ? (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Td colSpan={5}>{t("adjustments.total")}</Table.Td>
                  <Table.Td className="acc-num" data-testid="adjustments-total">
                    {money.currency(data.total)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </BookTable>
        )}
      </QueryView>
    </Stack>
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
