import { Anchor, Breadcrumbs, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useFormat } from "../../../i18n/format.ts";
import { useProfileLabel } from "../../org/contact-users-page.tsx";
import { LogView } from "../users/log-table.tsx";
import { userRoute } from "../users/paths.ts";
import { isNotFound, PlatformError, RowsSkeleton } from "../users/platform-ui.tsx";
import {
  type Org,
  type OrgMember,
  orgLogQueryOptions,
  orgMembersQueryOptions,
  orgQueryOptions,
} from "./api.ts";
import { OrgHeader, OrgNotFound } from "./org-detail-page.tsx";
import { OrgHistory } from "./org-history.tsx";
import { OrgSettingsCard } from "./org-settings-card.tsx";
import { OrgTabs } from "./org-tabs.tsx";
import { orgRoute, orgsRoute } from "./paths.ts";

type Section = "members" | "log" | "history" | "edit";

/** The frame of an organisation's platform sub-screens: breadcrumbs, header, links between screens. */
const OrgFrame = ({
  section,
  description,
  children,
  bare = false,
}: {
  section: Section;
  description: string;
  children: (org: Org) => ReactNode;
  /** The children bring their own card (the settings card, the history). */
  bare?: boolean;
}) => {
  const { t } = useTranslation(["platform", "orgs", "common"]);
  const { id = "" } = useParams();
  const org = useQuery(orgQueryOptions(id));
  const sectionLabel = t(`platform:org.${section}`);

  let body: ReactNode;
  if (org.isPending) {
    body = (
      <Stack gap="sm">
        <Skeleton height={28} width={320} />
        <Skeleton height={14} width={240} />
      </Stack>
    );
  } else if (org.isError) {
    body = isNotFound(org.error) ? (
      <OrgNotFound />
    ) : (
      <PlatformError error={org.error} onRetry={() => void org.refetch()} testId="org-error" />
    );
  } else {
    body = (
      <>
        <title>{`${sectionLabel} · ${org.data.name} · ${t("common:app.name")}`}</title>
        <OrgHeader org={org.data} />
        <OrgTabs orgId={org.data.id} />
        {bare ? (
          children(org.data)
        ) : (
          <Paper p="lg" component="section" aria-labelledby={`org-${section}-title`}>
            <Stack gap="md">
              <div>
                <Title order={2} id={`org-${section}-title`}>
                  {sectionLabel}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {description}
                </Text>
              </div>
              {children(org.data)}
            </Stack>
          </Paper>
        )}
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
          <Anchor component={Link} to={orgRoute(id)} size="sm">
            {org.data.name}
          </Anchor>
        ) : null}
        {org.data ? (
          <Text size="sm" c="dimmed" aria-current="page">
            {sectionLabel}
          </Text>
        ) : null}
      </Breadcrumbs>
      {body}
    </Stack>
  );
};

const MembersTable = ({ members }: { members: readonly OrgMember[] }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const profileLabel = useProfileLabel();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="org-members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("fields.name")}</Table.Th>
            <Table.Th>{t("fields.email")}</Table.Th>
            <Table.Th>{t("fields.role")}</Table.Th>
            <Table.Th ta="right">{t("fields.memberSince")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} data-testid="org-member-row" data-user-id={member.id}>
              <Table.Td>
                <Anchor component={Link} to={userRoute(member.id)} size="sm">
                  {member.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{profileLabel(member.role)}</Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {member.createdAt ? format.shortDate(member.createdAt) : "—"}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Members = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("platform");
  const members = useQuery(orgMembersQueryOptions(orgId));
  if (members.isPending) return <RowsSkeleton />;
  if (members.isError) {
    return (
      <PlatformError
        error={members.error}
        onRetry={() => void members.refetch()}
        testId="org-members-error"
      />
    );
  }
  if (members.data.items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="org-members-empty">
        {t("org.membersEmpty")}
      </Text>
    );
  }
  return <MembersTable members={members.data.items} />;
};

/** `/registre/orgs/:id/user`: the organisation's members and their role. */
export const OrgMembersPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="members" description={t("org.membersDescription")}>
      {(org) => <Members orgId={org.id} />}
    </OrgFrame>
  );
};

const OrgLog = ({ orgId }: { orgId: string }) => {
  const log = useInfiniteQuery(orgLogQueryOptions(orgId));
  // The members' names, to show instead of their ids; the log works without them.
  const members = useQuery(orgMembersQueryOptions(orgId));
  const userNames = new Map((members.data?.items ?? []).map((member) => [member.id, member.name]));
  return <LogView log={log} context={{ kind: "org", userNames }} errorTestId="org-log-error" />;
};

/** `/registre/orgs/:id/log`: every event of the organisation, newest first. */
export const OrgLogPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="log" description={t("org.logDescription")}>
      {(org) => <OrgLog orgId={org.id} />}
    </OrgFrame>
  );
};

/** `/registre/orgs/:id/history`: the organisation's own history, each event as a sentence. */
export const OrgHistoryPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="history" description={t("org.historyDescription")} bare>
      {(org) => <OrgHistory orgId={org.id} />}
    </OrgFrame>
  );
};

/** `/registre/orgs/:id/edit`: the organisation's settings, opened for editing. */
export const OrgEditPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="edit" description={t("org.editDescription")} bare>
      {(org) => (
        <div style={{ maxWidth: 720 }}>
          <OrgSettingsCard org={org} initiallyEditing />
        </div>
      )}
    </OrgFrame>
  );
};
