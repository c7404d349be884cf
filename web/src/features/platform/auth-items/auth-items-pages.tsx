import { Badge, Skeleton, Spoiler, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Column, DataTable } from "../../../components/data-table.tsx";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { LinkButton } from "../../../components/link-button.tsx";
import { PageFrame } from "../../../components/page-frame.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { isMemberProfile, useProfileLabel } from "../../org/profile-label.ts";
import { bitOrder, codesFromProfiles, hasBit, type Right } from "../../org/rights.ts";
import { assignmentsQuery, authItemsQuery, profilesQuery } from "../../org/rights-api.ts";
import { ItemsPanel } from "../../org/rights-items-panel.tsx";
import { useCodeLabels } from "../../org/rights-matrix.tsx";
import { type AuthItemRow, authItemRows } from "./auth-item-rows.ts";

const listPath = "/registre/auth/items";

/** The screen is the platform administrator's: others are told they may not see it. */
const usePlatformAdmin = () => {
  const session = useSession();
  return session.status === "authenticated" && session.user.platformAdmin;
};

/** An item's children: each resource code it grants, with the actions granted on it. */
const ItemRights = ({ rights }: { rights: readonly Right[] }) => {
  const { t } = useTranslation("platform");
  const label = useCodeLabels();
  if (rights.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("authItems.noRights")}
      </Text>
    );
  return (
    <Spoiler maxHeight={44} showLabel={t("authItems.showAll")} hideLabel={t("authItems.hide")}>
      <Text size="sm" data-testid="auth-item-rights">
        {rights
          .map((right) =>
            t("authItems.right", {
              code: label(right.c).full,
              actions: bitOrder
                .filter((bit) => hasBit(right.r, bit))
                .map((bit) => t(`authItems.bits.${bit}`))
                .join(", "),
            }),
          )
          .join(" · ")}
      </Text>
    </Spoiler>
  );
};

/**
 * `/registre/auth/items`: the authorization items of the organisation the administrator works in — the
 * built-in profiles (fixed) and the organisation's own roles — each with its description and its
 * children, the rights it grants (resource code and actions).
 */
export const AuthItemsPage = () => {
  const { t } = useTranslation(["platform", "app"]);
  const admin = usePlatformAdmin();
  const profiles = useQuery({ ...profilesQuery(), enabled: admin });
  const items = useQuery({ ...authItemsQuery(), enabled: admin });
  const assignments = useQuery({ ...assignmentsQuery(), enabled: admin });
  const profileLabel = useProfileLabel();
  const rows = useMemo(
    () => authItemRows(profiles.data?.items ?? [], items.data?.items ?? [], assignments.data?.items ?? []),
    [profiles.data, items.data, assignments.data],
  );
  const failed = [profiles, items, assignments].find((query) => query.isError);
  const columns: Column<AuthItemRow>[] = [
    {
      key: "name",
      header: t("authItems.name"),
      width: 220,
      sort: (a, b) => a.name.localeCompare(b.name, "fr"),
      cell: (row) => (
        <Text size="sm" fw={600}>
          {row.kind === "profile" ? profileLabel(row.name) : row.name}
        </Text>
      ),
    },
    {
      key: "kind",
      header: t("authItems.kind"),
      width: 170,
      cell: (row) => (
        <Badge variant="light" radius="sm" color={row.kind === "profile" ? "gray" : "blue"}>
          {t(`authItems.kinds.${row.kind}`)}
        </Badge>
      ),
    },
    {
      key: "description",
      header: t("authItems.description"),
      width: 260,
      cell: (row) =>
        row.kind === "profile"
          ? t(isMemberProfile(row.name) ? `authItems.profiles.${row.name}` : "authItems.profiles.other")
          : t("authItems.roleDescription", { count: row.holders }),
    },
    {
      key: "rights",
      header: t("authItems.rights"),
      cell: (row) => <ItemRights rights={row.rights} />,
    },
  ];
  return (
    <PageFrame
      allowed={admin}
      title={t("authItems.title")}
      description={t("authItems.subtitle")}
      actions={
        <LinkButton variant="default" to={`${listPath}/edit`} data-testid="auth-items-edit">
          {t("authItems.edit")}
        </LinkButton>
      }
    >
      {failed ? (
        <ErrorAlert error={failed.error} onRetry={() => void failed.refetch()} testId="auth-items-error" />
      ) : !profiles.data || !items.data || !assignments.data ? (
        <Skeleton height={320} />
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.key}
          rowProps={(row) => ({ "data-testid": "auth-item-row", "data-kind": row.kind })}
          empty={t("authItems.empty")}
          caption={t("authItems.title")}
          testId="auth-items-table"
          minWidth={820}
        />
      )}
    </PageFrame>
  );
};

/**
 * `/registre/auth/items/edit`: the organisation's own roles created, renamed, their rights ticked and
 * saved, deleted while nobody holds them (the rights screen's editor).
 */
export const AuthItemsEditPage = () => {
  const { t } = useTranslation(["platform", "app"]);
  const admin = usePlatformAdmin();
  const profiles = useQuery({ ...profilesQuery(), enabled: admin });
  const items = useQuery({ ...authItemsQuery(), enabled: admin });
  const assignments = useQuery({ ...assignmentsQuery(), enabled: admin });
  const codes = useMemo(() => codesFromProfiles(profiles.data?.items ?? []), [profiles.data]);
  const failed = [profiles, items, assignments].find((query) => query.isError);
  let body: React.ReactNode;
  if (failed)
    body = (
      <ErrorAlert error={failed.error} onRetry={() => void failed.refetch()} testId="auth-items-error" />
    );
  else if (!profiles.data || !items.data || !assignments.data) body = <Skeleton height={320} />;
  else body = <ItemsPanel items={items.data.items} codes={codes} assignments={assignments.data.items} />;
  return (
    <PageFrame
      allowed={admin}
      title={t("authItems.editTitle")}
      description={t("authItems.editSubtitle")}
      crumbs={[{ to: listPath, label: t("authItems.title") }]}
      actions={
        <LinkButton variant="default" to={listPath} data-testid="auth-items-done">
          {t("authItems.done")}
        </LinkButton>
      }
    >
      <Stack gap="md">{body}</Stack>
    </PageFrame>
  );
};
