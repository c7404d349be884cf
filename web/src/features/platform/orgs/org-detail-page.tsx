import { Anchor, Badge, Breadcrumbs, Grid, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { BuildingIcon } from "../../../components/icons.tsx";
import { formatSiren, useFormat } from "../../../i18n/format.ts";
import { ApiError } from "../../../lib/http.ts";
import { OrgReadModels } from "../../read-models/org-read-models.tsx";
import { PlatformNotFound } from "../users/platform-ui.tsx";
import { type Org, orgQueryOptions } from "./api.ts";
import { OrgHistory } from "./org-history.tsx";
import { OrgSettingsCard } from "./org-settings-card.tsx";
import { OrgTabs } from "./org-tabs.tsx";
import { orgsRoute } from "./paths.ts";

export const OrgHeader = ({ org }: { org: Org }) => {
  const { t } = useTranslation("orgs");
  const format = useFormat();
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Title order={1} data-testid="org-title">
          {org.name}
        </Title>
        <Badge variant="light" size="lg" radius="sm" tt="none" fw={500} className="registre-numeric">
          {`${t("fields.siren")} ${formatSiren(org.siren)}`}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {`${t("fields.createdAt")} ${format.date(org.createdAt)} · ${t("fields.updatedAt")} ${format.dateTime(org.updatedAt)}`}
      </Text>
    </Stack>
  );
};

export const OrgNotFound = () => {
  const { t } = useTranslation(["orgs", "common"]);
  return (
    <PlatformNotFound
      icon={<BuildingIcon size={28} />}
      title={t("orgs:detail.notFoundTitle")}
      description={t("orgs:detail.notFoundDescription")}
      back={{ to: orgsRoute, label: t("common:notFound.home") }}
      testId="org-not-found"
    />
  );
};

export const OrgDetailPage = () => {
  const { t } = useTranslation(["orgs", "common"]);
  const { id = "" } = useParams();
  const org = useQuery(orgQueryOptions(id));
  const appName = t("common:app.name");

  let body: ReactNode;
  if (org.isPending) {
    body = (
      <Stack gap="sm">
        <Skeleton height={28} width={320} />
        <Skeleton height={14} width={240} />
      </Stack>
    );
  } else if (org.isError) {
    body =
      org.error instanceof ApiError && org.error.status === 404 ? (
        <OrgNotFound />
      ) : (
        <ErrorAlert error={org.error} onRetry={() => void org.refetch()} />
      );
  } else {
    body = (
      <>
        <title>{`${org.data.name} · ${appName}`}</title>
        <OrgHeader org={org.data} />
        <OrgTabs orgId={org.data.id} />
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <OrgSettingsCard org={org.data} />
              <OrgReadModels orgId={org.data.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <OrgHistory orgId={org.data.id} />
          </Grid.Col>
        </Grid>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
        <Anchor component={Link} to={orgsRoute} size="sm">
          {t("orgs:detail.backToList")}
        </Anchor>
        {org.data ? (
          <Text size="sm" c="dimmed" aria-current="page">
            {org.data.name}
          </Text>
        ) : null}
      </Breadcrumbs>
      {body}
    </Stack>
  );
};
