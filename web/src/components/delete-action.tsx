import { Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { DeleteModal, type DialogMutation } from "./confirm-modal.tsx";

/**
 * The deletion of a record from its page: the action that `DetailActions` shows as `remove` (it opens
 * the dialog, forgetting an earlier refusal) and the dialog that confirms, deletes the record and goes
 * back to its list. The dialog's test id is the action's with `-dialog`.
 */
export const useDeleteAction = ({
  remove,
  id,
  listPath,
  label,
  title,
  confirmLabel,
  text,
  testId,
}: {
  remove: DialogMutation<string, unknown>;
  id: string;
  listPath: string;
  label: string;
  title: string;
  confirmLabel: string;
  /** The dialog's sentence. */
  text: ReactNode;
  testId: string;
}) => {
  const [opened, setOpened] = useState(false);
  return {
    action: {
      label,
      testId,
      onClick: () => {
        remove.reset();
        setOpened(true);
      },
    },
    dialog: (
      <DeleteModal
        opened={opened}
        onClose={() => setOpened(false)}
        remove={remove}
        id={id}
        listPath={listPath}
        title={title}
        confirmLabel={confirmLabel}
        testId={`${testId}-dialog`}
      >
        <Text size="sm">{text}</Text>
      </DeleteModal>
    ),
  };
};
