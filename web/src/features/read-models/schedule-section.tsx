import { Code, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { PlainTable } from "../../components/plain-table.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { PlatformQuery, PlatformSection, RowsSkeleton } from "../platform/users/platform-ui.tsx";
import { type ScheduledJob, scheduleQueryOptions } from "./api.ts";
import { ErrorCode } from "./read-model-parts.tsx";

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
    <Tag color={color} fw={500}>
      {label}
    </Tag>
  );
};

/** The schedule's jobs (the daily reminders…): their last run, its outcome, and their next run. */
export const ScheduleSection = () => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const columns: Column<ScheduledJob>[] = [
    {
      key: "job",
      header: t("schedule.job"),
      cell: (job) => (
        <Stack gap={2}>
          <Code>{job.name}</Code>
          <Text size="xs" c="dimmed">
            {t("schedule.runs", { count: job.runs, failures: job.failures })}
          </Text>
        </Stack>
      ),
    },
    {
      key: "lastRun",
      header: t("schedule.lastRun"),
      cell: (job) => (job.lastStartedAt ? format.dateTime(job.lastStartedAt) : "—"),
    },
    {
      key: "outcome",
      header: t("schedule.outcome"),
      cell: (job) => (
        <Stack gap={4} align="flex-start">
          <Outcome job={job} />
          {job.lastOutcome === "failed" && job.lastError ? (
            <ErrorCode>{job.lastError}</ErrorCode>
          ) : job.lastSummary ? (
            <Text size="xs" c="dimmed">
              {job.lastSummary}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "nextRun",
      header: t("schedule.nextRun"),
      cell: (job) => format.dateTime(job.nextRunAt),
      cellProps: () => ({ "data-testid": "schedule-next-run" }),
    },
  ];
  return (
    <PlatformSection
      id="schedule-title"
      title={t("schedule.title")}
      description={t("schedule.subtitle")}
      testId="schedule-section"
    >
      <PlatformQuery
        query={useQuery(scheduleQueryOptions())}
        loading={<RowsSkeleton rows={2} />}
        errorTestId="schedule-error"
        isEmpty={(schedule) => schedule.items.length === 0}
        empty={<Text c="dimmed">{t("schedule.empty")}</Text>}
      >
        {(schedule) => (
          <PlainTable
            columns={columns}
            rows={schedule.items}
            rowKey={(job) => job.name}
            rowProps={(job) => ({ "data-testid": "schedule-job", "data-name": job.name })}
            testId="schedule"
            minWidth={720}
          />
        )}
      </PlatformQuery>
    </PlatformSection>
  );
};
