import { Button, Group, Select, Stack } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlainTable } from "../../components/plain-table.tsx";
import { type AnswerOf, api } from "../../lib/api-client.ts";
import { getQuery } from "../../lib/queries.ts";
import { useProfileLabel } from "../org/contact-users-page.tsx";
import { orgKeys, orgsQueryOptions } from "./orgs/api.ts";
import { userKeys, usersQueryOptions } from "./users/api.ts";
import { EmptyText, PlatformQuery } from "./users/platform-ui.tsx";

export type Membership = AnswerOf<"/registre/orgs/users", "get">["items"][number];
const profiles = ["owner", "accountant"] as const;
type Scope = { org: string } | { user: string };

const membershipsQuery = (scope: Scope) =>
  getQuery(["memberships", scope] as const, "/registre/orgs/users", { query: scope });

/** After a change: the memberships, the organisation's members and the user's organisations. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["memberships"] }),
      queryClient.invalidateQueries({ queryKey: orgKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ]);
};

/** The other side of a membership to add: an organisation (on a user's screen) or a user (on an organisation's). */
const AddMembership = ({ scope, taken }: { scope: Scope; taken: ReadonlySet<string> }) => {
  const { t } = useTranslation("platform");
  const profileLabel = useProfileLabel();
  const refresh = useRefresh();
  const [other, setOther] = useState<string | null>(null);
  const [profile, setProfile] = useState<string>("accountant");
  const [search, setSearch] = useState("");
  const onUser = "user" in scope;
  const orgs = useQuery({ ...orgsQueryOptions(), enabled: onUser });
  const users = useQuery({ ...usersQueryOptions({ q: search.trim(), page: 1 }), enabled: !onUser });
  const options = onUser
    ? (orgs.data?.items ?? []).filter((o) => !taken.has(o.id)).map((o) => ({ value: o.id, label: o.name }))
    : (users.data?.items ?? [])
        .filter((u) => !taken.has(u.id))
        .map((u) => ({ value: u.id, label: `${u.name} · ${u.email}` }));
  const add = useMutation({
    mutationFn: (body: { orgId: string; userId: string; profile: "owner" | "accountant" }) =>
      api.post("/registre/orgs/users", { body }),
    onSuccess: () => {
      setOther(null);
      return refresh();
    },
  });
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={onUser ? t("memberships.org") : t("memberships.user")}
          data={options}
          value={other}
          onChange={setOther}
          searchable
          {...(!onUser && { searchValue: search, onSearchChange: setSearch })}
          nothingFoundMessage={t("memberships.none")}
          miw={260}
          data-testid="membership-other"
        />
        <Select
          label={t("fields.profile")}
          data={profiles.map((p) => ({ value: p, label: profileLabel(p) }))}
          value={profile}
          onChange={(value) => setProfile(value ?? "accountant")}
          allowDeselect={false}
          data-testid="membership-profile"
        />
        <Button
          disabled={!other}
          loading={add.isPending}
          onClick={() =>
            other &&
            add.mutate({
              orgId: onUser ? other : scope.org,
              userId: onUser ? scope.user : other,
              profile: profile as "owner" | "accountant",
            })
          }
          data-testid="membership-add"
        >
          {t("memberships.add")}
        </Button>
      </Group>
      {add.isError ? <ErrorAlert error={add.error} testId="membership-add-error" /> : null}
    </Stack>
  );
};

/**
 * The memberships of an organisation or of a user, as the platform administrator edits them: the
 * profile changed in place, a membership removed, another added (the last owner is kept by the API).
 */
export const MembershipsEditor = ({ scope }: { scope: Scope }) => {
  const { t } = useTranslation("platform");
  const profileLabel = useProfileLabel();
  const refresh = useRefresh();
  const change = useMutation({
    mutationFn: ({ id, profile }: { id: string; profile: "owner" | "accountant" }) =>
      api.put("/registre/orgs/users/{id}", { path: { id }, body: { profile } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete("/registre/orgs/users/{id}", { path: { id } }),
    onSettled: refresh,
  });
  const onUser = "user" in scope;
  const columns: Column<Membership>[] = [
    {
      key: "who",
      header: onUser ? t("fields.orgName") : t("fields.name"),
      cell: (m) => (onUser ? m.orgName : `${m.name} · ${m.email}`),
    },
    {
      key: "profile",
      header: t("fields.profile"),
      cell: (m) => (
        <Select
          aria-label={t("fields.profile")}
          data={profiles.map((p) => ({ value: p, label: profileLabel(p) }))}
          value={m.profile}
          allowDeselect={false}
          onChange={(value) => value && change.mutate({ id: m.id, profile: value as "owner" | "accountant" })}
          size="xs"
          w={180}
          data-testid="membership-row-profile"
        />
      ),
    },
    {
      key: "remove",
      header: "",
      cell: (m) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          loading={remove.isPending && remove.variables === m.id}
          onClick={() => remove.mutate(m.id)}
          data-testid="membership-remove"
        >
          {t("memberships.remove")}
        </Button>
      ),
    },
  ];
  const query = useQuery(membershipsQuery(scope));
  return (
    <Stack gap="md">
      {change.isError ? <ErrorAlert error={change.error} testId="membership-change-error" /> : null}
      {remove.isError ? <ErrorAlert error={remove.error} testId="membership-remove-error" /> : null}
      <PlatformQuery
        query={query}
        errorTestId="memberships-error"
        isEmpty={(list) => list.items.length === 0}
        empty={<EmptyText testId="memberships-empty">{t("memberships.empty")}</EmptyText>}
      >
        {(list) => (
          <PlainTable
            columns={columns}
            rows={list.items}
            rowKey={(m) => m.id}
            rowProps={(m) => ({ "data-testid": "membership-row", "data-id": m.id })}
            testId="memberships"
            minWidth={480}
          />
        )}
      </PlatformQuery>
      <AddMembership
        scope={scope}
        taken={new Set((query.data?.items ?? []).map((m) => (onUser ? m.orgId : m.userId)))}
      />
    </Stack>
  );
};
