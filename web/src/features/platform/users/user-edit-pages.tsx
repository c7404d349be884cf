import { Button, Group, Stack, Switch, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { SavedNotice } from "../../../components/saved-notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { MembershipsEditor } from "../memberships.tsx";
import { type PlatformUser, userKeys } from "./api.ts";
import { usersRoute } from "./paths.ts";
import { PlatformSection } from "./platform-ui.tsx";
import { UserFrame } from "./user-pages.tsx";

const UserForm = ({ user }: { user: PlatformUser }) => {
  const { t } = useTranslation("platform");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(user.name);
  const [admin, setAdmin] = useState(user.platformAdmin);
  const [saved, setSaved] = useState(false);
  const [closing, setClosing] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api.put("/registre/users/{id}", { path: { id: user.id }, body: { name, platformAdmin: admin } }),
    onSuccess: (changed) => {
      setSaved(true);
      queryClient.setQueryData(userKeys.detail(user.id), changed);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const close = useMutation({
    mutationFn: () => api.delete("/registre/users/{id}", { path: { id: user.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate(usersRoute);
    },
  });
  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          save.mutate();
        }}
        data-testid="user-edit-form"
      >
        <Stack gap="md" maw={480}>
          <TextInput
            label={t("fields.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            data-testid="user-edit-name"
          />
          <Switch
            label={t("fields.platformAdmin")}
            checked={admin}
            onChange={(event) => setAdmin(event.currentTarget.checked)}
            data-testid="user-edit-admin"
          />
          {save.isError ? <ErrorAlert error={save.error} testId="user-edit-error" /> : null}
          {saved ? (
            <SavedNotice onClose={() => setSaved(false)} testId="user-edit-saved">
              {t("userEdit.saved")}
            </SavedNotice>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="user-edit-submit">
              {t("userEdit.save")}
            </Button>
            <Button variant="light" color="red" onClick={() => setClosing(true)} data-testid="user-close">
              {t("userEdit.close")}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={closing}
        title={t("userEdit.closeTitle", { name: user.name })}
        confirmLabel={t("userEdit.close")}
        color="red"
        pending={close.isPending}
        error={close.error}
        onConfirm={() => close.mutate()}
        onClose={() => setClosing(false)}
        testId="user-close-modal"
      >
        {t("userEdit.closeText")}
      </ConfirmModal>
    </Stack>
  );
};

/** `/registre/users/:id/edit`: the account's name and platform right changed, or the account closed. */
export const UserEditPage = () => {
  const { t } = useTranslation("platform");
  return (
    <UserFrame section="edit">
      {(user) => (
        <PlatformSection id="user-edit-title" title={t("user.edit")} description={t("userEdit.description")}>
          <UserForm user={user} />
        </PlatformSection>
      )}
    </UserFrame>
  );
};

/** `/registre/users/:id/orgedit`: the organisations the user belongs to, edited (added, profile, removed). */
export const UserOrgsEditPage = () => {
  const { t } = useTranslation("platform");
  return (
    <UserFrame section="orgedit">
      {(user) => (
        <PlatformSection
          id="user-orgedit-title"
          title={t("user.orgedit")}
          description={t("memberships.userDescription")}
        >
          <MembershipsEditor scope={{ user: user.id }} />
        </PlatformSection>
      )}
    </UserFrame>
  );
};
