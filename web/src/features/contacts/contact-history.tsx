import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { TableFrame } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { useRules, useSchemaForm } from "../../components/form.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { z } from "../../lib/zod.ts";
import { type ContactHistory, contactHistoryQuery, contactKeys } from "./api.ts";
import { ContactFormCard } from "./contact-form-card.tsx";
import { ContactFormPage } from "./contact-form-page.tsx";
import { contactPartPath } from "./paths.ts";
import { useCan } from "./ui.tsx";

type HistoryKind = Schemas["ContactHistoryEntryInput"]["kind"];
type HistoryEntry = NonNullable<ContactHistory["items"][number]["entry"]>;
export const historyKinds: readonly HistoryKind[] = ["call", "meeting", "email", "letter", "visit", "other"];
const RIGHT = "contacts.histories";

/** Where an entry is written (none) or changed (its id). */
export const historyEditPath = (contactId: string, entryId?: string) =>
  `${contactPartPath(contactId, "history")}/edit${entryId ? `?entry=${encodeURIComponent(entryId)}` : ""}`;

const useHistoryMutations = (contactId: string) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.history(contactId) });
  const save = useMutation({
    mutationFn: ({
      entryId,
      body,
    }: {
      entryId?: string | undefined;
      body: Omit<HistoryEntry, "id" | "contactId" | "changedAt">;
    }) =>
      entryId
        ? api.put("/contacts/histories/{id}", { path: { id: entryId }, body })
        : api.post("/contacts/histories", { body: { ...body, contactId } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (entryId: string) => api.delete("/contacts/histories/{id}", { path: { id: entryId } }),
    onSuccess: refresh,
  });
  return { save, remove };
};

/** Removes a written entry after a confirmation; its removal stays in the history as a sentence. */
const RemoveEntry = ({
  contactId,
  entry,
  opened,
  onClose,
  onDone,
}: {
  contactId: string;
  entry: HistoryEntry;
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
}) => {
  const { t } = useTranslation("contacts");
  const { remove } = useHistoryMutations(contactId);
  return (
    <MutationModal
      subject={opened ? entry : null}
      mutation={remove}
      variables={(removed) => removed.id}
      onDone={onDone}
      onClose={onClose}
      title={t("history.removeTitle")}
      confirmLabel={t("history.remove")}
      testId="history-remove-modal"
    >
      {() => <Text size="sm">{t("history.removeText")}</Text>}
    </MutationModal>
  );
};

/**
 * `/org/contacts/{id}/history`: the contact's events as sentences and the entries users wrote (a call,
 * a meeting…), newest first by the day they happened. Only the written entries can be changed or removed.
 */
export const HistoryPanel = ({ id }: { id: string }) => {
  const { t } = useTranslation("contacts");
  const { date, dateTime } = useFormat();
  const can = useCan();
  const history = useQuery(contactHistoryQuery(id));
  const [removing, setRemoving] = useState<HistoryEntry | null>(null);
  return (
    <Stack gap="sm">
      {can(RIGHT, "create") ? (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={historyEditPath(id)}
            leftSection={<PlusIcon />}
            variant="light"
            data-testid="history-write"
          >
            {t("history.write")}
          </Button>
        </Group>
      ) : null}
      <QueryView query={history} testId="contact-history-error">
        {(data) => (
          <TableFrame minWidth={600}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t("history.at")}</Table.Th>
                <Table.Th w={160}>{t("history.who")}</Table.Th>
                <Table.Th>{t("history.what")}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody data-testid="contact-history">
              {data.items.map((line) => (
                <Table.Tr key={line.version} data-testid={line.entry ? "history-entry" : undefined}>
                  <Table.Td className="registre-numeric">
                    {line.entry ? date(line.entry.date) : dateTime(line.at)}
                  </Table.Td>
                  <Table.Td>{line.userName ?? "—"}</Table.Td>
                  <Table.Td>
                    {line.entry ? (
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Badge size="sm" variant="light" tt="none">
                            {t(`history.kinds.${line.entry.kind}`)}
                          </Badge>
                          {line.entry.changedAt ? (
                            <Text size="xs" c="dimmed">
                              {t("history.changedAt", { at: dateTime(line.entry.changedAt) })}
                            </Text>
                          ) : null}
                        </Group>
                        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                          {line.entry.text}
                        </Text>
                      </Stack>
                    ) : (
                      line.text
                    )}
                  </Table.Td>
                  <Table.Td>
                    {line.entry ? (
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {can(RIGHT, "update") ? (
                          <LinkButton
                            size="compact-xs"
                            variant="subtle"
                            to={historyEditPath(id, line.entry.id)}
                            data-testid="history-entry-edit"
                          >
                            {t("history.edit")}
                          </LinkButton>
                        ) : null}
                        {can(RIGHT, "delete") ? (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("history.remove")}
                            onClick={() => setRemoving(line.entry)}
                            data-testid="history-entry-remove"
                          >
                            ×
                          </ActionIcon>
                        ) : null}
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableFrame>
        )}
      </QueryView>
      {removing ? (
        <RemoveEntry contactId={id} entry={removing} opened onClose={() => setRemoving(null)} />
      ) : null}
    </Stack>
  );
};

const HistoryForm = ({ contactId, entry }: { contactId: string; entry: HistoryEntry | null }) => {
  const { t } = useTranslation("contacts");
  const rules = useRules();
  const navigate = useNavigate();
  const can = useCan();
  const back = contactPartPath(contactId, "history");
  const { save } = useHistoryMutations(contactId);
  const [removing, setRemoving] = useState(false);
  const schema = z.object({
    date: rules.day(t("history.date")),
    kind: z.enum(historyKinds as [HistoryKind, ...HistoryKind[]]),
    text: rules.text(t("history.text"), 10_000),
  });
  const form = useSchemaForm(schema, {
    date: entry?.date ?? today(),
    kind: entry?.kind ?? "call",
    text: entry?.text ?? "",
  });
  return (
    <ContactFormCard
      name="history"
      form={form}
      save={save}
      toBody={(values) => ({ entryId: entry?.id, body: values })}
      back={back}
      submitLabel={t("record.submit")}
      more={
        entry && can(RIGHT, "delete") ? (
          <Button color="red" variant="light" onClick={() => setRemoving(true)} data-testid="history-remove">
            {t("history.remove")}
          </Button>
        ) : null
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField
          label={t("history.date")}
          withAsterisk
          value={form.values.date}
          onChange={(v) => form.setFieldValue("date", v)}
          error={form.errors.date}
          data-testid="history-date"
        />
        <Select
          label={t("history.kind")}
          allowDeselect={false}
          data={historyKinds.map((k) => ({ value: k, label: t(`history.kinds.${k}`) }))}
          {...form.getInputProps("kind")}
          data-testid="history-kind"
        />
      </SimpleGrid>
      <Textarea
        label={t("history.text")}
        withAsterisk
        autosize
        minRows={5}
        {...form.getInputProps("text")}
        data-testid="history-text"
      />
      {entry ? (
        <RemoveEntry
          contactId={contactId}
          entry={entry}
          opened={removing}
          onClose={() => setRemoving(false)}
          onDone={() => void navigate(back)}
        />
      ) : null}
    </ContactFormCard>
  );
};

/** `/org/contacts/{id}/history/edit`: writes an entry in the contact's history, or changes the one `?entry=` names. */
export const ContactHistoryEditPage = () => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const entryId = params.get("entry");
  // The entry is read from the contact's history.
  const history = useQuery(contactHistoryQuery(id));
  return (
    <ContactFormPage
      title={t(entryId ? "history.editTitle" : "history.writeTitle")}
      part="history"
      allowed={can(RIGHT, entryId ? "update" : "create")}
    >
      {() => (
        <QueryView query={history}>
          {(lines) => {
            const entry = entryId ? (lines.items.find((l) => l.entry?.id === entryId)?.entry ?? null) : null;
            return entryId && !entry ? (
              <Text c="dimmed" data-testid="history-entry-missing">
                {t("history.missing")}
              </Text>
            ) : (
              <HistoryForm key={entry?.id ?? "new"} contactId={id} entry={entry} />
            );
          }}
        </QueryView>
      )}
    </ContactFormPage>
  );
};
