import { Badge, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { useFormat } from "../../i18n/format.ts";
import { EditableList, ListDialog } from "../reference/editable-list.tsx";
import { type Release, type ReleaseInput, releasesQuery, useReleaseChanges } from "./api.ts";

const listPath = "/registre/releases";

const emptyNote = (): ReleaseInput => ({
  version: "",
  date: new Date().toISOString().slice(0, 10),
  titleFr: "",
  titleEn: "",
  bodyFr: "",
  bodyEn: "",
  published: false,
});

/** A note's two languages, side by side in its dialog: each a title and a body. */
const languages = [
  { title: "titleFr", body: "bodyFr", testId: "fr" },
  { title: "titleEn", body: "bodyEn", testId: "en" },
] as const;

/** The write or change dialog of one note: both languages side by side, draft or published. */
const NoteDialog = ({ note, onClose }: { note: Release | null; onClose: () => void }) => {
  const { t } = useTranslation(["platform", "common"]);
  const changes = useReleaseChanges();
  const save = note ? changes.change : changes.add;
  const [values, setValues] = useState<ReleaseInput>(() =>
    note
      ? {
          version: note.version,
          date: note.date,
          titleFr: note.titleFr,
          titleEn: note.titleEn,
          bodyFr: note.bodyFr,
          bodyEn: note.bodyEn,
          published: note.published,
        }
      : emptyNote(),
  );
  const set = (change: Partial<ReleaseInput>) => setValues((v) => ({ ...v, ...change }));
  return (
    <ListDialog
      title={note ? t("releases.changeTitle", { version: note.version }) : t("releases.addTitle")}
      size="xl"
      save={save}
      onSubmit={() => {
        const done = { onSuccess: onClose };
        if (note) changes.change.mutate({ id: note.id, ...values }, done);
        else changes.add.mutate(values, done);
      }}
      onClose={onClose}
      testId="release"
    >
      <Group grow align="flex-start">
        <TextInput
          label={t("releases.version")}
          placeholder={t("releases.versionHint")}
          value={values.version}
          onChange={(e) => set({ version: e.currentTarget.value })}
          withAsterisk
          data-autofocus
          data-testid="release-version"
        />
        <DateField
          label={t("releases.date")}
          value={values.date}
          onChange={(date) => set({ date })}
          withAsterisk
          data-testid="release-date"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {languages.map(({ title, body, testId }) => (
          <Stack gap="sm" key={testId}>
            <TextInput
              label={t(`releases.${title}`)}
              value={values[title]}
              onChange={(e) => set({ [title]: e.currentTarget.value })}
              withAsterisk
              data-testid={`release-title-${testId}`}
            />
            <Textarea
              label={t(`releases.${body}`)}
              value={values[body]}
              onChange={(e) => set({ [body]: e.currentTarget.value })}
              autosize
              minRows={6}
              maxRows={16}
              withAsterisk
              data-testid={`release-body-${testId}`}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t("releases.bodyHint")}
      </Text>
      <Switch
        label={t("releases.publishedLabel")}
        description={t("releases.publishedHint")}
        checked={values.published}
        onChange={(e) => set({ published: e.currentTarget.checked })}
        data-testid="release-published"
      />
    </ListDialog>
  );
};

export const StatusBadge = ({ note }: { note: Release }) => {
  const { t } = useTranslation("platform");
  return note.published ? (
    <Badge color="teal" variant="light" data-testid="release-status">
      {t("releases.published")}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="release-status">
      {t("releases.draft")}
    </Badge>
  );
};

/**
 * `/registre/releases` and `/registre/releases/edit`: the product's release notes, drafts included; in
 * the edit variant the platform administrator writes, changes, publishes and removes them.
 */
const ReleasesScreen = ({ edit }: { edit: boolean }) => {
  const { t } = useTranslation(["platform", "common"]);
  const format = useFormat();
  const query = useQuery(releasesQuery);
  const changes = useReleaseChanges();
  const title = (note: Release) => (format.locale === "en" ? note.titleEn : note.titleFr);
  const columns: Column<Release>[] = [
    {
      key: "version",
      header: t("releases.version"),
      width: 130,
      cell: (n) => (
        <Text ff="monospace" size="sm">
          {n.version}
        </Text>
      ),
    },
    {
      key: "date",
      header: t("releases.date"),
      width: 130,
      sort: (a, b) => a.date.localeCompare(b.date),
      cell: (n) => format.shortDate(n.date),
    },
    { key: "title", header: t("releases.title"), cell: (n) => title(n) },
    {
      key: "status",
      header: t("releases.status"),
      width: 200,
      cell: (n) => (
        <Group gap={6} wrap="nowrap">
          <StatusBadge note={n} />
          {n.publishedAt ? (
            <Text size="xs" c="dimmed">
              {format.dateTime(n.publishedAt)}
            </Text>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <EditableList
      edit={edit}
      listPath={listPath}
      title={t("releases.pageTitle")}
      description={t("releases.description")}
      query={query}
      rows={(data) => data.items}
      rowKey={(n) => n.id}
      columns={columns}
      dialog={(note, onClose) => <NoteDialog key={note?.id ?? "new"} note={note} onClose={onClose} />}
      remove={changes.remove}
      removeVariables={(note) => note.id}
      texts={{
        edit: t("releases.edit"),
        add: t("releases.add"),
        done: t("releases.done"),
        remove: t("releases.remove"),
        removeTitle: (note) => t("releases.removeTitle", { version: note.version }),
        removeText: (note) => (
          <Text size="sm">{t("releases.removeText", { version: note.version, title: title(note) })}</Text>
        ),
        empty: t("releases.empty"),
      }}
      testIds={{
        edit: "releases-edit",
        add: "release-add",
        change: "release-change",
        remove: "release-remove",
        removeDialog: "release-remove-dialog",
        row: "release-row",
        table: "releases-table",
        error: "releases-error",
      }}
    />
  );
};

export const ReleasesPage = () => <ReleasesScreen key="list" edit={false} />;
export const ReleasesEditPage = () => <ReleasesScreen key="edit" edit />;
