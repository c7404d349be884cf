import { Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { PlatformError, RowsSkeleton } from "../platform/users/platform-ui.tsx";
import { readModelsQueryOptions } from "./api.ts";
import { ReadModelBadge } from "./read-models-page.tsx";
import { ResumeButton } from "./resume-button.tsx";

/** On an organisation's platform screen: whether each read model is up for it, « Reprendre » where not. */
export const OrgReadModels = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const readModels = useQuery(readModelsQueryOptions());
  let content: ReactNode;
  if (readModels.isPending) content = <RowsSkeleton />;
  else if (readModels.isError)
    content = <PlatformError error={readModels.error} onRetry={() => void readModels.refetch()} />;
  else
    content = (
      <Stack gap="sm">
        {readModels.data.items.map((item) => {
          const failure = item.failures.find((f) => f.orgId === orgId);
          return (
            <Stack
              key={item.name}
              gap={4}
              data-testid="org-read-model"
              data-name={item.name}
              data-status={failure ? "failed" : "running"}
            >
              <Group justify="space-between" gap="sm">
                <Code>{item.name}</Code>
                <ReadModelBadge failed={failure !== undefined} />
              </Group>
              {failure ? (
                <>
                  <Text size="xs" c="dimmed">
                    {t("readModels.failedAt", {
                      position: failure.position,
                      at: format.dateTime(failure.failedAt),
                    })}
                  </Text>
                  <Code block fz="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                    {failure.error}
                  </Code>
                  <ResumeButton name={item.name} orgId={orgId} />
                </>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    );
  return (
    <Paper p="lg" component="section" aria-labelledby="org-read-models-title" data-testid="org-read-models">
      <Stack gap="md">
        <div>
          <Title order={2} id="org-read-models-title">
            {t("readModels.orgTitle")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("readModels.orgDescription")}
          </Text>
        </div>
        {content}
      </Stack>
    </Paper>
  );
};
