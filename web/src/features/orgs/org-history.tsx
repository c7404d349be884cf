import { Group, Paper, Skeleton, Stack, Text, Timeline, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { type OrgHistoryEvent, orgHistoryQueryOptions } from "./api.ts";
import { type OrgLabels, useOrgLabels } from "./org-labels.ts";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Identifiers the page already shows. */
const hiddenSummaryKeys = new Set(["orgId", "id", "streamId"]);

/** Summary entries, with nested objects (e.g. `changes`) flattened one level. */
const summaryEntries = (summary: Record<string, unknown>): [string, unknown][] =>
  Object.entries(summary).flatMap(([key, value]): [string, unknown][] =>
    isPlainObject(value) ? Object.entries(value) : [[key, value]],
  );

export const EventSummary = ({ event, labels }: { event: OrgHistoryEvent; labels: OrgLabels }) => {
  const { t } = useTranslation("common");
  // French sets a no-break space before the colon; the locale files carry the right punctuation.
  const colon = t("punctuation.colon");
  const entries = summaryEntries(event.summary).filter(([key]) => !hiddenSummaryKeys.has(key));
  if (entries.length === 0) return null;
  return (
    <Stack gap={2} mt={6}>
      {entries.map(([key, value]) => (
        <Text key={key} size="sm">
          <Text span c="dimmed" size="sm">
            {labels.field(key)}
          </Text>
          <Text span c="dimmed" size="sm">
            {colon}
          </Text>
          {labels.value(key, value)}
        </Text>
      ))}
    </Stack>
  );
};

export const OrgHistory = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("orgs");
  const labels = useOrgLabels();
  const history = useQuery(orgHistoryQueryOptions(orgId));

  let content: ReactNode;
  if (history.isPending) {
    content = (
      <Stack gap="md">
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={14} width="55%" />
      </Stack>
    );
  } else if (history.isError) {
    content = <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
  } else if (history.data.items.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        {t("history.empty")}
      </Text>
    );
  } else {
    const events = [...history.data.items].sort((a, b) => b.version - a.version);
    content = (
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} data-testid="org-history">
        {events.map((event) => (
          <Timeline.Item
            key={`${event.streamId}-${event.version}`}
            title={labels.eventType(event.type)}
            data-testid="org-history-event"
          >
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed" className="registre-numeric">
                {labels.format.dateTime(event.at)}
              </Text>
              <Text size="xs" c="dimmed">
                ·
              </Text>
              <Text size="xs" c="dimmed">
                {event.userId ? t("history.by", { user: event.userId }) : t("history.system")}
              </Text>
              <Text size="xs" c="dimmed">
                ·
              </Text>
              <Text size="xs" c="dimmed">
                {t("history.version", { version: event.version })}
              </Text>
            </Group>
            <EventSummary event={event} labels={labels} />
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }

  return (
    <Paper p="lg" component="section" aria-labelledby="org-history-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="org-history-title">
            {t("history.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("history.description")}
          </Text>
        </div>
        {content}
      </Stack>
    </Paper>
  );
};
