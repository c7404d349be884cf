import { Badge, Divider, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Tag } from "../../components/tag.tsx";
import { useCan } from "./access.ts";
import {
  type ClosingStep,
  type ClosingStepStatus,
  closingStepsQuery,
  type FiscalYear,
  standardClosingSteps,
} from "./api.ts";
import { ActionLink, SectionHead } from "./closing-ui.tsx";
import { yearChecklistPath } from "./paths.ts";
import { EditIcon, QueryView } from "./ui.tsx";

/**
 * The closing file of a fiscal year: the checklist of year-end work (`/step`, `/step/edit`) and the
 * year-end adjustments (écritures d'inventaire, `/data`, `/data/edit`), draft entries of the OD
 * journal dated the year's end. Here, the checklist as `/step` reads it.
 */

// ---- The closing checklist ----

const isStandardStep = (id: string): id is (typeof standardClosingSteps)[number] =>
  (standardClosingSteps as readonly string[]).includes(id);

/** A step's wording and hint: a standard step is worded by the interface, the firm's own by its label. */
export const useStepWording = () => {
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
export const statusColors: Record<ClosingStepStatus, string> = {
  todo: "orange",
  done: "teal",
  notApplicable: "gray",
};

const StepStatusBadge = ({ status }: { status: ClosingStepStatus }) => {
  const { t } = useTranslation("accounting");
  return (
    <Tag
      color={statusColors[status]}
      style={{ flexShrink: 0 }}
      data-testid="closing-step-status"
      data-status={status}
    >
      {t(`closing.status.${status}`)}
    </Tag>
  );
};

/** « 4 / 10 étapes traitées »: a step that does not apply counts as done. */
export const ChecklistProgress = ({ steps }: { steps: readonly ClosingStep[] }) => {
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
