import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../components/error-alert.tsx";
import { useResumeReadModel } from "./api.ts";

/** « Reprendre »: retries a read model for one organisation from the event it failed on. */
export const ResumeButton = ({ name, orgId }: { name: string; orgId: string }) => {
  const { t } = useTranslation("platform");
  const resume = useResumeReadModel();
  const message = useErrorMessage();
  const failedAgain = resume.data?.failed.find((f) => f.orgId === orgId);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={resume.isPending}
        onClick={() => resume.mutate({ name, orgId })}
        data-testid="read-model-resume"
        data-name={name}
      >
        {t("readModels.resume")}
      </Button>
      {resume.isError ? (
        <Text size="xs" c="red" role="alert">
          {message(resume.error)}
        </Text>
      ) : null}
      {failedAgain ? (
        <Text size="xs" c="red" role="alert" data-testid="read-model-failed-again">
          {t("readModels.failedAgain", { position: failedAgain.position })}
        </Text>
      ) : null}
    </Stack>
  );
};
