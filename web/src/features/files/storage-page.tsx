import { Badge, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "../../components/field-label.tsx";
import { SettingsIcon } from "../../components/icons.tsx";
import { useSession } from "../../lib/session-store.ts";
import { PageHeader } from "../org/page-header.tsx";

/**
 * `/org/settings/clouddrive`: which storage keeps the organisation's files — the server's data folder
 * or an S3-compatible object store — as the session user's `storageProvider` says, and what it takes.
 */
export const StoragePage = () => {
  const { t } = useTranslation(["files", "app"]);
  const session = useSession();
  const provider = session.status === "authenticated" ? (session.user.storageProvider ?? "local") : "local";
  const s3 = provider === "s3";
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title={t("files:storage.title")}
        description={t("files:storage.description")}
        crumbs={[{ to: "/org/settings", label: t("app:settings.title") }]}
      />
      <Paper p="lg" data-testid="storage-card">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={38} radius="md">
              <SettingsIcon />
            </ThemeIcon>
            <Stack gap={4}>
              <FieldLabel>{t("files:storage.provider")}</FieldLabel>
              <Group gap="xs">
                <Text fw={650} data-testid="storage-provider">
                  {t(s3 ? "files:storage.s3" : "files:storage.local")}
                </Text>
                <Badge variant="light" color={s3 ? "teal" : "gray"} tt="none">
                  {provider}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t(s3 ? "files:storage.s3Text" : "files:storage.localText")}
              </Text>
            </Stack>
          </Group>
          <Text size="sm">{t("files:storage.limit")}</Text>
          <Text size="sm">{t("files:storage.types")}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
};
