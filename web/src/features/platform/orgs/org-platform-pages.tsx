import { Anchor } from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Column } from "../../../components/data-table.tsx";
import { PlainTable } from "../../../components/plain-table.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { useProfileLabel } from "../../org/contact-users-page.tsx";
import { LogView } from "../users/log-table.tsx";
import { userRoute } from "../users/paths.ts";
import { EmptyText, PlatformQuery, PlatformSection, RecordFrame } from "../users/platform-ui.tsx";
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
import { orgArchiveRoute, orgMembersEditRoute, orgRoute, orgsRoute } from "./paths.ts";

type Section = "members" | "log" | "history" | "edit" | "membersEdit" | "archive";

/** The frame of an organisation's platform sub-screens: breadcrumbs, header, links between screens. */
export const OrgFrame = ({
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
  const sectionLabel = t(`platform:org.${section}`);
  return (
    <RecordFrame
      query={useQuery(orgQueryOptions(id))}
      back={{ to: orgsRoute, label: t("orgs:detail.backToList") }}
      crumbs={(org) => [{ to: orgRoute(id), label: org.name }, { label: sectionLabel }]}
      notFound={<OrgNotFound />}
      errorTestId="org-error"
    >
      {(org) => (
        <>
          <title>{`${sectionLabel} · ${org.name} · ${t("common:app.name")}`}</title>
          <OrgHeader org={org} />
          <OrgTabs orgId={org.id} />
          {bare ? (
            children(org)
          ) : (
            <PlatformSection id={`org-${section}-title`} title={sectionLabel} description={description}>
              {children(org)}
            </PlatformSection>
          )}
        </>
      )}
    </RecordFrame>
  );
};

const Members = ({ orgId }: { orgId: string }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const profileLabel = useProfileLabel();
  const columns: Column<OrgMember>[] = [
    {
      key: "name",
      header: t("fields.name"),
      cell: (member) => (
        <Anchor component={Link} to={userRoute(member.id)} size="sm">
          {member.name}
        </Anchor>
      ),
    },
    { key: "email", header: t("fields.email"), cell: (member) => member.email },
    { key: "role", header: t("fields.role"), cell: (member) => profileLabel(member.role) },
    {
      key: "memberSince",
      header: t("fields.memberSince"),
      numeric: true,
      cell: (member) => (member.createdAt ? format.shortDate(member.createdAt) : "—"),
    },
  ];
  return (
    <PlatformQuery
      query={useQuery(orgMembersQueryOptions(orgId))}
      errorTestId="org-members-error"
      isEmpty={(members) => members.items.length === 0}
      empty={<EmptyText testId="org-members-empty">{t("org.membersEmpty")}</EmptyText>}
    >
      {(members) => (
        <PlainTable
          columns={columns}
          rows={members.items}
          rowKey={(member) => member.id}
          rowProps={(member) => ({ "data-testid": "org-member-row", "data-user-id": member.id })}
          testId="org-members"
          minWidth={560}
        />
      )}
    </PlatformQuery>
  );
};

/** `/registre/orgs/:id/user`: the organisation's members and their role. */
export const OrgMembersPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="members" description={t("org.membersDescription")}>
      {(org) => (
        <>
          <Members orgId={org.id} />
          <Anchor
            component={Link}
            to={orgMembersEditRoute(org.id)}
            size="sm"
            data-testid="org-members-edit-link"
          >
            {t("org.membersEdit")}
          </Anchor>
        </>
      )}
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
      {(org) => (
        <>
          <OrgHistory orgId={org.id} />
          <Anchor component={Link} to={orgArchiveRoute(org.id)} size="sm" data-testid="org-archive-link">
            {t("org.archive")}
          </Anchor>
        </>
      )}
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
