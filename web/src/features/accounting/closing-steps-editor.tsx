import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { z } from "../../lib/zod.ts";
import { useCan } from "./access.ts";
import {
  type ClosingStep,
  type ClosingStepChange,
  closingStepStatuses,
  closingStepsQuery,
  type FiscalYear,
  useAddClosingStep,
  useUpdateClosingStep,
} from "./api.ts";
import { ChecklistProgress, statusColors, useStepWording } from "./closing-checklist.tsx";
import { SaveBar, SubPageHead } from "./closing-ui.tsx";
import { yearStepPath } from "./paths.ts";
import { QueryView } from "./ui.tsx";

/** One step of `/step/edit`: its status, its note and, for the firm's own step, its wording; saved alone. */
const StepEditor = ({ step, editable }: { step: ClosingStep; editable: boolean }) => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const wording = useStepWording();
  const update = useUpdateClosingStep(step);
  const schema = useFormSchema(
    "accounting",
    (t, rules) =>
      z
        .object({
          status: z.enum(closingStepStatuses),
          note: z.string().trim().max(2000),
          label: step.standard ? z.string() : rules.text(t("closing.ownLabel"), 200),
        })
        .transform(
          ({ status, note, label }): ClosingStepChange => ({
            status,
            note,
            ...(!step.standard && label !== (step.label ?? "") ? { label } : {}),
          }),
        ),
    [step.standard, step.label],
  );
  const form = useSchemaForm(schema, { status: step.status, note: step.note, label: step.label ?? "" });
  const { status, note, label } = form.values;
  const labelChanged = !step.standard && label.trim() !== (step.label ?? "");
  const dirty = status !== step.status || note.trim() !== step.note || labelChanged;
  const hint = wording.hint(step);
  const save = form.onSubmit((change) =>
    update.mutate(change, {
      onSuccess: (saved) =>
        form.setValues({ status: saved.status, note: saved.note, label: saved.label ?? "" }),
    }),
  );

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
                  {...form.getInputProps("label")}
                  maxLength={200}
                  disabled={!editable}
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
                {...form.getInputProps("status")}
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
                {...form.getInputProps("note")}
                disabled={!editable}
                data-testid="closing-step-note-input"
              />
              {update.isError ? <ErrorAlert error={update.error} testId="closing-step-error" /> : null}
              {editable ? (
                <SaveBar dirty={dirty} mutation={update} label={t("closing.save")} testId="closing-step" />
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
  const add = useAddClosingStep(year.id);
  const schema = useFormSchema("accounting", (t, rules) =>
    z.object({ label: rules.text(t("closing.ownLabel"), 200) }),
  );
  const form = useSchemaForm(
    schema,
    { label: "" },
    {
      onValuesChange: () => {
        if (add.isSuccess || add.isError) add.reset();
      },
    },
  );
  const submit = form.onSubmit(({ label }) => add.mutate(label, { onSuccess: () => form.reset() }));
  return (
    <Paper p="md">
      <form onSubmit={submit} noValidate data-testid="closing-add-form">
        <Stack gap="sm">
          <div>
            <TitleLine title={t("closing.addTitle")} hint={t("closing.addText")} />
          </div>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              aria-label={t("closing.ownLabel")}
              placeholder={t("closing.addPlaceholder")}
              {...form.getInputProps("label")}
              maxLength={200}
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
