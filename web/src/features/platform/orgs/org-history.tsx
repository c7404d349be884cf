import { Paper, Skeleton, Stack, Text, Timeline, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { orgHistoryQueryOptions, orgMembersQueryOptions } from "./api.ts";
import { EventText } from "./event-text.tsx";
import { useOrgLabels } from "./org-labels.ts";

export const OrgHistory = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("orgs");
  const labels = useOrgLabels();
  const history = useQuery(orgHistoryQueryOptions(orgId));
  // The members' names, to say who did what; the history reads without them.
  const members = useQuery(orgMembersQueryOptions(orgId));
  const userNames = new Map((members.data?.items ?? []).map((member) => [member.id, member.name]));

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
          <Timeline.Item key={`${event.streamId}-${event.version}`} data-testid="org-history-event">
            <EventText event={event} userNames={userNames} withUser />
            <Text size="xs" c="dimmed" mt={2} className="registre-numeric">
              {labels.format.dateTime(event.at)}
            </Text>
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
