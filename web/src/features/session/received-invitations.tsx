import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { useFormat } from "../../i18n/format.ts";
import { type ReceivedInvitation, useAnswerInvitation, userInvitationsQueryOptions } from "./api.ts";

/** The translated profile an invitation offers, as it reads inside a sentence (« comme comptable »). */
export const useInvitedProfile = (): ((profile: string) => string) => {
  const { t, i18n } = useTranslation("app");
  return (profile) =>
    profile === "owner" || profile === "accountant"
      ? t(`users.profiles.${profile}`).toLocaleLowerCase(i18n.resolvedLanguage)
      : profile;
};

/**
 * On /user/orgs: the invitations addressed to the signed-in user's e-mail, to accept (the
 * organisation then joins the list below) or decline. Nothing shows when there are none.
 */
export const ReceivedInvitations = () => {
  const { t } = useTranslation("session");
  const format = useFormat();
  const profileLabel = useInvitedProfile();
  const invitations = useQuery(userInvitationsQueryOptions());
  const answer = useAnswerInvitation();
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const respond = (invitation: ReceivedInvitation, choice: "accept" | "decline") => {
    setNotice(null);
    setPendingId(invitation.id);
    answer.mutate(
      { id: invitation.id, answer: choice },
      {
        onSuccess: () =>
          setNotice(
            t(choice === "accept" ? "orgs.invitations.accepted" : "orgs.invitations.declined", {
              name: invitation.org.name,
            }),
          ),
        onSettled: () => setPendingId(null),
      },
    );
  };

  const items = invitations.data?.items ?? [];
  if (items.length === 0 && !notice && !answer.isError) return null;
  return (
    <Stack gap="sm" data-testid="user-invitations">
      {items.length > 0 ? (
        <Title order={2} size="h4">
          {t("orgs.invitations.title")}
        </Title>
      ) : null}
      {items.map((invitation) => (
        <Paper key={invitation.id} withBorder p="sm" data-testid="user-invitation">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text fw={600}>{invitation.org.name}</Text>
              <Text size="xs" c="dimmed">
                {invitation.invitedBy
                  ? t("orgs.invitations.from", {
                      inviter: invitation.invitedBy,
                      profile: profileLabel(invitation.profile),
                      date: format.shortDate(invitation.expiresAt),
                    })
                  : t("orgs.invitations.fromUnknown", {
                      profile: profileLabel(invitation.profile),
                      date: format.shortDate(invitation.expiresAt),
                    })}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="default"
                disabled={pendingId !== null}
                onClick={() => respond(invitation, "decline")}
                aria-label={t("orgs.invitations.declineLabel", { name: invitation.org.name })}
                data-testid="invitation-decline"
              >
                {t("orgs.invitations.decline")}
              </Button>
              <Button
                size="compact-sm"
                loading={pendingId === invitation.id && answer.isPending}
                disabled={pendingId !== null && pendingId !== invitation.id}
                onClick={() => respond(invitation, "accept")}
                aria-label={t("orgs.invitations.acceptLabel", { name: invitation.org.name })}
                data-testid="invitation-accept"
              >
                {t("orgs.invitations.accept")}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {answer.isError ? (
        <ErrorAlert
          error={answer.error}
          title={t("orgs.invitations.error")}
          testId="invitation-answer-error"
        />
      ) : null}
      {notice ? <SavedNotice testId="invitation-notice">{notice}</SavedNotice> : null}
    </Stack>
  );
};
