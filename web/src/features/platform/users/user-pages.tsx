import { Anchor, Badge, DataList, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Column } from "../../../components/data-table.tsx";
import { UserIcon } from "../../../components/icons.tsx";
import { PlainTable } from "../../../components/plain-table.tsx";
import { Tag } from "../../../components/tag.tsx";
import { formatSiren, useFormat } from "../../../i18n/format.ts";
import { useSession } from "../../../lib/session-store.ts";
import { useProfileLabel } from "../../org/contact-users-page.tsx";
import { orgsQueryOptions } from "../orgs/api.ts";
import { orgRoute } from "../orgs/paths.ts";
import {
  type PlatformUser,
  type UserOrg,
  userLogQueryOptions,
  userOrgsQueryOptions,
  userQueryOptions,
} from "./api.ts";
import { LogView } from "./log-table.tsx";
import {
  userEditRoute,
  userLogRoute,
  userOrgsEditRoute,
  userOrgsRoute,
  userRoute,
  usersRoute,
} from "./paths.ts";
import {
  EmptyText,
  PlatformNotFound,
  PlatformQuery,
  PlatformSection,
  RecordFrame,
  SectionTabs,
} from "./platform-ui.tsx";

type Section = "identity" | "orgs" | "log" | "edit" | "orgedit";

const NotFound = () => {
  const { t } = useTranslation("platform");
  return (
    <PlatformNotFound
      icon={<UserIcon size={28} />}
      title={t("user.notFoundTitle")}
      description={t("user.notFoundDescription")}
      back={{ to: usersRoute, label: t("user.backToList") }}
      testId="user-not-found"
    />
  );
};

