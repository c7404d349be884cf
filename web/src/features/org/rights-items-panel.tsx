import {
  Badge,
  Button,
  Divider,
  EmptyState,
  Grid,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { PlusIcon, ShieldIcon } from "../../components/icons.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { granted, type Right, sameRights } from "./rights.ts";
import { type Assignment, type AuthItem, useCreateItem, useDeleteItem, useUpdateItem } from "./rights-api.ts";
import { ItemNameModal } from "./rights-item-name.tsx";
import { RightsMatrix } from "./rights-matrix.tsx";

/** The roles tab: the list of roles, one role's editor, a new role. */

/** One role: its name, actions and rights matrix (edited as a draft, then saved). */
const ItemEditor = ({ item, codes, holders }: { item: AuthItem; codes: string[]; holders: number }) => {
  const { t } = useTranslation(["app", "common"]);
  const [draft, setDraft] = useState<Right[]>(item.rights);
  const [saved, setSaved] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateItem();
  const rename = useUpdateItem();
  const remove = useDeleteItem();
  const dirty = !sameRights(draft, item.rights);
  const allCodes = useMemo(
    () => [...new Set([...codes, ...item.rights.map((right) => right.c)])],
    [codes, item.rights],
  );

  return (
    <Paper p={0} data-testid="rights-item-editor">
      <Group justify="space-between" align="flex-start" p="lg" pb="md" wrap="nowrap">
        <div>
          <Title order={2} size="h3" data-testid="rights-item-title">
            {item.name}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge variant="light" radius="sm">
              {t("app:rights.items.granted", { count: granted(draft) })}
            </Badge>
            <Badge variant="light" color="gray" radius="sm">
              {t("app:rights.items.holders", { count: holders })}
            </Badge>
            {dirty ? (
              <Badge variant="dot" color="orange" radius="sm" data-testid="rights-unsaved">
                {t("app:rights.matrix.unsaved")}
              </Badge>
            ) : null}
          </Group>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              rename.reset();
              setRenaming(true);
            }}
            data-testid="rights-item-rename"
          >
            {t("app:rights.items.rename")}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
            data-testid="rights-item-delete"
          >
            {t("app:rights.items.delete")}
          </Button>
        </Group>
      </Group>
      <Stack gap="md" px="lg" pb="lg">
        <RightsMatrix
          codes={allCodes}
          value={draft}
          onChange={(next) => {
            setSaved(false);
            setDraft(next);
          }}
          caption={t("app:rights.matrix.caption", { name: item.name })}
          disabled={update.isPending}
        />
        {update.isError ? <ErrorAlert error={update.error} testId="rights-save-error" /> : null}
        {saved && !dirty ? (
          <SavedNotice testId="rights-saved">{t("app:rights.matrix.saved")}</SavedNotice>
        ) : null}
      </Stack>
      <Group
        justify="flex-end"
        gap="sm"
        px="lg"
        py="sm"
        className="registre-matrix-footer"
        data-dirty={dirty || undefined}
      >
        <Button variant="default" disabled={!dirty || update.isPending} onClick={() => setDraft(item.rights)}>
          {t("app:rights.matrix.reset")}
        </Button>
        <Button
          disabled={!dirty}
          loading={update.isPending}
          onClick={() =>
            update.mutate({ itemId: item.id, rights: draft }, { onSuccess: () => setSaved(true) })
          }
          data-testid="rights-save"
        >
          {t("app:rights.matrix.save")}
        </Button>
      </Group>

      <ItemNameModal
        opened={renaming}
        title={t("app:rights.items.renameTitle")}
        submitLabel={t("common:actions.save")}
        initial={item.name}
        pending={rename.isPending}
        error={rename.isError ? rename.error : null}
        onClose={() => setRenaming(false)}
        onSubmit={(name) => rename.mutate({ itemId: item.id, name }, { onSuccess: () => setRenaming(false) })}
      />
      <MutationModal
        subject={deleting ? item : null}
        mutation={remove}
        variables={(deleted) => deleted.id}
        onClose={() => setDeleting(false)}
        title={t("app:rights.items.deleteTitle")}
        confirmLabel={t("app:rights.items.deleteConfirm")}
        testId="rights-delete"
      >
        {(deleted) => <Text size="sm">{t("app:rights.items.deleteText", { name: deleted.name })}</Text>}
      </MutationModal>
    </Paper>
  );
};

export const ItemsPanel = ({
  items,
  codes,
  assignments,
}: {
  items: AuthItem[];
  codes: string[];
  assignments: Assignment[];
}) => {
  const { t } = useTranslation("app");
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const create = useCreateItem();
  const requested = params.get("item");
  const selected = items.find((item) => item.id === requested) ?? items[0] ?? null;
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("item", id);
        return next;
      },
      { replace: true },
    );
  const holders = (itemId: string) => assignments.filter((a) => a.itemId === itemId).length;

  const newButton = (
    <Button
      size="sm"
      variant={items.length === 0 ? "filled" : "light"}
      fullWidth={items.length > 0}
      leftSection={<PlusIcon />}
      onClick={() => {
        create.reset();
        setCreating(true);
      }}
      data-testid="rights-item-new"
    >
      {t("rights.items.new")}
    </Button>
  );

  return (
    <>
      {items.length === 0 ? (
        <Paper>
          <EmptyState
            py={56}
            icon={<ShieldIcon width={28} height={28} />}
            withIndicatorBackground
            title={t("rights.items.empty")}
            description={t("rights.items.emptyText")}
          >
            {newButton}
          </EmptyState>
        </Paper>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper p="xs" className="registre-role-list">
              <Text
                size="xs"
                fw={700}
                tt="uppercase"
                c="dimmed"
                px="xs"
                pt={6}
                pb={8}
                style={{ letterSpacing: "0.04em" }}
              >
                {t("rights.items.heading")}
              </Text>
              <nav aria-label={t("rights.items.list")}>
                {items.map((item) => (
                  <NavLink
                    key={item.id}
                    component="button"
                    type="button"
                    label={item.name}
                    description={t("rights.items.granted", { count: granted(item.rights) })}
                    active={selected?.id === item.id}
                    aria-current={selected?.id === item.id ? "true" : undefined}
                    onClick={() => select(item.id)}
                    variant="light"
                    style={{ borderRadius: "var(--mantine-radius-sm)" }}
                    data-testid="rights-item"
                  />
                ))}
              </nav>
              <Divider my="xs" />
              {newButton}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {selected ? (
              <ItemEditor key={selected.id} item={selected} codes={codes} holders={holders(selected.id)} />
            ) : null}
          </Grid.Col>
        </Grid>
      )}
      <ItemNameModal
        opened={creating}
        title={t("rights.items.createTitle")}
        submitLabel={t("rights.items.create")}
        initial=""
        pending={create.isPending}
        error={create.isError ? create.error : null}
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          create.mutate(
            { name, rights: [] },
            {
              onSuccess: (item) => {
                setCreating(false);
                select(item.id);
              },
            },
          )
        }
      />
    </>
  );
};
