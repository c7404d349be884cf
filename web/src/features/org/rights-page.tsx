import { Skeleton, Stack, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { codesFromProfiles } from "./rights.ts";
import { assignmentsQuery, authItemsQuery, membersQuery, profilesQuery } from "./rights-api.ts";
import { AssignmentsPanel } from "./rights-assignments-panel.tsx";
import { ItemsPanel } from "./rights-items-panel.tsx";

const tabs = ["items", "assignments"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: unknown): value is Tab =>
  typeof value === "string" && (tabs as readonly string[]).includes(value);

/** `/org/settings/rights`: the organisation's custom roles, their rights, and who holds them. */
export const RightsPage = () => {
  const { t } = useTranslation("app");
  const [params, setParams] = useSearchParams();
  const profiles = useQuery(profilesQuery());
  const items = useQuery(authItemsQuery());
  const assignments = useQuery(assignmentsQuery());
  const members = useQuery(membersQuery());
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "items";
  const codes = useMemo(() => codesFromProfiles(profiles.data?.items ?? []), [profiles.data]);

  const queries = [profiles, items, assignments, members];
  const failed = queries.find((query) => query.isError);
  let body: React.ReactNode;
  if (failed)
    body = (
      <ErrorAlert
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
        testId="rights-error"
      />
    );
  else if (!profiles.data || !items.data || !assignments.data || !members.data)
    body = <Skeleton height={320} />;
  else
    body = (
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next && next !== "items") updated.set("tab", next);
              else updated.delete("tab");
              return updated;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="items" data-testid="rights-tab-items">
            {t("rights.tabs.items")}
          </Tabs.Tab>
          <Tabs.Tab value="assignments" data-testid="rights-tab-assignments">
            {t("rights.tabs.assignments")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items">
          <ItemsPanel items={items.data.items} codes={codes} assignments={assignments.data.items} />
        </Tabs.Panel>
        <Tabs.Panel value="assignments">
          <AssignmentsPanel
            members={members.data.items}
            items={items.data.items}
            assignments={assignments.data.items}
            profiles={profiles.data.items}
            totalBits={codes.length * 4}
          />
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t("rights.title")}
        description={t("rights.description")}
        crumbs={[{ to: "/org/settings", label: t("settings.title") }]}
      />
      {body}
    </Stack>
  );
};
