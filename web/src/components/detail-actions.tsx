import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EditIcon, PlusIcon, TrashIcon } from "./icons.tsx";

/**
 * The actions of a record's page, in its header: what leads (links to related screens), « Modifier »
 * (a link to its form) and the deletion (opens its dialog), then what follows. Each shown only when
 * given: the page decides from the user's rights and the record's state.
 */
export const DetailActions = ({
  leading,
  edit,
  remove,
  children,
}: {
  leading?: ReactNode;
  edit?: { to: string; testId?: string } | false;
  remove?: { label: string; onClick: () => void; testId?: string } | false;
  children?: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <Group gap="sm">
      {leading}
      {edit ? (
        <Button
          component={Link}
          to={edit.to}
          variant="default"
          leftSection={<EditIcon />}
          data-testid={edit.testId}
        >
          {t("actions.edit")}
        </Button>
      ) : null}
      {remove ? (
        <Button
          variant="light"
          color="red"
          leftSection={<TrashIcon />}
          onClick={remove.onClick}
          data-testid={remove.testId}
        >
          {remove.label}
        </Button>
      ) : null}
      {children}
    </Group>
  );
};

/** The button of a list's header that opens the form of a new record. */
export const NewButton = ({ to, label, testId }: { to: string; label: string; testId?: string }) => (
  <Button component={Link} to={to} leftSection={<PlusIcon />} data-testid={testId}>
    {label}
  </Button>
);
