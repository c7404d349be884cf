import { Anchor, Code, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Column, ColumnHead, ColumnRows } from "../../components/data-table.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { orgRoute } from "../platform/orgs/paths.ts";
import { PlatformQuery, PlatformTitle, RowsSkeleton } from "../platform/users/platform-ui.tsx";
import { type ReadModel, readModelsQueryOptions } from "./api.ts";
import { ErrorCode, FailedAt, ReadModelBadge } from "./read-model-parts.tsx";
import { ResumeButton } from "./resume-button.tsx";
import { ScheduleSection } from "./schedule-section.tsx";

const State = ({ item }: { item: ReadModel }) => {
  const { t } = useTranslation("platform");
  if (item.status === "stalled")
    return (
      <Tag color="orange" fw={500}>
        {t("readModels.stalled")}
      </Tag>
    );
  if (item.failures.length > 0)
    return (
      <Text size="sm" c="red">
        {t("readModels.stoppedFor", { count: item.failures.length })}
      </Text>
    );
  return <ReadModelBadge failed={false} />;
};

/** Each read model: its generation, its lag, and the organisations it is stopped for. */
const ReadModelsTable = ({ items }: { items: ReadModel[] }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const columns: Column<ReadModel>[] = [
    {
      key: "name",
      header: t("readModels.name"),
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Code>{item.name}</Code>
          {item.kind === "reactor" ? (
            <Tag color="grape" fw={500}>
              {t("readModels.reactor")}
            </Tag>
          ) : null}
        </Group>
      ),
    },
    { key: "generation", header: t("readModels.generation"), numeric: true, cell: (item) => item.generation },
    { key: "lag", header: t("readModels.lag"), numeric: true, cell: (item) => format.number(item.lag) },
    { key: "state", header: t("readModels.state"), cell: (item) => <State item={item} /> },
  ];
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="read-models">
        <ColumnHead columns={columns} />
        <Table.Tbody>
          {items.map((item) => (
            <Fragment key={item.name}>
              <ColumnRows
                rows={[item]}
                columns={columns}
                rowKey={(row) => row.name}
                rowProps={(row) => ({
                  "data-testid": "read-model-row",
                  "data-name": row.name,
                  "data-status": row.status,
                  "data-kind": row.kind,
                })}
              />
              {item.failures.map((f) => (
                <Table.Tr
                  key={`${item.name}/${f.orgId}`}
                  data-testid="read-model-failure"
                  data-name={item.name}
                  data-org-id={f.orgId}
                >
                  <Table.Td colSpan={3}>
                    <Stack gap={2} pl="md">
                      <Anchor component={Link} to={orgRoute(f.orgId)} size="sm">
                        {f.name ?? f.orgId}
                      </Anchor>
                      <FailedAt failure={f} />
                      {f.retryAt ? (
                        <Text size="xs" c="dimmed" data-testid="read-model-retry">
                          {t("readModels.retryAt", { count: f.attempts, at: format.dateTime(f.retryAt) })}
                        </Text>
                      ) : null}
                      <ErrorCode>{f.error}</ErrorCode>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <ResumeButton name={item.name} orgId={f.orgId} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/**
 * `/registre/projections`: the platform's read models and reactors, the organisations they are stopped
 * for, and the schedule's jobs.
 */
export const ReadModelsPage = () => {
  const { t } = useTranslation("platform");
  const readModels = useQuery(readModelsQueryOptions());
  return (
    <Stack gap="lg">
      <PlatformTitle
        title={t("readModels.title")}
        subtitle={t("readModels.subtitle")}
        subtitleSize="sm"
        badge={
          readModels.data ? (
            <Tag
              size="lg"
              color={readModels.data.status === "ok" ? "teal" : "red"}
              data-testid="read-models-status"
            >
              {readModels.data.status === "ok" ? t("readModels.allRunning") : t("readModels.degraded")}
            </Tag>
          ) : null
        }
      />
      <Paper p="lg">
        <PlatformQuery query={readModels} loading={<RowsSkeleton rows={5} />} errorTestId="read-models-error">
          {(found) => <ReadModelsTable items={found.items} />}
        </PlatformQuery>
      </Paper>
      <ScheduleSection />
    </Stack>
  );
};
