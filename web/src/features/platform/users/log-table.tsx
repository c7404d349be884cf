import { Anchor, Button, Group, Table, Text } from "@mantine/core";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LogEntry } from "../orgs/api.ts";
import { EventText, isSystemUser } from "../orgs/event-text.tsx";
import { useOrgLabels } from "../orgs/org-labels.ts";
import { orgRoute } from "../orgs/paths.ts";
import { userRoute } from "./paths.ts";
import { PlatformError, RowsSkeleton } from "./platform-ui.tsx";

/** Who did it, on a user's log; or in which organisation, on an organisation's log. */
export type LogContext =
  | { kind: "org"; userNames: ReadonlyMap<string, string> }
  | { kind: "user"; orgNames: ReadonlyMap<string, string> };

const Who = ({ entry, context }: { entry: LogEntry; context: LogContext }) => {
  const { t } = useTranslation("platform");
  if (context.kind === "user") {
    if (!entry.orgId)
      return (
        <Text c="dimmed" size="sm">
          {t("log.system")}
        </Text>
      );
    return (
      <Anchor component={Link} to={orgRoute(entry.orgId)} size="sm">
        {context.orgNames.get(entry.orgId) ?? t("log.unknownOrg", { id: entry.orgId.slice(0, 8) })}
      </Anchor>
    );
  }
  if (!entry.userId || isSystemUser(entry.userId)) {
    return (
      <Text c="dimmed" size="sm">
        {t("log.system")}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={userRoute(entry.userId)} size="sm">
      {context.userNames.get(entry.userId) ?? entry.userId}
    </Anchor>
  );
};

/**
 * A log, newest first as the API gives it: when, what happened as a sentence (with its label, date
 * and amount below), and who did it — or in which organisation, on a user's log.
 */
export const LogTable = ({
  entries,
  context,
  more,
}: {
  entries: readonly LogEntry[];
  context: LogContext;
  /** The older events, when there are more than the pages shown. */
  more?: { loading: boolean; load: () => void } | undefined;
}) => {
  const { t } = useTranslation("platform");
  const labels = useOrgLabels();
  const userNames = context.kind === "org" ? context.userNames : undefined;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={210}>{t("fields.at")}</Table.Th>
            <Table.Th>{t("fields.event")}</Table.Th>
            <Table.Th w={240}>{context.kind === "user" ? t("fields.orgName") : t("fields.by")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr
              key={`${entry.streamId}-${entry.version}`}
              data-testid="log-entry"
              data-event-type={entry.type}
            >
              <Table.Td className="registre-numeric" style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                {labels.format.dateTime(entry.at)}
              </Table.Td>
              <Table.Td style={{ verticalAlign: "top" }}>
                <EventText event={entry} userNames={userNames} withUser={false} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: "top" }}>
                <Who entry={entry} context={context} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {more && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={more.load} loading={more.loading} data-testid="log-more">
            {t("log.older")}
          </Button>
        </Group>
      )}
    </Table.ScrollContainer>
  );
};

/**
 * A log as a platform screen shows it, page by page: a skeleton while loading, the error (retried),
 * « nothing yet », or its table with « more ».
 */
export const LogView = ({
  log,
  context,
  errorTestId,
}: {
  log: UseInfiniteQueryResult<InfiniteData<{ items: LogEntry[] }>>;
  context: LogContext;
  errorTestId: string;
}) => {
  const { t } = useTranslation("platform");
  if (log.isPending) return <RowsSkeleton />;
  if (log.isError)
    return <PlatformError error={log.error} onRetry={() => void log.refetch()} testId={errorTestId} />;
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="log-empty">
        {t("log.empty")}
      </Text>
    );
  return (
    <LogTable
      entries={entries}
      more={
        log.hasNextPage
          ? { loading: log.isFetchingNextPage, load: () => void log.fetchNextPage() }
          : undefined
      }
      context={context}
    />
  );
};
