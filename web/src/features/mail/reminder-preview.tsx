import { Badge, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { api } from "../../lib/api-client.ts";

/**
 * What a reminder will say before it leaves (issue 23), as the document e-mail shows it: to whom, its
 * subject, its text and its attachments, rendered by the server from the level's template; sent only
 * once confirmed.
 */
export const ReminderPreview = ({
  invoice,
  pending,
  error,
  onSend,
  onClose,
}: {
  invoice: { readonly id: string; readonly number: string | null; readonly dueLevel: number } | null;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation("mail");
  const draft = useQuery({
    queryKey: ["reminders", "preview", invoice?.id, invoice?.dueLevel],
    queryFn: ({ signal }) =>
      api.get("/docs/{id}/mail", {
        path: { id: invoice?.id ?? "" },
        query: { reminderLevel: invoice?.dueLevel ?? 1 },
        signal,
      }),
    enabled: invoice !== null,
  });
  return (
    <ConfirmModal
      opened={invoice !== null}
      title={t("reminders.previewTitle", { level: invoice?.dueLevel ?? 1, number: invoice?.number ?? "" })}
      confirmLabel={t("reminders.previewSend")}
      color="blue"
      pending={pending}
      error={error}
      confirmDisabled={!draft.data || draft.data.to.length === 0}
      onConfirm={onSend}
      onClose={onClose}
      testId="reminder-preview"
    >
      {draft.isPending ? <Loader size="sm" /> : null}
      {draft.isError ? <ErrorAlert error={draft.error} /> : null}
      {draft.data ? (
        <Stack gap="xs">
          <Text size="sm">
            <b>{t("reminders.previewTo")}</b>{" "}
            {draft.data.to.length ? draft.data.to.join(", ") : t("reminders.previewNoAddress")}
          </Text>
          <Text size="sm" data-testid="reminder-preview-subject">
            <b>{t("reminders.previewSubject")}</b> {draft.data.subject}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", maxHeight: 280, overflow: "auto" }}
            data-testid="reminder-preview-body"
          >
            {draft.data.body}
          </Text>
          {draft.data.attachments.length ? (
            <Group gap="xs">
              {draft.data.attachments.map((a) => (
                <Badge key={a.name} variant="light" tt="none">
                  {a.name}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </ConfirmModal>
  );
};
