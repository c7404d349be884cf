import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon, ContactsIcon, ShieldIcon, UserIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { PendingInvitations } from "./invitations-table.tsx";
import { PageHeader } from "./page-header.tsx";
import { useProfileLabel } from "./profile-label.ts";
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
  const format = useFormat();
  const profileLabel = useProfileLabel();
  const session = useSession();
  const location = useLocation();
  const selfId = session.status === "authenticated" ? session.user.id : null;
  const users = useQuery(membersQuery());
  const [removing, setRemoving] = useState<Member | null>(null);
  const [notice, setNotice] = useState<{ text: string; color: "teal" | "yellow" } | null>(
    (location.state as UsersLocationState | null)?.notice ?? null,
  );

  let body: React.ReactNode;
  if (users.isPending) body = <Skeleton height={160} />;
  else if (users.isError)
    body = <ErrorAlert error={users.error} onRetry={() => void users.refetch()} testId="users-error" />;
  else if (users.data.items.length === 0)
    body = (
      <EmptyState
        py={56}
        icon={<ContactsIcon size={28} />}
        withIndicatorBackground
        title={t("users.empty")}
      />
    );
  else
    body = (
      <Paper p={0} style={{ overflow: "hidden" }}>
        <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.name")}</Table.Th>
              <Table.Th>{t("users.email")}</Table.Th>
              <Table.Th>{t("users.role")}</Table.Th>
              <Table.Th>{t("users.since")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>
                <VisuallyHidden>{t("users.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.items.map((user) => (
              <Table.Tr key={user.id} data-testid="user-row">
                <Table.Td fw={600}>
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
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td miw={150}>
                  <Badge variant="light" color={user.role === "owner" ? "indigo" : "gray"} radius="sm">
                    {profileLabel(user.role)}
                  </Badge>
                </Table.Td>
                <Table.Td className="registre-numeric">
                  {user.createdAt ? format.shortDate(user.createdAt) : "—"}
                </Table.Td>
                <Table.Td style={{ textAlign: "right" }}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setNotice(null);
                      setRemoving(user);
                    }}
                    aria-label={t("users.removeLabel", { name: user.name })}
                    data-testid="user-remove"
                  >
                    {t("users.remove")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
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
      {body}
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
