import { Code, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { FailedOrganisation } from "./api.ts";

/** Whether a read model runs or is stopped. */
export const ReadModelBadge = ({ failed }: { failed: boolean }) => {
  const { t } = useTranslation("platform");
  return (
    <Tag color={failed ? "red" : "teal"} fw={500}>
      {failed ? t("readModels.stopped") : t("readModels.running")}
    </Tag>
  );
};

/** A failure's error, as the server wrote it. */
export const ErrorCode = ({ children }: { children: string }) => (
  <Code block fz="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
    {children}
  </Code>
);

/** Where and when a read model stopped for an organisation. */
export const FailedAt = ({ failure }: { failure: FailedOrganisation }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  return (
    <Text size="xs" c="dimmed">
      {t("readModels.failedAt", { position: failure.position, at: format.dateTime(failure.failedAt) })}
    </Text>
  );
};
