import { Code, Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PlatformQuery, PlatformSection } from "../platform/users/platform-ui.tsx";
import { readModelsQueryOptions } from "./api.ts";
import { ErrorCode, FailedAt, ReadModelBadge } from "./read-model-parts.tsx";
import { ResumeButton } from "./resume-button.tsx";

/** On an organisation's platform screen: whether each read model is up for it, « Reprendre » where not. */
export const OrgReadModels = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("platform");
  return (
    <PlatformSection
      id="org-read-models-title"
      title={t("readModels.orgTitle")}
      description={t("readModels.orgDescription")}
      testId="org-read-models"
    >
      <PlatformQuery query={useQuery(readModelsQueryOptions())}>
        {(readModels) => (
          <Stack gap="sm">
            {readModels.items.map((item) => {
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
                      <FailedAt failure={failure} />
                      <ErrorCode>{failure.error}</ErrorCode>
                      <ResumeButton name={item.name} orgId={orgId} />
                    </>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
      </PlatformQuery>
    </PlatformSection>
  );
};
