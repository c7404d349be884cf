import { Badge, EmptyState, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { BuildingIcon } from "../../../components/icons.tsx";
import { orgsQueryOptions } from "./api.ts";
import { OrgCreateForm } from "./org-create-form.tsx";
import { OrgsTable, OrgsTableSkeleton } from "./orgs-table.tsx";

const OrgsList = () => {
  const { t } = useTranslation("orgs");
  const orgs = useQuery(orgsQueryOptions());
  if (orgs.isPending) return <OrgsTableSkeleton />;
  if (orgs.isError) {
    return (
      <Stack p="md">
        <ErrorAlert error={orgs.error} onRetry={() => void orgs.refetch()} testId="orgs-error" />
      </Stack>
    );
  }
  if (orgs.data.items.length === 0) {
    return (
      <EmptyState
        py={64}
        icon={<BuildingIcon size={28} />}
        withIndicatorBackground
        title={t("list.emptyTitle")}
        description={t("list.emptyDescription")}
        data-testid="orgs-empty"
      />
    );
  }
  return <OrgsTable orgs={orgs.data.items} />;
};

const OrgsCount = () => {
  const { t } = useTranslation("orgs");
  const orgs = useQuery(orgsQueryOptions());
  if (!orgs.isSuccess) return null;
  return (
    <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" fw={500} data-testid="orgs-count">
      {t("list.count", { count: orgs.data.total })}
    </Badge>
  );
};

export const OrgsPage = () => {
  const { t } = useTranslation(["orgs", "common"]);
  return (
    <Stack gap="lg">
      <title>{`${t("orgs:list.title")} · ${t("common:app.name")}`}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t("orgs:list.title")}</Title>
          <Text c="dimmed" mt={4}>
            {t("orgs:list.subtitle")}
          </Text>
        </div>
        <OrgsCount />
      </Group>
      <Grid gap="lg" align="flex-start">
        {/* Side by side only on wide screens: beside the form, the table would be cut at 1280 px. */}
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Paper p={0} style={{ overflow: "hidden" }} component="section" aria-label={t("orgs:list.title")}>
            <OrgsList />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <OrgCreateForm />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
