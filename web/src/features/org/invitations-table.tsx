import { Badge, Button, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useProfileLabel } from "./profile-label.ts";
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
  const format = useFormat();
  const profileLabel = useProfileLabel();
  const invitations = useQuery(invitationsQuery());
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  let body: React.ReactNode;
  if (invitations.isPending) body = <Skeleton height={80} />;
  else if (invitations.isError)
    body = (
      <ErrorAlert
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        testId="invitations-error"
      />
    );
  else if (invitations.data.items.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="invitations-empty">
        {t("users.pendingEmpty")}
      </Text>
    );
  else
    body = (
      <Paper p={0} style={{ overflow: "hidden" }}>
        <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.email")}</Table.Th>
              <Table.Th>{t("users.role")}</Table.Th>
              <Table.Th>{t("users.invitedOn")}</Table.Th>
              <Table.Th>{t("users.expires")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>
                <VisuallyHidden>{t("users.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.items.map((invitation) => (
              <Table.Tr key={invitation.id} data-testid="invitation-row">
                <Table.Td fw={600}>{invitation.email}</Table.Td>
                <Table.Td miw={150}>
                  <Badge
                    variant="outline"
                    color={invitation.profile === "owner" ? "indigo" : "gray"}
                    radius="sm"
                  >
                    {profileLabel(invitation.profile)}
                  </Badge>
                </Table.Td>
                <Table.Td className="registre-numeric">{format.shortDate(invitation.invitedAt)}</Table.Td>
                <Table.Td className="registre-numeric">{format.shortDate(invitation.expiresAt)}</Table.Td>
                <Table.Td style={{ textAlign: "right" }}>
                  {canRevoke ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(invitation)}
                      aria-label={t("users.revokeLabel", { email: invitation.email })}
                      data-testid="invitation-revoke"
                    >
                      {t("users.revoke")}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );

  return (
    <Stack gap="sm" data-testid="invitations">
      <Title order={2} size="h4">
        {t("users.pendingTitle")}
      </Title>
      {body}
      <RevokeModal invitation={revoking} onClose={() => setRevoking(null)} onRevoked={onRevoked} />
    </Stack>
  );
};