const UserHeader = ({ user }: { user: PlatformUser }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const session = useSession();
  const isMe = session.status === "authenticated" && session.user.id === user.id;
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Title order={1} data-testid="user-title">
          {user.name}
        </Title>
        {user.platformAdmin ? (
          <Tag color="grape" size="lg" fw={500}>
            {t("badges.admin")}
          </Tag>
        ) : null}
        {isMe ? (
          <Badge variant="outline" color="gray" size="lg" radius="sm" tt="none" fw={500}>
            {t("badges.you")}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {`${user.email} · ${t("fields.createdAt")} ${format.date(user.createdAt)}`}
      </Text>
    </Stack>
  );
};

const sectionTitle = (section: Section): `user.${Section}` => `user.${section}`;

/** The frame of a user's screens: breadcrumbs, the user's header, the links between the screens. */
export const UserFrame = ({
  section,
  children,
}: {
  section: Section;
  children: (user: PlatformUser) => ReactNode;
}) => {
  const { t } = useTranslation(["platform", "common"]);
  const { id = "" } = useParams();
  const sectionLabel = t(`platform:${sectionTitle(section)}`);
  return (
    <RecordFrame
      query={useQuery(userQueryOptions(id))}
      back={{ to: usersRoute, label: t("platform:user.backToList") }}
      crumbs={(user) =>
        section === "identity"
          ? [{ label: user.name }]
          : [{ to: userRoute(id), label: user.name }, { label: sectionLabel }]
      }
      notFound={<NotFound />}
      errorTestId="user-error"
    >
      {(user) => (
        <>
          <title>{`${section === "identity" ? user.name : `${sectionLabel} · ${user.name}`} · ${t("common:app.name")}`}</title>
          <UserHeader user={user} />
          <SectionTabs
            label={t("platform:user.tabs")}
            tabs={[
              { to: userRoute(id), label: t("platform:user.identity"), testId: "user-tab-identity" },
              { to: userOrgsRoute(id), label: t("platform:user.orgs"), testId: "user-tab-orgs" },
              { to: userLogRoute(id), label: t("platform:user.log"), testId: "user-tab-log" },
            ]}
          />
          {children(user)}
        </>
      )}
    </RecordFrame>
  );
};

const UserOrgs = ({ userId }: { userId: string }) => {
  const { t } = useTranslation("platform");
  const profileLabel = useProfileLabel();
  const columns: Column<UserOrg>[] = [
    {
      key: "name",
      header: t("fields.orgName"),
      cell: (org) => (
        <Anchor component={Link} to={orgRoute(org.id)} size="sm">
          {org.name}
        </Anchor>
      ),
    },
    {
      key: "siren",
      header: t("fields.siren"),
      cell: (org) => formatSiren(org.siren),
      cellProps: () => ({ className: "registre-numeric" }),
    },
    { key: "profile", header: t("fields.profile"), cell: (org) => profileLabel(org.profile) },
  ];
  return (
    <PlatformQuery
      query={useQuery(userOrgsQueryOptions(userId))}
      errorTestId="user-orgs-error"
      isEmpty={(orgs) => orgs.items.length === 0}
      empty={<EmptyText testId="user-orgs-empty">{t("user.orgsEmpty")}</EmptyText>}
    >
      {(orgs) => (
        <PlainTable
          columns={columns}
          rows={orgs.items}
          rowKey={(org) => org.id}
          rowProps={(org) => ({ "data-testid": "user-org-row", "data-org-id": org.id })}
          testId="user-orgs"
          minWidth={480}
        />
      )}
    </PlatformQuery>
  );
};

/** The card of the organisations a user belongs to, and what may follow them (a link to the log). */
const UserOrgsSection = ({ userId, children }: { userId: string; children?: ReactNode }) => {
  const { t } = useTranslation("platform");
  return (
    <PlatformSection id="user-orgs-title" title={t("user.orgs")} description={t("user.orgsDescription")}>
      <UserOrgs userId={userId} />
      {children}
    </PlatformSection>
  );
};

const Identity = ({ user }: { user: PlatformUser }) => {
  const { t } = useTranslation(["platform", "common"]);
  const format = useFormat();
  const items: readonly [label: string, value: string, numeric?: boolean][] = [
    [t("platform:fields.name"), user.name],
    [t("platform:fields.email"), user.email],
    [t("platform:fields.platformAdmin"), user.platformAdmin ? t("common:values.yes") : t("common:values.no")],
    [t("platform:fields.createdAt"), format.dateTime(user.createdAt)],
    [t("platform:fields.id"), user.id, true],
  ];
  return (
    <DataList labelWidth={200} withDivider gap="sm" data-testid="user-identity">
      {items.map(([label, value, numeric]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
          <DataList.ItemValue className={numeric ? "registre-numeric" : undefined}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
};

/** `/registre/users/:id`: the user's identity and the organisations they belong to. */
export const UserDetailPage = () => {
  const { t } = useTranslation("platform");
  return (
    <UserFrame section="identity">
      {(user) => (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PlatformSection
              id="user-identity-title"
              title={t("user.identity")}
              description={t("user.identityDescription")}
            >
              <Identity user={user} />
              <Anchor component={Link} to={userEditRoute(user.id)} size="sm" data-testid="user-edit-link">
                {t("user.edit")}
              </Anchor>
            </PlatformSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <UserOrgsSection userId={user.id}>
              <Group gap="md">
                <Anchor component={Link} to={userLogRoute(user.id)} size="sm">
                  {t("user.seeLog")}
                </Anchor>
                <Anchor
                  component={Link}
                  to={userOrgsEditRoute(user.id)}
                  size="sm"
                  data-testid="user-orgedit-link"
                >
                  {t("user.orgedit")}
                </Anchor>
              </Group>
            </UserOrgsSection>
          </Grid.Col>
        </Grid>
      )}
    </UserFrame>
  );
};

/** `/registre/users/:id/org`: the organisations the user belongs to, with their profile. */
export const PlatformUserOrgsPage = () => {
  return <UserFrame section="orgs">{(user) => <UserOrgsSection userId={user.id} />}</UserFrame>;
};

const UserLog = ({ userId }: { userId: string }) => {
  const log = useInfiniteQuery(userLogQueryOptions(userId));
  // Organisation names, to show instead of ids: the user's own, and every one the platform lists
  // (the user may have acted on an organisation they have since left). The log works without them.
  const orgs = useQuery(userOrgsQueryOptions(userId));
  const allOrgs = useQuery(orgsQueryOptions());
  const orgNames = new Map(
    [...(allOrgs.data?.items ?? []), ...(orgs.data?.items ?? [])].map((org) => [org.id, org.name]),
  );
  return <LogView log={log} context={{ kind: "user", orgNames }} errorTestId="user-log-error" />;
};

/** `/registre/users/:id/log`: what the user did, newest first. */
export const UserLogPage = () => {
  const { t } = useTranslation("platform");
  return (
    <UserFrame section="log">
      {(user) => (
        <PlatformSection id="user-log-title" title={t("user.log")} description={t("user.logDescription")}>
          <UserLog userId={user.id} />
        </PlatformSection>
      )}
    </UserFrame>
  );
};
