import { Alert, Anchor, Button, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { api } from "../../lib/api-client.ts";
import { type Contact, contactKeys, contactQuery, contactsQuery } from "./api.ts";
import { contactPath } from "./paths.ts";

const useMergeContact = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (from: string) => api.post("/contacts/{id}/merge", { path: { id }, body: { from } }),
    onSuccess: (contact) => {
      client.setQueryData(contactKeys.one(contact.id), contact);
      return client.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
};

/**
 * « Fusionner… »: pick another contact of the same kind, confirm, and it is merged into this one (one
 * commit: its records, types and accounts come here, it stays as history, links to it follow).
 */
export const MergeContactButton = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  const [from, setFrom] = useState<string | null>(null);
  const merge = useMergeContact(contact.id);
  const others = useQuery({
    ...contactsQuery({ q: search, type: null, status: "all", page: 1 }),
    enabled: opened,
  });
  const data = (others.data?.items ?? [])
    .filter((c) => c.kind === contact.kind && c.id !== contact.id)
    .map((c) => ({ value: c.id, label: [c.name, c.city, c.siren].filter(Boolean).join(" · ") }));
  const chosen = others.data?.items.find((c) => c.id === from);
  const close = () => {
    setOpened(false);
    setFrom(null);
    merge.reset();
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="contact-merge">
        {t("merge.action")}
      </Button>
      <ConfirmModal
        opened={opened}
        title={t("merge.title", { name: contact.name })}
        confirmLabel={t("merge.confirm")}
        color="orange"
        pending={merge.isPending}
        error={merge.isError ? merge.error : null}
        confirmDisabled={!from}
        onClose={close}
        onConfirm={() => from && merge.mutate(from, { onSuccess: close })}
        testId="contact-merge-modal"
      >
        <Stack gap="sm">
          <Select
            label={t("merge.from")}
            placeholder={t("merge.search")}
            searchable
            onSearchChange={setSearch}
            data={data}
            value={from}
            onChange={setFrom}
            nothingFoundMessage={t("merge.nothing")}
            data-testid="contact-merge-from"
            comboboxProps={{ withinPortal: false }}
          />
          {chosen ? (
            <Text size="sm" data-testid="contact-merge-text">
              {t("merge.text", { from: chosen.name, into: contact.name })}
            </Text>
          ) : null}
        </Stack>
      </ConfirmModal>
    </>
  );
};

/** A merged contact's banner: it is history now, its content lives in the contact it went into. */
export const MergedNotice = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const into = useQuery({ ...contactQuery(contact.mergedInto ?? ""), enabled: !!contact.mergedInto });
  if (contact.status !== "merged" || !contact.mergedInto) return null;
  return (
    <Alert color="orange" variant="light" data-testid="contact-merged">
      <Trans
        t={t}
        i18nKey="merge.mergedInto"
        values={{ name: into.data?.name ?? "…" }}
        components={{ target: <Anchor component={Link} to={contactPath(contact.mergedInto)} size="sm" /> }}
      />
    </Alert>
  );
};
