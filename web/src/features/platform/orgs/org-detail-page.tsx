import { Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BuildingIcon } from "../../../components/icons.tsx";
import { Tag } from "../../../components/tag.tsx";
import { formatSiren, useFormat } from "../../../i18n/format.ts";
import { OrgReadModels } from "../../read-models/org-read-models.tsx";
import { PlatformNotFound, RecordFrame } from "../users/platform-ui.tsx";
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
        <Tag size="lg" fw={500} className="registre-numeric">
          {`${t("fields.siren")} ${formatSiren(org.siren)}`}
        </Tag>
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
  return (
    <RecordFrame
      query={useQuery(orgQueryOptions(id))}
      back={{ to: orgsRoute, label: t("orgs:detail.backToList") }}
      crumbs={(org) => [{ label: org.name }]}
      notFound={<OrgNotFound />}
      errorTestId="org-error"
    >
      {(org) => (
        <>
          <title>{`${org.name} · ${t("common:app.name")}`}</title>
          <OrgHeader org={org} />
          <OrgTabs orgId={org.id} />
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <OrgSettingsCard org={org} />
                <OrgReadModels orgId={org.id} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <OrgHistory orgId={org.id} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordFrame>
  );
};
