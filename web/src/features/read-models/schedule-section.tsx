import { Badge, Code, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { PlatformError, RowsSkeleton } from "../platform/users/platform-ui.tsx";
import { type ScheduledJob, scheduleQueryOptions } from "./api.ts";

/** How a job's last run went: running, done, failed, or never run. */
const Outcome = ({ job }: { job: ScheduledJob }) => {
  const { t } = useTranslation("platform");
  const [color, label] = job.running
    ? ["blue", t("schedule.running")]
    : job.lastOutcome === "failed"
      ? ["red", t("schedule.failed")]
      : job.lastOutcome === "ok"
        ? ["teal", t("schedule.ok")]
        : ["gray", t("schedule.never")];
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={500}>
      {label}
    </Badge>
  );
};

/** The schedule's jobs (the daily reminders…): their last run, its outcome, and their next run. */
export const ScheduleSection = () => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const schedule = useQuery(scheduleQueryOptions());
  let body: ReactNode;
  if (schedule.isPending) body = <RowsSkeleton rows={2} />;
  else if (schedule.isError)
    body = (
      <PlatformError error={schedule.error} onRetry={() => void schedule.refetch()} testId="schedule-error" />
    );
  else if (schedule.data.items.length === 0) body = <Text c="dimmed">{t("schedule.empty")}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("schedule.job")}</Table.Th>
              <Table.Th>{t("schedule.lastRun")}</Table.Th>
              <Table.Th>{t("schedule.outcome")}</Table.Th>
              <Table.Th>{t("schedule.nextRun")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.data.items.map((job) => (
              <Table.Tr key={job.name} data-testid="schedule-job" data-name={job.name}>
                <Table.Td>
                  <Stack gap={2}>
                    <Code>{job.name}</Code>
                    <Text size="xs" c="dimmed">
                      {t("schedule.runs", { count: job.runs, failures: job.failures })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{job.lastStartedAt ? format.dateTime(job.lastStartedAt) : "—"}</Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Outcome job={job} />
                    {job.lastOutcome === "failed" && job.lastError ? (
                      <Code block fz="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                        {job.lastError}
                      </Code>
                    ) : job.lastSummary ? (
                      <Text size="xs" c="dimmed">
                        {job.lastSummary}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td data-testid="schedule-next-run">{format.dateTime(job.nextRunAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Paper p="lg" component="section" aria-labelledby="schedule-title" data-testid="schedule-section">
      <Stack gap="md">
        <div>
          <Title order={2} id="schedule-title">
            {t("schedule.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("schedule.subtitle")}
          </Text>
        </div>
        {body}
      </Stack>
    </Paper>
  );
};
