import { Button, Group, Paper, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { SavedNotice } from "./saved-notice.tsx";
import { SectionTitle } from "./section-title.tsx";

/**
 * A section of a screen that shows a record and changes it in place: its title, « Modifier » (for
 * whoever may), the form instead of the view while editing, « saved » after. `children` is given
 * whether it edits and `done(saved)`, which the form calls when saved or cancelled.
 */
export const EditableSection = ({
  id,
  title,
  editingTitle = title,
  description,
  mayEdit = true,
  initiallyEditing = false,
  editTestId,
  editSize = "sm",
  savedText,
  savedTestId,
  children,
}: {
  /** The id of its title, which names the section. */
  id: string;
  title: string;
  editingTitle?: string;
  description: string;
  mayEdit?: boolean;
  initiallyEditing?: boolean;
  editTestId?: string;
  editSize?: "xs" | "sm";
  savedText: string;
  savedTestId: string;
  children: (state: { editing: boolean; done: (saved: boolean) => void }) => ReactNode;
}) => {
  const { t } = useTranslation("common");
  const [editing, setEditing] = useState(initiallyEditing);
  const [saved, setSaved] = useState(false);
  const done = (didSave: boolean) => {
    setEditing(false);
    setSaved(didSave);
  };
  return (
    <Paper p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <SectionTitle title={editing ? editingTitle : title} hint={description} id={id} />
          </div>
          {editing || !mayEdit ? null : (
            <Button
              variant="default"
              size={editSize}
              style={{ flexShrink: 0 }}
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
              data-testid={editTestId}
            >
              {t("actions.edit")}
            </Button>
          )}
        </Group>
        {saved ? (
          <SavedNotice onClose={() => setSaved(false)} testId={savedTestId}>
            {savedText}
          </SavedNotice>
        ) : null}
        {children({ editing, done })}
      </Stack>
    </Paper>
  );
};
