import { Anchor, Button, Group, Text } from "@mantine/core";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../../components/data-table.tsx";
import { PlainTable } from "../../../components/plain-table.tsx";
import type { LogEntry } from "../orgs/api.ts";
import { EventText, isSystemUser } from "../orgs/event-text.tsx";
import { useOrgLabels } from "../orgs/org-labels.ts";
import { orgRoute } from "../orgs/paths.ts";
import { userRoute } from "./paths.ts";
import { EmptyText, PlatformQuery } from "./platform-ui.tsx";

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
  const top = () => ({ style: { verticalAlign: "top" } });
  const columns: Column<LogEntry>[] = [
    {
      key: "at",
      header: t("fields.at"),
      width: 210,
      cell: (entry) => labels.format.dateTime(entry.at),
      cellProps: () => ({
        className: "registre-numeric",
        style: { whiteSpace: "nowrap", verticalAlign: "top" },
      }),
    },
    {
      key: "event",
      header: t("fields.event"),
      cell: (entry) => <EventText event={entry} userNames={userNames} withUser={false} />,
      cellProps: top,
    },
    {
      key: "who",
      header: context.kind === "user" ? t("fields.orgName") : t("fields.by"),
      width: 240,
      cell: (entry) => <Who entry={entry} context={context} />,
      cellProps: top,
    },
  ];
  return (
    <PlainTable
      columns={columns}
      rows={entries}
      rowKey={(entry) => `${entry.streamId}-${entry.version}`}
      rowProps={(entry) => ({ "data-testid": "log-entry", "data-event-type": entry.type })}
      testId="log-table"
      minWidth={720}
    >
      {more && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={more.load} loading={more.loading} data-testid="log-more">
            {t("log.older")}
          </Button>
        </Group>
      )}
    </PlainTable>
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
  return (
    <PlatformQuery
      query={log}
      errorTestId={errorTestId}
      isEmpty={(found) => found.pages.every((page) => page.items.length === 0)}
      empty={<EmptyText testId="log-empty">{t("log.empty")}</EmptyText>}
    >
      {(found) => (
        <LogTable
          entries={found.pages.flatMap((page) => page.items)}
          more={
            log.hasNextPage
              ? { loading: log.isFetchingNextPage, load: () => void log.fetchNextPage() }
              : undefined
          }
          context={context}
        />
      )}
    </PlatformQuery>
  );
};
