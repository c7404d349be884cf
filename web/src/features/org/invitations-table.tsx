import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MutationModal } from "../../components/confirm-modal.tsx";
import type { Column } from "../../components/data-table.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { PeopleTable, usePeopleColumns } from "./people-table.tsx";
import { type Invitation, invitationsQuery, useRevokeInvitation } from "./rights-api.ts";

const RevokeModal = ({
  invitation,
  onClose,
  onRevoked,
}: {
  invitation: Invitation | null;
  onClose: () => void;
  onRevoked: (invitation: Invitation) => void;
}) => {
  const { t } = useTranslation("app");
  return (
    <MutationModal
      subject={invitation}
      mutation={useRevokeInvitation()}
      variables={(i) => i.id}
      onDone={(_, i) => onRevoked(i)}
      onClose={onClose}
      title={t("users.revokeTitle")}
      confirmLabel={t("users.revokeConfirm")}
      testId="invitation-revoke"
    >
      {(i) => <Text size="sm">{t("users.revokeText", { email: i.email })}</Text>}
    </MutationModal>
  );
};

/** The organisation's invitations waiting for an answer, each with a "withdraw" action. */
export const PendingInvitations = ({
  canRevoke,
  onRevoked,
}: {
  canRevoke: boolean;
  onRevoked: (invitation: Invitation) => void;
}) => {
  const { t } = useTranslation("app");
  const people = usePeopleColumns();
  const invitations = useQuery(invitationsQuery());
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const columns: Column<Invitation>[] = [
    {
      key: "email",
      header: t("users.email"),
      cell: (invitation) => invitation.email,
      cellProps: () => ({ fw: 600 }),
    },
    people.profile((invitation) => invitation.profile, "outline"),
    people.day("invitedOn", t("users.invitedOn"), (invitation) => invitation.invitedAt),
    people.day("expires", t("users.expires"), (invitation) => invitation.expiresAt),
    people.action<Invitation>({
      label: t("users.revoke"),
      ariaLabel: (invitation) => t("users.revokeLabel", { email: invitation.email }),
      testId: "invitation-revoke",
      onClick: (invitation) => setRevoking(invitation),
      allowed: canRevoke,
    }),
  ];

  return (
    <Stack gap="sm" data-testid="invitations">
      <Title order={2} size="h4">
        {t("users.pendingTitle")}
      </Title>
      <QueryView
        query={invitations}
        loading={<Skeleton height={80} />}
        testId="invitations-error"
        isEmpty={(found) => found.items.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="invitations-empty">
            {t("users.pendingEmpty")}
          </Text>
        }
      >
        {(found) => (
          <PeopleTable
            columns={columns}
            rows={found.items}
            rowKey={(invitation) => invitation.id}
            rowProps={() => ({ "data-testid": "invitation-row" })}
          />
        )}
      </QueryView>
      <RevokeModal invitation={revoking} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
    </Stack>
  );
};
