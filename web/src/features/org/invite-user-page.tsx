import { Select, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { z } from "../../lib/zod.ts";
import type { UsersLocationState } from "./contact-users-page.tsx";
import { PageHeader } from "./page-header.tsx";
import { isMemberProfile } from "./profile-label.ts";
import { memberProfiles, useInviteMember } from "./rights-api.ts";

const usersPath = "/org/contacts/users";

/**
 * `/org/contacts/users/create`: invites an address with a profile. The answer is the same whether the
 * address has an account or not; the list then shows the invitation until it is answered.
 */
export const InviteUserPage = () => {
  const { t } = useTranslation(["app", "common"]);
  const navigate = useNavigate();
  const label = t("app:users.emailLabel");
  const schema = useFormSchema(["app", "common"], (t, rules) =>
    z.object({ email: rules.email(t("app:users.emailLabel")), profile: z.enum(memberProfiles) }),
  );
  const form = useSchemaForm(schema, { email: "", profile: "accountant" });
  const invite = useInviteMember();
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title={t("app:users.inviteTitle")}
        crumbs={[{ to: usersPath, label: t("app:users.title") }]}
      />
      <MutationFormCard
        testId="user-invite-form"
        onSubmit={form.onSubmit((invitation) =>
          invite.mutate(invitation, {
            onSuccess: (invited) => {
              const state: UsersLocationState = {
                notice: invited.emailSent
                  ? { text: t("app:users.invited", { email: invited.email }), color: "teal" }
                  : { text: t("app:users.invitedNoMail", { email: invited.email }), color: "yellow" },
              };
              void navigate(usersPath, { state });
            },
          }),
        )}
        mutation={invite}
        errorTestId="user-invite-error"
        cancel={usersPath}
        submitLabel={t("app:users.inviteSubmit")}
        submitTestId="user-invite-submit"
      >
        <Text size="sm" c="dimmed">
          {t("app:users.inviteDescription")}
        </Text>
        <TextInput
          label={label}
          type="email"
          {...form.getInputProps("email")}
          withAsterisk
          autoComplete="off"
          data-autofocus
          data-testid="user-invite-email"
        />
        <Select
          label={t("app:users.profileLabel")}
          description={t("app:users.profileHint")}
          data={memberProfiles.map((value) => ({ value, label: t(`app:users.profiles.${value}`) }))}
          {...form.getInputProps("profile")}
          onChange={(value) => {
            if (isMemberProfile(value)) form.setFieldValue("profile", value);
          }}
          allowDeselect={false}
          withAsterisk
          data-testid="user-invite-profile"
        />
      </MutationFormCard>
    </Stack>
  );
};
