import {
  Anchor,
  Badge,
  Breadcrumbs,
  DataList,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { UserIcon } from "../../../components/icons.tsx";
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
import { userLogRoute, userOrgsRoute, userRoute, usersRoute } from "./paths.ts";
import { isNotFound, PlatformError, PlatformNotFound, RowsSkeleton, SectionTabs } from "./platform-ui.tsx";

type Section = "identity" | "orgs" | "log";

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
          <Badge variant="light" color="grape" size="lg" radius="sm" tt="none" fw={500}>
            {t("badges.admin")}
          </Badge>
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
const UserFrame = ({
  section,
  children,
}: {
  section: Section;
  children: (user: PlatformUser) => ReactNode;
}) => {
  const { t } = useTranslation(["platform", "common"]);
  const { id = "" } = useParams();
  const user = useQuery(userQueryOptions(id));

  let body: ReactNode;
  if (user.isPending) {
    body = (
      <Stack gap="sm">
        <Skeleton height={28} width={320} />
        <Skeleton height={14} width={240} />
      </Stack>
    );
  } else if (user.isError) {
    body = isNotFound(user.error) ? (
      <NotFound />
    ) : (
      <PlatformError error={user.error} onRetry={() => void user.refetch()} testId="user-error" />
    );
  } else {
    const title =
      section === "identity"
        ? user.data.name
        : `${t(`platform:${sectionTitle(section)}`)} · ${user.data.name}`;
    body = (
      <>
        <title>{`${title} · ${t("common:app.name")}`}</title>
        <UserHeader user={user.data} />
        <SectionTabs
          label={t("platform:user.tabs")}
          tabs={[
            { to: userRoute(id), label: t("platform:user.identity"), testId: "user-tab-identity" },
            { to: userOrgsRoute(id), label: t("platform:user.orgs"), testId: "user-tab-orgs" },
            { to: userLogRoute(id), label: t("platform:user.log"), testId: "user-tab-log" },
          ]}
        />
        {children(user.data)}
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
        <Anchor component={Link} to={usersRoute} size="sm">
          {t("platform:user.backToList")}
        </Anchor>
        {user.data && section !== "identity" ? (
          <Anchor component={Link} to={userRoute(id)} size="sm">
            {user.data.name}
          </Anchor>
        ) : null}
        {user.data ? (
          <Text size="sm" c="dimmed" aria-current="page">
            {section === "identity" ? user.data.name : t(`platform:${sectionTitle(section)}`)}
          </Text>
        ) : null}
      </Breadcrumbs>
      {body}
    </Stack>
  );
};

const Card = ({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) => (
  <Paper p="lg" component="section" aria-labelledby={id}>
    <Stack gap="md">
      <div>
        <Title order={2} id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  </Paper>
);

const UserOrgsTable = ({ orgs }: { orgs: readonly UserOrg[] }) => {
  const { t } = useTranslation("platform");
  const profileLabel = useProfileLabel();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" data-testid="user-orgs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("fields.orgName")}</Table.Th>
            <Table.Th>{t("fields.siren")}</Table.Th>
            <Table.Th>{t("fields.profile")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orgs.map((org) => (
            <Table.Tr key={org.id} data-testid="user-org-row" data-org-id={org.id}>
              <Table.Td>
                <Anchor component={Link} to={orgRoute(org.id)} size="sm">
                  {org.name}
                </Anchor>
              </Table.Td>
              <Table.Td className="registre-numeric">{formatSiren(org.siren)}</Table.Td>
              <Table.Td>{profileLabel(org.profile)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const UserOrgs = ({ userId }: { userId: string }) => {
  const { t } = useTranslation("platform");
  const orgs = useQuery(userOrgsQueryOptions(userId));
  if (orgs.isPending) return <RowsSkeleton />;
  if (orgs.isError) {
    return <PlatformError error={orgs.error} onRetry={() => void orgs.refetch()} testId="user-orgs-error" />;
  }
  if (orgs.data.items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="user-orgs-empty">
        {t("user.orgsEmpty")}
      </Text>
    );
  }
  return <UserOrgsTable orgs={orgs.data.items} />;
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
            <Card
              id="user-identity-title"
              title={t("user.identity")}
              description={t("user.identityDescription")}
            >
              <Identity user={user} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card id="user-orgs-title" title={t("user.orgs")} description={t("user.orgsDescription")}>
              <UserOrgs userId={user.id} />
              <Group gap="md">
                <Anchor component={Link} to={userLogRoute(user.id)} size="sm">
                  {t("user.seeLog")}
                </Anchor>
              </Group>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </UserFrame>
  );
};

/** `/registre/users/:id/org`: the organisations the user belongs to, with their profile. */
export const PlatformUserOrgsPage = () => {
  const { t } = useTranslation("platform");
  return (
    <UserFrame section="orgs">
      {(user) => (
        <Card id="user-orgs-title" title={t("user.orgs")} description={t("user.orgsDescription")}>
          <UserOrgs userId={user.id} />
        </Card>
      )}
    </UserFrame>
  );
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
        <Card id="user-log-title" title={t("user.log")} description={t("user.logDescription")}>
          <UserLog userId={user.id} />
        </Card>
      )}
    </UserFrame>
  );
};
