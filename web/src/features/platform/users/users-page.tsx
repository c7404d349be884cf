import { Badge, EmptyState, Group, Pagination, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SearchFilter, useListFilter } from "../../../components/filter-bar.tsx";
import { UserIcon } from "../../../components/icons.tsx";
import { useRowLink } from "../../../components/row-link.ts";
import { useFormat } from "../../../i18n/format.ts";
import { type PlatformUserRow, usersQueryOptions } from "./api.ts";
import { pageCount, pageRange, readUsersListParams, writeUsersListParams } from "./list-params.ts";
import { userRoute } from "./paths.ts";
import { PlatformError, TableSkeleton } from "./platform-ui.tsx";

const columns = 4;

const Header = () => {
  const { t } = useTranslation("platform");
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t("fields.name")}</Table.Th>
        <Table.Th>{t("fields.email")}</Table.Th>
        <Table.Th ta="right">{t("fields.orgs")}</Table.Th>
        <Table.Th ta="right">{t("fields.createdAt")}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
};

const UsersTableSkeleton = () => <TableSkeleton header={<Header />} columns={columns} />;

const UsersTable = ({ users }: { users: readonly PlatformUserRow[] }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const rowLink = useRowLink();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        className="registre-table"
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="users-table"
      >
        <Header />
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr
              key={user.id}
              className="registre-row"
              data-testid="user-row"
              data-user-id={user.id}
              onClick={rowLink(userRoute(user.id))}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Link to={userRoute(user.id)} className="registre-row-link">
                    {user.name}
                  </Link>
                  {user.platformAdmin ? (
                    <Badge size="xs" variant="light" color="grape" radius="sm" tt="none">
                      {t("badges.admin")}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {format.number(user.orgs)}
              </Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {format.shortDate(user.createdAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

export const UsersPage = () => {
  const { t } = useTranslation(["platform", "common"]);
  const format = useFormat();
  // A new search starts again from the first page; the address bar keeps it for reloads and links.
  const {
    filter: params,
    search,
    setSearch,
    page: toPage,
  } = useListFilter({ read: readUsersListParams, write: writeUsersListParams, delay: 300 });

  const users = useQuery(usersQueryOptions(params));
  const total = users.data?.total ?? 0;
  const pages = pageCount(total);
  const range = pageRange(params.page, total);

  let body: ReactNode;
  if (users.isPending) {
    body = <UsersTableSkeleton />;
  } else if (users.isError) {
    body = (
      <Stack p="md">
        <PlatformError error={users.error} onRetry={() => void users.refetch()} testId="users-error" />
      </Stack>
    );
  } else if (users.data.items.length === 0) {
    body = (
      <EmptyState
        py={64}
        icon={<UserIcon size={28} />}
        withIndicatorBackground
        title={t("platform:users.emptyTitle")}
        description={
          params.q ? t("platform:users.noMatch", { q: params.q }) : t("platform:users.emptyDescription")
        }
        data-testid="users-empty"
      />
    );
  } else {
    body = <UsersTable users={users.data.items} />;
  }

  return (
    <Stack gap="lg">
      <title>{`${t("platform:users.title")} · ${t("common:app.name")}`}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t("platform:users.title")}</Title>
          <Text c="dimmed" mt={4}>
            {t("platform:users.subtitle")}
          </Text>
        </div>
        {users.isSuccess ? (
          <Badge
            variant="light"
            color="gray"
            size="lg"
            radius="sm"
            tt="none"
            fw={500}
            data-testid="users-count"
          >
            {t("platform:users.count", { count: total })}
          </Badge>
        ) : null}
      </Group>
      <SearchFilter
        label={t("platform:users.search")}
        placeholder={t("platform:users.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maw={420}
        data-testid="users-search"
      />
      <Paper
        p={0}
        style={{ overflow: "hidden", opacity: users.isPlaceholderData ? 0.6 : 1 }}
        component="section"
        aria-label={t("platform:users.title")}
        aria-busy={users.isFetching}
      >
        {body}
      </Paper>
      {users.isSuccess && total > 0 ? (
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" className="registre-numeric" data-testid="users-range">
            {t("platform:users.range", {
              from: format.number(range.from),
              to: format.number(range.to),
              total: format.number(total),
            })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(params.page, pages)}
              onChange={toPage}
              size="sm"
              aria-label={t("platform:users.pagination")}
              data-testid="users-pagination"
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
};
