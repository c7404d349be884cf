import { Badge, EmptyState, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ClockIcon } from "./icons.tsx";

/** A screen of the spec that is routed but not built yet, shown inside its frame. */
export const PlaceholderPage = ({ title, section }: { title: string; section?: string }) => {
  const { t } = useTranslation("common");
  return (
    <Stack gap="lg" data-testid="placeholder-page">
      <title>{`${title} · ${t("app.name")}`}</title>
      <div>
        {section ? (
          <Text size="sm" c="dimmed" data-testid="placeholder-section">
            {section}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
      </div>
      <EmptyState
        py={72}
        icon={<ClockIcon size={28} />}
        withIndicatorBackground
        title={t("placeholder.title")}
        description={t("placeholder.description")}
      >
        <Badge variant="light" color="gray" tt="none" fw={500}>
          <Text span size="xs">
            {t("placeholder.badge")}
          </Text>
        </Badge>
      </EmptyState>
    </Stack>
  );
};
