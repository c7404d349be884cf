import { Group, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import {
  type ReferenceEntry,
  type ReferenceKind,
  referenceKinds,
  useReference,
  useReferenceChanges,
} from "./api.ts";
import { EditableList, ListDialog } from "./editable-list.tsx";

const listPath = (kind: ReferenceKind) => `/registre/${kind}`;

/** The add or change dialog of one entry. */
const EntryDialog = ({
  kind,
  entry,
  onClose,
}: {
  kind: ReferenceKind;
  entry: ReferenceEntry | null;
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
    <ListDialog
      title={entry ? t("reference.changeTitle", { code: entry.code }) : t("reference.addTitle")}
      save={save}
      onSubmit={() => {
        const done = { onSuccess: onClose };
        if (entry)
          changes.change.mutate({ code: entry.code, label: values.label, labelEn: values.labelEn }, done);
        else changes.add.mutate(values, done);
      }}
      onClose={onClose}
      testId="reference"
    >
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
    </ListDialog>
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
  ];
  return (
    <EditableList
      edit={edit}
      listPath={listPath(kind)}
      title={t(`reference.kinds.${kind}`)}
      description={t(`reference.descriptions.${kind}`)}
      query={reference.query}
      rows={() => rows}
      rowKey={(e) => e.code}
      columns={columns}
      pageSize={100}
      initialSort={{ key: "code", direction: "asc" }}
      toolbar={
        <>
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
        </>
      }
      dialog={(entry, onClose) => (
        <EntryDialog key={entry?.code ?? "new"} kind={kind} entry={entry} onClose={onClose} />
      )}
      remove={changes.remove}
      removeVariables={(entry) => entry.code}
      texts={{
        edit: t("reference.edit"),
        add: t("reference.add"),
        done: t("reference.done"),
        remove: t("reference.remove"),
        removeTitle: (entry) => t("reference.removeTitle", { code: entry.code }),
        removeText: (entry) => (
          <Text size="sm">
            {t("reference.removeText", {
              code: entry.code,
              label: locale === "en" && entry.labelEn ? entry.labelEn : entry.label,
            })}
          </Text>
        ),
        empty: t("reference.empty"),
      }}
      testIds={{
        edit: "reference-edit",
        add: "reference-add",
        change: "reference-change",
        remove: "reference-remove",
        removeDialog: "reference-remove-dialog",
        row: "reference-row",
        table: "reference-table",
        error: "reference-list-error",
      }}
    />
  );
};

export const referenceScreen = (kind: ReferenceKind, edit: boolean) => () => (
  <ReferenceScreen key={`${kind}-${edit}`} kind={kind} edit={edit} />
);
