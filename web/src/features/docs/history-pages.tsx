import { ActionIcon, Anchor, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { historyPath } from "../accounting/paths.ts";
import { paymentPath } from "../payments/api.ts";
import {
  type Doc,
  type DocHistory,
  docHistoryQuery,
  useAddHistoryNote,
  useChangeHistoryNote,
  useRemoveHistoryNote,
} from "./api.ts";
import { segmentOf } from "./model.ts";
import { docHistoryEditPath, docHistoryPath, docPath } from "./paths.ts";
import { useTransmissionSentence } from "./transmission-panel.tsx";
import { useRoutedDoc } from "./ui.tsx";

type Note = DocHistory["notes"][number];

/** The frame of a document's history pages: its header, crumbs back to the list and the document. */
const HistoryFrame = ({
  children,
  actions,
  edit = false,
}: {
  children: (doc: Doc, history: DocHistory) => ReactNode;
  actions?: (doc: Doc) => ReactNode;
  edit?: boolean;
}) => {
  const { t } = useTranslation("docs");
  const { id, can, name, crumbs, doc } = useRoutedDoc();
  const history = useQuery(docHistoryQuery(id));
  const data = doc.data;
  const code = data ? `${data.direction}.${segmentOf(data.kind)}.histories` : "";
  if (
    data &&
    !can(code, edit ? "update" : "read") &&
    !can(`${data.direction}.${segmentOf(data.kind)}`, "read")
  )
    return <NoAccessPage title={t("detail.history")} />;
  return (
    <Stack gap="md">
      <PageHeader
        title={data ? t("history.title", { name: name(data) }) : t("detail.history")}
        crumbs={crumbs.toDoc(data)}
        actions={data && actions ? actions(data) : null}
      />
      <QueryView query={doc} testId="doc-error">
        {(loaded) => (
          <QueryView query={history} testId="history-error">
            {(h) => children(loaded, h)}
          </QueryView>
        )}
      </QueryView>
    </Stack>
  );
};

const NotesTable = ({ notes, tools }: { notes: readonly Note[]; tools?: (note: Note) => ReactNode }) => {
  const { t } = useTranslation("docs");
  const { shortDate } = useFormat();
  return (
    <TableFrame minWidth={480} testId="history-notes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={120}>{t("history.date")}</Table.Th>
          <Table.Th>{t("history.text")}</Table.Th>
          {tools ? <Table.Th w={80} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {notes.length === 0 ? <EmptyRow colSpan={tools ? 3 : 2}>{t("history.empty")}</EmptyRow> : null}
        {notes.map((note) => (
          <Table.Tr key={note.id} data-testid="history-note">
            <Table.Td className="registre-numeric">{shortDate(note.date)}</Table.Td>
            <Table.Td style={{ whiteSpace: "pre-wrap" }}>{note.text}</Table.Td>
            {tools ? <Table.Td>{tools(note)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
};

/** `/org/docs/{id}/history`: the document's events (its stream, readable) and the users' notes. */
export const DocHistoryPage = () => {
  const { t } = useTranslation("docs");
  const { dateTime, shortDate, locale } = useFormat();
  const transmission = useTransmissionSentence();
  return (
    <HistoryFrame
      actions={(doc) => (
        <LinkButton to={docHistoryEditPath(doc.id)} variant="default" data-testid="history-edit-link">
          {t("history.editNotes")}
        </LinkButton>
      )}
    >
      {(doc, history) => {
        // An allocation named by a document linked with this one: a credit note imputed, no payment.
        const imputed = (id: string) => doc.origin?.docId === id || doc.children.some((c) => c.docId === id);
        return (
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={2} size="h5">
                {t("history.events")}
              </Title>
              <TableFrame minWidth={480} testId="history-events">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={240}>{t("history.at")}</Table.Th>
                    <Table.Th w={200}>{t("history.who")}</Table.Th>
                    <Table.Th>{t("history.what")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.events.length === 0 ? (
                    <EmptyRow colSpan={3}>{t("history.noEvents")}</EmptyRow>
                  ) : null}
                  {[...history.events].reverse().map((event) => (
                    <Table.Tr key={event.version}>
                      <Table.Td className="registre-numeric">{dateTime(event.at)}</Table.Td>
                      <Table.Td>{event.userName ?? "—"}</Table.Td>
                      <Table.Td>
                        {(event.transmission && transmission(event.type, event.transmission)) ||
                          t(`history.types.${event.type}` as "history.types.DocumentCreated", {
                            defaultValue: event.type,
                          })}
                        {event.detail ? ` · ${event.detail}` : ""}
                        {event.entryMvt ? (
                          <Text size="xs" data-testid="history-entry-then">
                            <Anchor
                              component={Link}
                              to={`${historyPath}?entry=${encodeURIComponent(event.entryMvt)}&position=${event.entryPosition ?? event.position}`}
                              size="xs"
                            >
                              {t("history.entryThen")}
                            </Anchor>
                          </Text>
                        ) : null}
                        {event.payment ? (
                          <Text size="xs" data-testid="history-payment">
                            <Anchor
                              component={Link}
                              to={
                                imputed(event.payment.id)
                                  ? docPath(event.payment.id)
                                  : paymentPath(event.payment.id)
                              }
                              size="xs"
                            >
                              {event.payment.amount !== null && event.payment.date
                                ? t(
                                    imputed(event.payment.id) ? "history.imputationOf" : "history.paymentOf",
                                    {
                                      amount: formatCents(event.payment.amount, locale, { currency: true }),
                                      date: shortDate(event.payment.date),
                                    },
                                  )
                                : t("history.paymentReleased")}
                            </Anchor>
                          </Text>
                        ) : null}
                        {event.email ? (
                          <Text size="xs" c="dimmed" data-testid="history-email">
                            {event.email.reminderLevel
                              ? `${t("history.reminderLevel", { level: event.email.reminderLevel })} · `
                              : ""}
                            {t("history.emailTo", { to: event.email.to.join(", ") })} ·{" "}
                            {event.email.messageId}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </TableFrame>
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h5">
                {t("history.notes")}
              </Title>
              <NotesTable notes={history.notes} />
            </Stack>
          </Stack>
        );
      }}
    </HistoryFrame>
  );
};

const NoteForm = ({
  initial,
  pending,
  error,
  onSave,
  onCancel,
}: {
  initial: { date: string; text: string };
  pending: boolean;
  error: unknown;
  onSave: (value: { date: string; text: string }) => void;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation(["docs", "common"]);
  const [date, setDate] = useState(initial.date);
  const [text, setText] = useState(initial.text);
  return (
    <Paper p="md" withBorder>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) onSave({ date, text: text.trim() });
        }}
        data-testid="history-note-form"
      >
        <Stack gap="sm">
          <Group align="flex-start" wrap="wrap">
            <DateField label={t("history.date")} value={date} onChange={setDate} w={170} />
            <Textarea
              label={t("history.text")}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={2000}
              style={{ flex: "1 1 320px" }}
              data-testid="history-note-text"
            />
          </Group>
          {error ? <ErrorAlert error={error} /> : null}
          <Group justify="flex-end" gap="sm">
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t("common:actions.cancel")}
              </Button>
            ) : null}
            <Button type="submit" loading={pending} disabled={!text.trim()} data-testid="history-note-save">
              {t("history.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** `/org/docs/{id}/history/edit`: the users' notes on a document, added, changed and removed (any status). */
export const DocHistoryEditPage = () => {
  const { t } = useTranslation("docs");
  const add = useAddHistoryNote();
  const change = useChangeHistoryNote();
  const remove = useRemoveHistoryNote();
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <HistoryFrame
      edit
      actions={(doc) => (
        <LinkButton to={docHistoryPath(doc.id)} variant="default">
          {t("detail.history")}
        </LinkButton>
      )}
    >
      {(doc, history) => (
        <Stack gap="md">
          <NoteForm
            key={formKey}
            initial={{ date: today(), text: "" }}
            pending={add.isPending}
            error={add.isError ? add.error : null}
            onSave={(value) =>
              add.mutate({ docId: doc.id, ...value }, { onSuccess: () => setFormKey((k) => k + 1) })
            }
          />
          {editing ? (
            <NoteForm
              key={editing}
              initial={history.notes.find((n) => n.id === editing) ?? { date: today(), text: "" }}
              pending={change.isPending}
              error={change.isError ? change.error : null}
              onSave={(value) =>
                change.mutate({ id: editing, ...value }, { onSuccess: () => setEditing(null) })
              }
              onCancel={() => setEditing(null)}
            />
          ) : null}
          {remove.isError ? <ErrorAlert error={remove.error} /> : null}
          <NotesTable
            notes={history.notes}
            tools={(note) => (
              <Group gap={0} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t("history.editNotes")}
                  onClick={() => setEditing(note.id)}
                >
                  ✎
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("history.removeNote")}
                  loading={remove.isPending && remove.variables === note.id}
                  onClick={() => remove.mutate(note.id)}
                  data-testid="history-note-remove"
                >
                  ×
                </ActionIcon>
              </Group>
            )}
          />
        </Stack>
      )}
    </HistoryFrame>
  );
};
