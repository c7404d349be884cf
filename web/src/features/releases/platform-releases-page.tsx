import {
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
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
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={note ? t("releases.changeTitle", { version: note.version }) : t("releases.addTitle")}
      centered
    >
      <form
        noValidate
        data-testid="release-form"
        onSubmit={(event) => {
          event.preventDefault();
          const done = { onSuccess: onClose };
          if (note) changes.change.mutate({ id: note.id, ...values }, done);
          else changes.add.mutate(values, done);
        }}
      >
        <Stack gap="md">
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
            <Stack gap="sm">
              <TextInput
                label={t("releases.titleFr")}
                value={values.titleFr}
                onChange={(e) => set({ titleFr: e.currentTarget.value })}
                withAsterisk
                data-testid="release-title-fr"
              />
              <Textarea
                label={t("releases.bodyFr")}
                value={values.bodyFr}
                onChange={(e) => set({ bodyFr: e.currentTarget.value })}
                autosize
                minRows={6}
                maxRows={16}
                withAsterisk
                data-testid="release-body-fr"
              />
            </Stack>
            <Stack gap="sm">
              <TextInput
                label={t("releases.titleEn")}
                value={values.titleEn}
                onChange={(e) => set({ titleEn: e.currentTarget.value })}
                withAsterisk
                data-testid="release-title-en"
              />
              <Textarea
                label={t("releases.bodyEn")}
                value={values.bodyEn}
                onChange={(e) => set({ bodyEn: e.currentTarget.value })}
                autosize
                minRows={6}
                maxRows={16}
                withAsterisk
                data-testid="release-body-en"
              />
            </Stack>
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
          {save.isError ? <ErrorAlert error={save.error} testId="release-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="release-save">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
  const [dialog, setDialog] = useState<{ note: Release | null } | null>(null);
  const [removing, setRemoving] = useState<Release | null>(null);
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
    ...(edit
      ? [
          {
            key: "actions",
            header: "",
            width: 200,
            cell: (n: Release) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setDialog({ note: n })}
                  data-testid="release-change"
                >
                  {t("common:actions.edit")}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    changes.remove.reset();
                    setRemoving(n);
                  }}
                  data-testid="release-remove"
                >
                  {t("releases.remove")}
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
        title={t("releases.pageTitle")}
        description={t("releases.description")}
        actions={
          <Group gap="sm">
            {edit ? (
              <>
                <Button
                  leftSection={<PlusIcon />}
                  onClick={() => setDialog({ note: null })}
                  data-testid="release-add"
                >
                  {t("releases.add")}
                </Button>
                <LinkButton variant="default" to={listPath}>
                  {t("releases.done")}
                </LinkButton>
              </>
            ) : (
              <LinkButton variant="default" to={`${listPath}/edit`} data-testid="releases-edit">
                {t("releases.edit")}
              </LinkButton>
            )}
          </Group>
        }
      />
      <QueryView query={query} testId="releases-error">
        {(data) => (
          <DataTable
            rows={data.items}
            columns={columns}
            rowKey={(n) => n.id}
            rowProps={() => ({ "data-testid": "release-row" })}
            empty={t("releases.empty")}
            caption={t("releases.pageTitle")}
            testId="releases-table"
            minWidth={640}
          />
        )}
      </QueryView>
      {dialog ? (
        <NoteDialog key={dialog.note?.id ?? "new"} note={dialog.note} onClose={() => setDialog(null)} />
      ) : null}
      <MutationModal
        subject={removing}
        mutation={changes.remove}
        variables={(note) => note.id}
        onClose={() => setRemoving(null)}
        title={t("releases.removeTitle", { version: removing?.version ?? "" })}
        confirmLabel={t("releases.remove")}
        testId="release-remove-dialog"
      >
        {(note) => (
          <Text size="sm">{t("releases.removeText", { version: note.version, title: title(note) })}</Text>
        )}
      </MutationModal>
    </Stack>
  );
};

export const ReleasesPage = () => <ReleasesScreen key="list" edit={false} />;
export const ReleasesEditPage = () => <ReleasesScreen key="edit" edit />;
