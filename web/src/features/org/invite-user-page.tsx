import { Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { email, required, type ValidationMessage, validate } from "../../lib/validation.ts";
import type { UsersLocationState } from "./contact-users-page.tsx";
import { PageHeader } from "./page-header.tsx";
import { isMemberProfile } from "./profile-label.ts";
import { type MemberProfile, memberProfiles, useInviteMember } from "./rights-api.ts";

/**
 * `/org/contacts/users/create`: invites an address with a profile. The answer is the same whether the
 * address has an account or not; the list then shows the invitation until it is answered.
 */
export const InviteUserPage = () => {
  const { t } = useTranslation(["app", "common"]);
  const navigate = useNavigate();
  const fieldMessage = useFieldMessage();
  const [address, setAddress] = useState("");
  const [profile, setProfile] = useState<MemberProfile>("accountant");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const invite = useInviteMember();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = validate(address, [required, email]);
    setError(message);
    if (message) return;
    invite.mutate(
      { email: address.trim(), profile },
      {
        onSuccess: (invitation) => {
          const state: UsersLocationState = {
            notice: invitation.emailSent
              ? { text: t("app:users.invited", { email: invitation.email }), color: "teal" }
              : { text: t("app:users.invitedNoMail", { email: invitation.email }), color: "yellow" },
          };
          void navigate("/org/contacts/users", { state });
        },
      },
    );
  };
  const label = t("app:users.emailLabel");
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title={t("app:users.inviteTitle")}
        crumbs={[{ to: "/org/contacts/users", label: t("app:users.title") }]}
      />
      <Paper p="lg">
        <form onSubmit={submit} noValidate data-testid="user-invite-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t("app:users.inviteDescription")}
            </Text>
            <TextInput
              label={label}
              type="email"
              value={address}
              onChange={(event) => {
                setAddress(event.currentTarget.value);
                setError(null);
              }}
              error={fieldMessage(label, error)}
              withAsterisk
              autoComplete="off"
              data-autofocus
              data-testid="user-invite-email"
            />
            <Select
              label={t("app:users.profileLabel")}
              description={t("app:users.profileHint")}
              data={memberProfiles.map((value) => ({ value, label: t(`app:users.profiles.${value}`) }))}
              value={profile}
              onChange={(value) => {
                if (isMemberProfile(value)) setProfile(value);
              }}
              allowDeselect={false}
              withAsterisk
              data-testid="user-invite-profile"
            />
            {invite.isError ? <ErrorAlert error={invite.error} testId="user-invite-error" /> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/org/contacts/users">
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={invite.isPending} data-testid="user-invite-submit">
                {t("app:users.inviteSubmit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};
