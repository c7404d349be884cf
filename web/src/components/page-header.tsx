import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Title block of a screen of the organisation frame. */
export const PageHeader = ({
  title,
  description,
  crumbs,
  actions,
}: {
  title: string;
  description?: ReactNode;
  crumbs?: { to: string; label: string }[];
  actions?: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <Stack gap={6} mb="lg">
      <title>{`${title} · ${t("app.name")}`}</title>
      {crumbs && crumbs.length > 0 ? (
        <Breadcrumbs separator="›" fz="sm">
          {crumbs.map((crumb) => (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ))}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          {description ? (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
    </Stack>
  );
};
