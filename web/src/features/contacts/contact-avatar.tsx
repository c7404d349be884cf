import { Avatar, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { Picture } from "../../components/picture.tsx";
import { api } from "../../lib/api-client.ts";
import { UploadButton, useCheckedUpload } from "../files/upload-button.tsx";
import { type Contact, contactKeys } from "./api.ts";
import { useCan } from "./ui.tsx";

const imageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const MAX_BYTES = 2 * 1024 * 1024;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");

/** The contact's picture (or its initials), with « Changer la photo » and « Retirer » for those who may. */
export const ContactAvatarBlock = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.all });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post("/contacts/{id}/avatars", { path: { id: contact.id }, body: form });
    },
    onSuccess: (next) => {
      client.setQueryData(contactKeys.one(contact.id), next);
      return refresh();
    },
  });
  const chosen = useCheckedUpload(upload, MAX_BYTES);
  const remove = useMutation({
    mutationFn: () => api.delete("/contacts/{id}/avatars", { path: { id: contact.id } }),
    onSuccess: refresh,
  });
  const editable = can("contacts", "update") && contact.status !== "merged";
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap">
        <Avatar size={72} radius="md" color="blue" data-testid="contact-avatar">
          {contact.avatar ? (
            <Picture
              src={contact.avatar.png}
              alt={t("avatar.alt", { name: contact.name })}
              width={72}
              height={72}
              style={{ objectFit: "cover", width: 72, height: 72 }}
            />
          ) : (
            initials(contact.name)
          )}
        </Avatar>
        {editable ? (
          <Group gap="xs">
            <UploadButton
              accept={imageTypes.join(",")}
              onPick={chosen.pick}
              pending={upload.isPending}
              label={t(contact.avatar ? "avatar.change" : "avatar.add")}
              testId="avatar-upload"
            />
            {contact.avatar ? (
              <MutationButton
                mutation={remove}
                size="xs"
                variant="subtle"
                color="red"
                data-testid="avatar-remove"
              >
                {t("avatar.remove")}
              </MutationButton>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {chosen.tooBig ? (
        <Text size="sm" c="red">
          {t("avatar.tooBig")}
        </Text>
      ) : null}
      {upload.isError ? <ErrorAlert error={upload.error} /> : null}
      {remove.isError ? <ErrorAlert error={remove.error} /> : null}
    </Stack>
  );
};
