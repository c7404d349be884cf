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

/** A mutation as a dialog runs it (what TanStack Query's `useMutation` answers). */
export type DialogMutation<Variables, Result> = {
  mutate: (variables: Variables, options: { onSuccess: (result: Result) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * Confirms an action on one thing and does it: open while `subject` is not null, its sentence said by
 * `children(subject)`, the mutation run on `variables(subject)`; done, it closes and `onDone` follows.
 * The action's refusal stays in the dialog; closing it forgets that refusal.
 */
export const MutationModal = <Subject, Variables, Result>({
  subject,
  mutation,
  variables,
  onDone,
  onClose,
  title,
  confirmLabel,
  color,
  confirmDisabled,
  testId,
  children,
}: {
  subject: Subject | null;
  mutation: DialogMutation<Variables, Result>;
  variables: (subject: Subject) => Variables;
  onDone?: (result: Result, subject: Subject) => void;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  color?: string;
  confirmDisabled?: boolean;
  testId?: string;
  children: (subject: Subject) => ReactNode;
}) => {
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={subject !== null}
      title={title}
      confirmLabel={confirmLabel}
      color={color}
      pending={mutation.isPending}
      error={mutation.isError ? mutation.error : null}
      confirmDisabled={confirmDisabled}
      onClose={close}
      onConfirm={() => {
        if (subject === null) return;
        mutation.mutate(variables(subject), {
          onSuccess: (result) => {
            close();
            onDone?.(result, subject);
          },
        });
      }}
      testId={testId}
    >
      {subject === null ? null : children(subject)}
    </ConfirmModal>
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
  remove: DialogMutation<string, unknown>;
  id: string;
  listPath: string;
  title: string;
  confirmLabel: string;
  testId: string;
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  return (
    <MutationModal
      subject={opened ? id : null}
      mutation={remove}
      variables={(subject) => subject}
      onDone={() => void navigate(listPath, { replace: true })}
      onClose={onClose}
      title={title}
      confirmLabel={confirmLabel}
      testId={testId}
    >
      {() => children}
    </MutationModal>
  );
};
