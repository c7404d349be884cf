import { Button, Group, Modal, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DialogMutation, MutationModal } from "../../components/confirm-modal.tsx";
import { type Column, DataTable, type SortState } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";

/** The test ids of a list's parts, as its screen tests know them. */
export type EditableListTestIds = {
  /** The list's « Modifier » button (read variant). */
  edit: string;
  add: string;
  change: string;
  remove: string;
  removeDialog: string;
  row: string;
  table: string;
  error: string;
};

/** The words of a list: its buttons, and how the removal of one row is asked. */
export type EditableListTexts<T> = {
  edit: string;
  add: string;
  done: string;
  remove: string;
  removeTitle: (row: T) => string;
  removeText: (row: T) => ReactNode;
  empty: string;
};

/**
 * A platform list and its `/edit` variant (`edit`): a header with its « Modifier » (the list) or « Ajouter »
 * and « Terminé » (the edit variant), what goes above the table (`toolbar`: tabs, a search), the rows of
 * the query's answer in the kit's table — in the edit variant each with « Modifier » (the `dialog` opened
 * on it) and « Supprimer » (confirmed, then `remove`).
 */
export const EditableList = <T, Data>({
  edit,
  listPath,
  title,
  description,
  query,
  rows,
  rowKey,
  columns,
  toolbar,
  dialog,
  remove,
  removeVariables,
  texts,
  testIds,
  pageSize,
  initialSort,
}: {
  edit: boolean;
  listPath: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<Data>;
  rows: (data: Data) => readonly T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  toolbar?: ReactNode;
  /** The add (`row` null) or change dialog, closed by `onClose`. */
  dialog: (row: T | null, onClose: () => void) => ReactNode;
  remove: DialogMutation<string, unknown>;
  removeVariables: (row: T) => string;
  texts: EditableListTexts<T>;
  testIds: EditableListTestIds;
  pageSize?: number;
  initialSort?: SortState;
}) => {
  const { t } = useTranslation("common");
  const [dialogOf, setDialogOf] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const actions: Column<T> = {
    key: "actions",
    header: "",
    width: 200,
    cell: (row) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setDialogOf({ row })}
          data-testid={testIds.change}
        >
          {t("actions.edit")}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => {
            remove.reset();
            setRemoving(row);
          }}
          data-testid={testIds.remove}
        >
          {texts.remove}
        </Button>
      </Group>
    ),
  };
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Group gap="sm">
            {edit ? (
              <>
                <Button
                  leftSection={<PlusIcon />}
                  onClick={() => setDialogOf({ row: null })}
                  data-testid={testIds.add}
                >
                  {texts.add}
                </Button>
                <LinkButton variant="default" to={listPath}>
                  {texts.done}
                </LinkButton>
              </>
            ) : (
              <LinkButton variant="default" to={`${listPath}/edit`} data-testid={testIds.edit}>
                {texts.edit}
              </LinkButton>
            )}
          </Group>
        }
      />
      {toolbar}
      <QueryView query={query} testId={testIds.error}>
        {(data) => (
          <DataTable
            rows={rows(data)}
            columns={edit ? [...columns, actions] : columns}
            rowKey={rowKey}
            rowProps={() => ({ "data-testid": testIds.row })}
            empty={texts.empty}
            caption={title}
            testId={testIds.table}
            minWidth={640}
            pageSize={pageSize}
            initialSort={initialSort}
          />
        )}
      </QueryView>
      {dialogOf ? dialog(dialogOf.row, () => setDialogOf(null)) : null}
      <MutationModal
        subject={removing}
        mutation={remove}
        variables={removeVariables}
        onClose={() => setRemoving(null)}
        title={removing ? texts.removeTitle(removing) : ""}
        confirmLabel={texts.remove}
        testId={testIds.removeDialog}
      >
        {texts.removeText}
      </MutationModal>
    </Stack>
  );
};

/**
 * The add or change dialog of a list's row: its fields (`children`), the refusal of its save, « Annuler »
 * and « Enregistrer » (`onSubmit`); test ids `<testId>-form`, `-error` and `-save`.
 */
export const ListDialog = ({
  title,
  size,
  save,
  onSubmit,
  onClose,
  testId,
  children,
}: {
  title: string;
  size?: string;
  save: { isPending: boolean; isError: boolean; error: unknown };
  onSubmit: () => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <Modal opened onClose={onClose} size={size} title={title} centered>
      <form
        noValidate
        data-testid={`${testId}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {save.isError ? <ErrorAlert error={save.error} testId={`${testId}-error`} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid={`${testId}-save`}>
              {t("actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
