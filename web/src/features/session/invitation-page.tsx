import { Alert, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { AlertIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useSession } from "../../lib/session-store.ts";
import {
  changeOrg,
  invitationByTokenQueryOptions,
  logout,
  type ReceivedInvitation,
  useAnswerInvitation,
} from "./api.ts";
import { AuthCard } from "./auth-card.tsx";
import { withNext } from "./guards.ts";
import { useInvitedProfile } from "./received-invitations.tsx";

/** Accept (then work in the organisation at once) or decline, as the invited account. */
const Answer = ({ invitation }: { invitation: ReceivedInvitation }) => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const answer = useAnswerInvitation();
  const enter = useMutation({ mutationFn: changeOrg, onSuccess: () => void navigate("/org/dashboard") });
  const [declined, setDeclined] = useState(false);
  if (declined)
    return (
      <Stack gap="md">
        <SavedNotice testId="invitation-declined">{t("invitation.declined")}</SavedNotice>
        <LinkButton to="/user/orgs" variant="default" fullWidth>
          {t("invitation.toOrgs")}
        </LinkButton>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {answer.isError ? (
        <ErrorAlert error={answer.error} title={t("invitation.error")} testId="invitation-answer-error" />
      ) : null}
      {enter.isError ? <ErrorAlert error={enter.error} testId="invitation-enter-error" /> : null}
      <Button
        fullWidth
        loading={answer.isPending || enter.isPending}
        onClick={() =>
          answer.mutate(
            { id: invitation.id, answer: "accept" },
            { onSuccess: () => enter.mutate(invitation.org.id) },
          )
        }
        data-testid="invitation-page-accept"
      >
        {t("invitation.accept", { org: invitation.org.name })}
      </Button>
      <Button
        fullWidth
        variant="default"
        disabled={answer.isPending || enter.isPending}
        onClick={() =>
          answer.mutate({ id: invitation.id, answer: "decline" }, { onSuccess: () => setDeclined(true) })
        }
        data-testid="invitation-page-decline"
      >
        {t("invitation.decline")}
      </Button>
    </Stack>
  );
};

/**
 * `/public/invitation?token=…`, the page an invitation e-mail links to: who invites to what, then,
 * depending on the session, sign in or register with the invited address (coming back here), or
 * accept or decline. Only the account with the invited address may answer; the server decides.
 */
export const InvitationPage = () => {
  const { t } = useTranslation("session");
  const format = useFormat();
  const profileLabel = useInvitedProfile();
  const session = useSession();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useQuery({ ...invitationByTokenQueryOptions(token), enabled: token !== "" });
  const here = `/public/invitation?token=${encodeURIComponent(token)}`;

  let body: React.ReactNode;
  if (!token)
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="invitation-missing">
        {t("invitation.missing")}
      </Alert>
    );
  else if (invitation.isPending) body = <Skeleton height={120} />;
  else if (invitation.isError)
    body = (
      <ErrorAlert error={invitation.error} title={t("invitation.notFoundTitle")} testId="invitation-error" />
    );
  else {
    const data = invitation.data;
    const profile = profileLabel(data.profile);
    let action: React.ReactNode;
    if (session.status === "anonymous")
      action = (
        <Stack gap="sm">
          <Text size="sm">{t("invitation.signInFirst")}</Text>
          <Group grow>
            <LinkButton
              to={withNext("/login", here, { email: data.email })}
              variant="default"
              data-testid="invitation-sign-in"
            >
              {t("invitation.signIn")}
            </LinkButton>
            <LinkButton
              to={withNext("/register", here, { email: data.email })}
              data-testid="invitation-register"
            >
              {t("invitation.register")}
            </LinkButton>
          </Group>
        </Stack>
      );
    else if (session.status === "multipleOrgs")
      action = (
        <Stack gap="sm">
          <Text size="sm">{t("invitation.chooseFirst")}</Text>
          <LinkButton to={withNext("/user/orgs", here)} fullWidth>
            {t("invitation.choose")}
          </LinkButton>
        </Stack>
      );
    else if (session.user.email.toLowerCase() !== data.email.toLowerCase())
      action = (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<AlertIcon />} data-testid="invitation-other-account">
            {t("invitation.otherAccount", { email: data.email, current: session.user.email })}
          </Alert>
          <Button variant="default" fullWidth onClick={() => void logout()} data-testid="invitation-logout">
            {t("logout")}
          </Button>
        </Stack>
      );
    else action = <Answer invitation={data} />;
    body = (
      <Stack gap="md" data-testid="invitation">
        <Text fw={600}>
          {data.invitedBy
            ? t("invitation.intro", { inviter: data.invitedBy, org: data.org.name, profile })
            : t("invitation.introUnknown", { org: data.org.name, profile })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("invitation.addressed", { email: data.email, date: format.shortDate(data.expiresAt) })}
        </Text>
        {action}
      </Stack>
    );
  }
  return (
    <AuthCard title={t("invitation.title")} width={480}>
      {body}
    </AuthCard>
  );
};
