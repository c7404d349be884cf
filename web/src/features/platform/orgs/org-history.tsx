import { Skeleton, Stack, Text, Timeline } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyText, PlatformQuery, PlatformSection } from "../users/platform-ui.tsx";
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

  return (
    <PlatformSection id="org-history-title" title={t("history.title")} description={t("history.description")}>
      <PlatformQuery
        query={history}
        loading={
          <Stack gap="md">
            <Skeleton height={14} width="60%" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={14} width="55%" />
          </Stack>
        }
        isEmpty={(found) => found.items.length === 0}
        empty={<EmptyText>{t("history.empty")}</EmptyText>}
      >
        {(found) => {
          const events = [...found.items].sort((a, b) => b.version - a.version);
          return (
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
        }}
      </PlatformQuery>
    </PlatformSection>
  );
};
