import { Button, Group, Modal, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import {
  type ReferenceEntry,
  type ReferenceKind,
  referenceKinds,
  useReference,
  useReferenceChanges,
} from "./api.ts";

const listPath = (kind: ReferenceKind) => `/registre/${kind}`;

/** The add or change dialog of one entry. */
const EntryDialog = ({
  kind,
  entry,
  opened,
  onClose,
}: {
  kind: ReferenceKind;
  entry: ReferenceEntry | null;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation(["items", "common"]);
  const changes = useReferenceChanges(kind);
  const save = entry ? changes.change : changes.add;
  const [values, setValues] = useState({
    code: entry?.code ?? "",
    label: entry?.label ?? "",
    labelEn: entry?.labelEn ?? "",
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? t("reference.changeTitle", { code: entry.code }) : t("reference.addTitle")}
      centered
    >
      <form
        noValidate
        data-testid="reference-form"
        onSubmit={(event) => {
          event.preventDefault();
          const done = { onSuccess: onClose };
          if (entry)
            changes.change.mutate({ code: entry.code, label: values.label, labelEn: values.labelEn }, done);
          else changes.add.mutate(values, done);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t("reference.code")}
            value={values.code}
            onChange={(e) => setValues({ ...values, code: e.currentTarget.value.toUpperCase() })}
            disabled={entry !== null}
            withAsterisk
            data-autofocus={entry === null ? true : undefined}
            data-testid="reference-code"
          />
          <TextInput
            label={t("reference.label")}
            value={values.label}
            onChange={(e) => setValues({ ...values, label: e.currentTarget.value })}
            withAsterisk
            data-testid="reference-label"
          />
          <TextInput
            label={t("reference.labelEn")}
            value={values.labelEn}
            onChange={(e) => setValues({ ...values, labelEn: e.currentTarget.value })}
            data-testid="reference-label-en"
          />
          {save.isError ? <ErrorAlert error={save.error} testId="reference-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="reference-save">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * `/registre/{kind}` and `/registre/{kind}/edit`: one reference list, searched; in its edit variant a
 * platform administrator adds, changes and removes entries (each an event of the list's stream).
 */
const ReferenceScreen = ({ kind, edit }: { kind: ReferenceKind; edit: boolean }) => {
  const { t } = useTranslation(["items", "common"]);
  const { locale } = useFormat();
  const navigate = useNavigate();
  const reference = useReference(kind);
  const changes = useReferenceChanges(kind);
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q.trim().toLowerCase(), 150);
  const [dialog, setDialog] = useState<{ entry: ReferenceEntry | null } | null>(null);
  const [removing, setRemoving] = useState<ReferenceEntry | null>(null);
  const rows = debounced
    ? reference.entries.filter(
        (e) =>
          e.code.toLowerCase().startsWith(debounced) ||
          e.label.toLowerCase().includes(debounced) ||
          e.labelEn.toLowerCase().includes(debounced),
      )
    : reference.entries;
  const columns: Column<ReferenceEntry>[] = [
    {
      key: "code",
      header: t("reference.code"),
      width: 130,
      sort: (a, b) => a.code.localeCompare(b.code),
      cell: (e) => (
        <Text ff="monospace" size="sm">
          {e.code}
        </Text>
      ),
    },
    {
      key: "label",
      header: t("reference.label"),
      sort: (a, b) => a.label.localeCompare(b.label, "fr"),
      cell: (e) => e.label,
    },
    {
      key: "labelEn",
      header: t("reference.labelEn"),
      sort: (a, b) => a.labelEn.localeCompare(b.labelEn, "en"),
      cell: (e) =>
        e.labelEn || (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    ...(edit
      ? [
          {
            key: "actions",
            header: "",
            width: 200,
            cell: (e: ReferenceEntry) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setDialog({ entry: e })}
                  data-testid="reference-change"
                >
                  {t("common:actions.edit")}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    changes.remove.reset();
                    setRemoving(e);
                  }}
                  data-testid="reference-remove"
                >
                  {t("reference.remove")}
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t(`reference.kinds.${kind}`)}
        description={t(`reference.descriptions.${kind}`)}
        actions={
          <Group gap="sm">
            {edit ? (
              <>
                <Button
                  leftSection={<PlusIcon />}
                  onClick={() => setDialog({ entry: null })}
                  data-testid="reference-add"
                >
                  {t("reference.add")}
                </Button>
                <LinkButton variant="default" to={listPath(kind)}>
                  {t("reference.done")}
                </LinkButton>
              </>
            ) : (
              <LinkButton variant="default" to={`${listPath(kind)}/edit`} data-testid="reference-edit">
                {t("reference.edit")}
              </LinkButton>
            )}
          </Group>
        }
      />
      <Tabs
        value={kind}
        onChange={(value) =>
          value && void navigate(`${listPath(value as ReferenceKind)}${edit ? "/edit" : ""}`)
        }
      >
        <Tabs.List>
          {referenceKinds.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`reference.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between">
        <TextInput
          placeholder={t("reference.search")}
          aria-label={t("reference.search")}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={340}
          data-testid="reference-search"
        />
        <Text size="sm" c="dimmed">
          {t("reference.count", { count: rows.length })}
        </Text>
      </Group>
      <QueryView query={reference.query} testId="reference-list-error">
        {() => (
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(e) => e.code}
            rowProps={() => ({ "data-testid": "reference-row" })}
            empty={t("reference.empty")}
            caption={t(`reference.kinds.${kind}`)}
            testId="reference-table"
            pageSize={100}
            minWidth={640}
            initialSort={{ key: "code", direction: "asc" }}
          />
        )}
      </QueryView>
      {dialog ? (
        <EntryDialog
          key={dialog.entry?.code ?? "new"}
          kind={kind}
          entry={dialog.entry}
          opened
          onClose={() => setDialog(null)}
        />
      ) : null}
      <MutationModal
        subject={removing}
        mutation={changes.remove}
        variables={(entry) => entry.code}
        onClose={() => setRemoving(null)}
        title={t("reference.removeTitle", { code: removing?.code ?? "" })}
        confirmLabel={t("reference.remove")}
        testId="reference-remove-dialog"
      >
        {(entry) => (
          <Text size="sm">
            {t("reference.removeText", {
              code: entry.code,
              label: locale === "en" && entry.labelEn ? entry.labelEn : entry.label,
            })}
          </Text>
        )}
      </MutationModal>
    </Stack>
  );
};

export const referenceScreen = (kind: ReferenceKind, edit: boolean) => () => (
  <ReferenceScreen key={`${kind}-${edit}`} kind={kind} edit={edit} />
);
