import { Group, Pagination, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../../components/data-table.tsx";
import { SearchFilter, useListFilter } from "../../../components/filter-bar.tsx";
import { UserIcon } from "../../../components/icons.tsx";
import { PlainTable, TableSkeleton } from "../../../components/plain-table.tsx";
import { Tag } from "../../../components/tag.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { type PlatformUserRow, usersQueryOptions } from "./api.ts";
import { pageCount, pageRange, readUsersListParams, writeUsersListParams } from "./list-params.ts";
import { userRoute } from "./paths.ts";
import { CountBadge, PlatformEmpty, PlatformQuery, PlatformTitle } from "./platform-ui.tsx";

const useColumns = (): Column<PlatformUserRow>[] => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  return [
    {
      key: "name",
      header: t("fields.name"),
      cell: (user) => (
        <Group gap="xs" wrap="nowrap">
          <Link to={userRoute(user.id)} className="registre-row-link">
            {user.name}
          </Link>
          {user.platformAdmin ? (
            <Tag size="xs" color="grape">
              {t("badges.admin")}
            </Tag>
          ) : null}
        </Group>
      ),
    },
    { key: "email", header: t("fields.email"), cell: (user) => user.email },
    { key: "orgs", header: t("fields.orgs"), numeric: true, cell: (user) => format.number(user.orgs) },
    {
      key: "createdAt",
      header: t("fields.createdAt"),
      numeric: true,
      cell: (user) => format.shortDate(user.createdAt),
    },
  ];
};

const UsersTable = ({ users }: { users: readonly PlatformUserRow[] }) => (
  <PlainTable
    columns={useColumns()}
    rows={users}
    rowKey={(user) => user.id}
    rowLink={(user) => userRoute(user.id)}
    rowProps={(user) => ({ "data-testid": "user-row", "data-user-id": user.id })}
    testId="users-table"
    minWidth={640}
    highlight
  />
);

export const UsersPage = () => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const columns = useColumns();
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

  return (
    <Stack gap="lg">
      <PlatformTitle
        title={t("users.title")}
        subtitle={t("users.subtitle")}
        badge={
          users.isSuccess ? (
            <CountBadge testId="users-count">{t("users.count", { count: total })}</CountBadge>
          ) : null
        }
      />
      <SearchFilter
        label={t("users.search")}
        placeholder={t("users.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maw={420}
        data-testid="users-search"
      />
      <Paper
        p={0}
        style={{ overflow: "hidden", opacity: users.isPlaceholderData ? 0.6 : 1 }}
        component="section"
        aria-label={t("users.title")}
        aria-busy={users.isFetching}
      >
        <PlatformQuery
          query={users}
          loading={<TableSkeleton columns={columns} />}
          errorTestId="users-error"
          padError
          isEmpty={(found) => found.items.length === 0}
          empty={
            <PlatformEmpty
              icon={<UserIcon size={28} />}
              title={t("users.emptyTitle")}
              description={params.q ? t("users.noMatch", { q: params.q }) : t("users.emptyDescription")}
              testId="users-empty"
            />
          }
        >
          {(found) => <UsersTable users={found.items} />}
        </PlatformQuery>
      </Paper>
      {users.isSuccess && total > 0 ? (
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" className="registre-numeric" data-testid="users-range">
            {t("users.range", {
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
              aria-label={t("users.pagination")}
              data-testid="users-pagination"
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
};
