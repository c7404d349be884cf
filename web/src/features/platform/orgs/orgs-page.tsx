import { Grid, Paper, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BuildingIcon } from "../../../components/icons.tsx";
import { CountBadge, PlatformEmpty, PlatformQuery, PlatformTitle } from "../users/platform-ui.tsx";
import { orgsQueryOptions } from "./api.ts";
import { OrgCreateForm } from "./org-create-form.tsx";
import { OrgsTable, OrgsTableSkeleton } from "./orgs-table.tsx";

const OrgsList = () => {
  const { t } = useTranslation("orgs");
  return (
    <PlatformQuery
      query={useQuery(orgsQueryOptions())}
      loading={<OrgsTableSkeleton />}
      errorTestId="orgs-error"
      padError
      isEmpty={(orgs) => orgs.items.length === 0}
      empty={
        <PlatformEmpty
          icon={<BuildingIcon size={28} />}
          title={t("list.emptyTitle")}
          description={t("list.emptyDescription")}
          testId="orgs-empty"
        />
      }
    >
      {(orgs) => <OrgsTable orgs={orgs.items} />}
    </PlatformQuery>
  );
};

export const OrgsPage = () => {
  const { t } = useTranslation("orgs");
  const orgs = useQuery(orgsQueryOptions());
  return (
    <Stack gap="lg">
      <PlatformTitle
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        badge={
          orgs.isSuccess ? (
            <CountBadge testId="orgs-count">{t("list.count", { count: orgs.data.total })}</CountBadge>
          ) : null
        }
      />
      <Grid gap="lg" align="flex-start">
        {/* Side by side only on wide screens: beside the form, the table would be cut at 1280 px. */}
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Paper p={0} style={{ overflow: "hidden" }} component="section" aria-label={t("list.title")}>
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
