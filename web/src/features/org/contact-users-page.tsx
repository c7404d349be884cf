import { Alert, Anchor, Button, EmptyState, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import type { Column } from "../../components/data-table.tsx";
import { CheckIcon, ContactsIcon, ShieldIcon, UserIcon } from "../../components/icons.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { PendingInvitations } from "./invitations-table.tsx";
import { PageHeader } from "./page-header.tsx";
import { PeopleTable, usePeopleColumns } from "./people-table.tsx";
import { type Member, membersQuery, useRemoveMember } from "./rights-api.ts";

export { isMemberProfile, useProfileLabel } from "./profile-label.ts";

export const RemoveMemberModal = ({
  member,
  onClose,
  onRemoved,
}: {
  member: Member | null;
  onClose: () => void;
  onRemoved: (member: Member) => void;
}) => {
  const { t } = useTranslation("app");
  return (
    <MutationModal
      subject={member}
      mutation={useRemoveMember()}
      variables={(m) => m.id}
      onDone={(_, m) => onRemoved(m)}
      onClose={onClose}
      title={t("users.removeTitle")}
      confirmLabel={t("users.removeConfirm")}
      testId="user-remove"
    >
      {(m) => <Text size="sm">{t("users.removeText", { name: m.name, email: m.email })}</Text>}
    </MutationModal>
  );
};

/** What the invitation screen hands back to the list: the notice to show. */
export type UsersLocationState = { notice?: { text: string; color: "teal" | "yellow" } };

/**
 * `/org/contacts/users`: the people who use the organisation's books, and the invitations waiting
 * for an answer; invite one (on its own screen), withdraw an invitation, remove a member.
 */
export const ContactUsersPage = () => {
  const { t } = useTranslation("app");
  const people = usePeopleColumns();
  const session = useSession();
  const location = useLocation();
  const selfId = session.status === "authenticated" ? session.user.id : null;
  const users = useQuery(membersQuery());
  const [removing, setRemoving] = useState<Member | null>(null);
  const [notice, setNotice] = useState<{ text: string; color: "teal" | "yellow" } | null>(
    (location.state as UsersLocationState | null)?.notice ?? null,
  );

  const columns: Column<Member>[] = [
    {
      key: "name",
      header: t("users.name"),
      cell: (user) => (
        <Group gap={8} wrap="nowrap">
          <Anchor component={Link} to={`/org/contacts/users/${user.id}`} data-testid="user-link">
            {user.name}
          </Anchor>
          {user.id === selfId ? (
            <Text span size="xs" c="dimmed" fw={500}>
              ({t("users.you")})
            </Text>
          ) : null}
        </Group>
      ),
      cellProps: () => ({ fw: 600 }),
    },
    { key: "email", header: t("users.email"), cell: (user) => user.email },
    people.profile((user) => user.role, "light"),
    people.day("since", t("users.since"), (user) => user.createdAt),
    people.action<Member>({
      label: t("users.remove"),
      ariaLabel: (user) => t("users.removeLabel", { name: user.name }),
      testId: "user-remove",
      onClick: (user) => {
        setNotice(null);
        setRemoving(user);
      },
    }),
  ];
  return (
    <Stack gap="lg">
      <PageHeader
        title={t("users.title")}
        description={t("users.description")}
        actions={
          <Group gap="sm">
            <Button component={Link} to="/org/settings/rights" variant="default" leftSection={<ShieldIcon />}>
              {t("users.rightsLink")}
            </Button>
            {can(session, "contacts.users", "create") ? (
              <Button
                component={Link}
                to="/org/contacts/users/create"
                leftSection={<UserIcon />}
                data-testid="user-invite"
              >
                {t("users.invite")}
              </Button>
            ) : null}
          </Group>
        }
      />
      {notice ? (
        <Alert
          color={notice.color}
          variant="light"
          icon={<CheckIcon />}
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="users-notice"
        >
          {notice.text}
        </Alert>
      ) : null}
      <QueryView
        query={users}
        loading={<Skeleton height={160} />}
        testId="users-error"
        isEmpty={(found) => found.items.length === 0}
        empty={
          <EmptyState
            py={56}
            icon={<ContactsIcon size={28} />}
            withIndicatorBackground
            title={t("users.empty")}
          />
        }
      >
        {(found) => (
          <PeopleTable
            columns={columns}
            rows={found.items}
            rowKey={(user) => user.id}
            rowProps={() => ({ "data-testid": "user-row" })}
          />
        )}
      </QueryView>
      <PendingInvitations
        canRevoke={can(session, "contacts.users", "delete")}
        onRevoked={(invitation) =>
          setNotice({ text: t("users.revoked", { email: invitation.email }), color: "teal" })
        }
      />
      <Text size="xs" c="dimmed">
        {t("users.note")}
      </Text>
      <RemoveMemberModal
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(member) => setNotice({ text: t("users.removed", { name: member.name }), color: "teal" })}
      />
    </Stack>
  );
};
