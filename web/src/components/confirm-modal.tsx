import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorAlert } from "./error-alert.tsx";

/** A confirmation dialog: a sentence, the problem if the action failed, cancel and confirm. */
export const ConfirmModal = ({
  opened,
  title,
  children,
  confirmLabel,
  color = "red",
  pending,
  error,
  onConfirm,
  onClose,
  confirmDisabled = false,
  testId,
  confirmTestId = testId ? `${testId}-confirm` : undefined,
  errorTestId = testId ? `${testId}-error` : undefined,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirmation waits for something (a box ticked). */
  confirmDisabled?: boolean;
  testId?: string;
  confirmTestId?: string;
  errorTestId?: string;
}) => {
  const { t } = useTranslation("common");
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      <Stack gap="md" data-testid={testId}>
        {children}
        {error ? <ErrorAlert error={error} testId={errorTestId} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("actions.cancel")}
          </Button>
          <Button
            color={color}
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Confirms the deletion of one thing, deletes it, then goes back to its list. */
export const DeleteModal = ({
  opened,
  onClose,
  remove,
  id,
  listPath,
  title,
  confirmLabel,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  remove: {
    mutate: (id: string, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
  id: string;
  listPath: string;
  title: string;
  confirmLabel: string;
  testId: string;
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      pending={remove.isPending}
      error={remove.isError ? remove.error : null}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            onClose();
            void navigate(listPath, { replace: true });
          },
        })
      }
      testId={testId}
    >
      {children}
    </ConfirmModal>
  );
};
