import { Anchor, Badge, Code, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { orgRoute } from "../platform/orgs/paths.ts";
import { PlatformError, RowsSkeleton } from "../platform/users/platform-ui.tsx";
import { type ReadModel, readModelsQueryOptions } from "./api.ts";
import { ResumeButton } from "./resume-button.tsx";
import { ScheduleSection } from "./schedule-section.tsx";

export const ReadModelBadge = ({ failed }: { failed: boolean }) => {
  const { t } = useTranslation("platform");
  return (
    <Badge color={failed ? "red" : "teal"} variant="light" radius="sm" tt="none" fw={500}>
      {failed ? t("readModels.stopped") : t("readModels.running")}
    </Badge>
  );
};

/** Each read model: its generation, its lag, and the organisations it is stopped for. */
const ReadModelsTable = ({ items }: { items: ReadModel[] }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="read-models">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("readModels.name")}</Table.Th>
            <Table.Th ta="right">{t("readModels.generation")}</Table.Th>
            <Table.Th ta="right">{t("readModels.lag")}</Table.Th>
            <Table.Th>{t("readModels.state")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.flatMap((item) => [
            <Table.Tr
              key={item.name}
              data-testid="read-model-row"
              data-name={item.name}
              data-status={item.status}
              data-kind={item.kind}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Code>{item.name}</Code>
                  {item.kind === "reactor" ? (
                    <Badge color="grape" variant="light" radius="sm" tt="none" fw={500}>
                      {t("readModels.reactor")}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {item.generation}
              </Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {format.number(item.lag)}
              </Table.Td>
              <Table.Td>
                {item.status === "stalled" ? (
                  <Badge color="orange" variant="light" radius="sm" tt="none" fw={500}>
                    {t("readModels.stalled")}
                  </Badge>
                ) : item.failures.length > 0 ? (
                  <Text size="sm" c="red">
                    {t("readModels.stoppedFor", { count: item.failures.length })}
                  </Text>
                ) : (
                  <ReadModelBadge failed={false} />
                )}
              </Table.Td>
            </Table.Tr>,
            ...item.failures.map((f) => (
              <Table.Tr
                key={`${item.name}/${f.orgId}`}
                data-testid="read-model-failure"
                data-org-id={f.orgId}
              >
                <Table.Td colSpan={3}>
                  <Stack gap={2} pl="md">
                    <Anchor component={Link} to={orgRoute(f.orgId)} size="sm">
                      {f.name ?? f.orgId}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t("readModels.failedAt", {
                        position: f.position,
                        at: format.dateTime(f.failedAt),
                      })}
                    </Text>
                    {f.retryAt ? (
                      <Text size="xs" c="dimmed" data-testid="read-model-retry">
                        {t("readModels.retryAt", { count: f.attempts, at: format.dateTime(f.retryAt) })}
                      </Text>
                    ) : null}
                    <Code block fz="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                      {f.error}
                    </Code>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <ResumeButton name={item.name} orgId={f.orgId} />
                </Table.Td>
              </Table.Tr>
            )),
          ])}
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
  const { t } = useTranslation(["platform", "common"]);
  const readModels = useQuery(readModelsQueryOptions());
  let body: ReactNode;
  if (readModels.isPending) body = <RowsSkeleton rows={5} />;
  else if (readModels.isError)
    body = (
      <PlatformError
        error={readModels.error}
        onRetry={() => void readModels.refetch()}
        testId="read-models-error"
      />
    );
  else body = <ReadModelsTable items={readModels.data.items} />;
  return (
    <Stack gap="lg">
      <title>{`${t("platform:readModels.title")} · ${t("common:app.name")}`}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t("platform:readModels.title")}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("platform:readModels.subtitle")}
          </Text>
        </div>
        {readModels.data ? (
          <Badge
            size="lg"
            radius="sm"
            variant="light"
            tt="none"
            color={readModels.data.status === "ok" ? "teal" : "red"}
            data-testid="read-models-status"
          >
            {readModels.data.status === "ok"
              ? t("platform:readModels.allRunning")
              : t("platform:readModels.degraded")}
          </Badge>
        ) : null}
      </Group>
      <Paper p="lg">{body}</Paper>
      <ScheduleSection />
    </Stack>
  );
};
