import {
  Alert,
  Badge,
  Button,
  Divider,
  EmptyState,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NavLink,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert, useErrorMessage } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon, PlusIcon, ShieldIcon } from "../../components/icons.tsx";
import { maxLength, required, type ValidationMessage, validate } from "../../lib/validation.ts";
import { useProfileLabel } from "./contact-users-page.tsx";
import { PageHeader } from "./page-header.tsx";
import { addedBits, codesFromProfiles, countBits, type Right, sameRights, unionRights } from "./rights.ts";
import {
  type Assignment,
  type AuthItem,
  assignmentsQuery,
  authItemsQuery,
  type Member,
  membersQuery,
  profilesQuery,
  useCreateItem,
  useDeleteItem,
  useSetAssignments,
  useUpdateItem,
} from "./rights-api.ts";
import { RightsMatrix } from "./rights-matrix.tsx";

const tabs = ["items", "assignments"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: unknown): value is Tab =>
  typeof value === "string" && (tabs as readonly string[]).includes(value);

const granted = (rights: readonly Right[]) => rights.filter((right) => right.r !== 0).length;

/** A modal asking for a role's name: to create a role, or to rename one. */
const ItemNameModal = ({
  opened,
  title,
  submitLabel,
  initial,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation(["app", "common"]);
  const fieldMessage = useFieldMessage();
  const [name, setName] = useState(initial);
  const [invalid, setInvalid] = useState<ValidationMessage | null>(null);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setInvalid(null);
    }
  }, [opened, initial]);
  const label = t("app:rights.items.name");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = validate(name, [required, maxLength(100)]);
    setInvalid(message);
    if (!message) onSubmit(name.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate data-testid="rights-item-form">
        <Stack gap="md">
          <TextInput
            label={label}
            placeholder={t("app:rights.items.namePlaceholder")}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setInvalid(null);
            }}
            error={fieldMessage(label, invalid)}
            withAsterisk
            data-autofocus
            data-testid="rights-item-name"
          />
          {error ? <ErrorAlert error={error} testId="rights-item-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={pending} data-testid="rights-item-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

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
          <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" data-testid="rights-saved">
            {t("app:rights.matrix.saved")}
          </Alert>
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
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t("app:rights.items.deleteTitle")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t("app:rights.items.deleteText", { name: item.name })}</Text>
          {remove.isError ? <ErrorAlert error={remove.error} testId="rights-delete-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(item.id, { onSuccess: () => setDeleting(false) })}
              data-testid="rights-delete-confirm"
            >
              {t("app:rights.items.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
};

const ItemsPanel = ({
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

/** One member's row: the roles assigned, changed through a multi-select. */
const AssignmentRow = ({
  member,
  items,
  assignments,
  profileRights,
  totalBits,
}: {
  member: Member;
  items: AuthItem[];
  assignments: Assignment[];
  profileRights: Right[];
  totalBits: number;
}) => {
  const { t } = useTranslation("app");
  const profileLabel = useProfileLabel();
  const save = useSetAssignments();
  const errorMessage = useErrorMessage();
  const mine = assignments.filter((assignment) => assignment.userId === member.id);
  const serverValue = mine.map((assignment) => assignment.itemId);
  const value = save.isPending && save.variables ? save.variables.itemIds : serverValue;
  const effective = unionRights(
    profileRights,
    ...items.filter((item) => value.includes(item.id)).map((item) => item.rights),
  );
  const count = countBits(effective);
  const added = addedBits(profileRights, effective);
  return (
    <Table.Tr data-testid="rights-member" data-email={member.email}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {member.name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td miw={150}>
        <Badge variant="light" color={member.role === "owner" ? "indigo" : "gray"} radius="sm">
          {profileLabel(member.role)}
        </Badge>
      </Table.Td>
      <Table.Td miw={280}>
        <MultiSelect
          aria-label={t("rights.assignments.fieldLabel", { name: member.name })}
          data={items.map((item) => ({ value: item.id, label: item.name }))}
          value={value}
          onChange={(itemIds) => save.mutate({ userId: member.id, itemIds, current: mine })}
          placeholder={value.length === 0 ? t("rights.assignments.placeholder") : undefined}
          disabled={items.length === 0}
          searchable
          clearable
          hidePickedOptions
          size="sm"
          data-testid="rights-member-items"
        />
        {save.isError ? (
          <Text size="xs" c="red" mt={4} role="alert">
            {errorMessage(save.error)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td miw={170}>
        <Group gap={8} wrap="nowrap" className="registre-numeric">
          <Progress value={totalBits ? (100 * count) / totalBits : 0} size="sm" w={64} aria-hidden />
          <Text size="sm" fw={600}>
            {t("rights.assignments.effectiveValue", { count, total: totalBits })}
          </Text>
        </Group>
        <Text size="xs" c={added > 0 ? "teal" : "dimmed"} data-testid="rights-member-added">
          {added > 0 ? t("rights.assignments.added", { count: added }) : t("rights.assignments.noneAdded")}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
};

const AssignmentsPanel = ({
  members,
  items,
  assignments,
  profiles,
  totalBits,
}: {
  members: Member[];
  items: AuthItem[];
  assignments: Assignment[];
  profiles: { profile: string; rights: Right[] }[];
  totalBits: number;
}) => {
  const { t } = useTranslation("app");
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("rights.assignments.description")}
      </Text>
      {items.length === 0 ? (
        <Alert variant="light" color="blue" data-testid="rights-no-items">
          {t("rights.assignments.noItems")}
        </Alert>
      ) : null}
      <Paper p={0} style={{ overflow: "hidden" }}>
        <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("rights.assignments.member")}</Table.Th>
              <Table.Th>{t("rights.assignments.profile")}</Table.Th>
              <Table.Th>{t("rights.assignments.items")}</Table.Th>
              <Table.Th>{t("rights.assignments.effective")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t("rights.assignments.noMembers")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {members.map((member) => (
              <AssignmentRow
                key={member.id}
                member={member}
                items={items}
                assignments={assignments}
                profileRights={profiles.find((entry) => entry.profile === member.role)?.rights ?? []}
                totalBits={totalBits}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
};

/** `/org/settings/rights`: the organisation's custom roles, their rights, and who holds them. */
export const RightsPage = () => {
  const { t } = useTranslation("app");
  const [params, setParams] = useSearchParams();
  const profiles = useQuery(profilesQuery());
  const items = useQuery(authItemsQuery());
  const assignments = useQuery(assignmentsQuery());
  const members = useQuery(membersQuery());
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "items";
  const codes = useMemo(() => codesFromProfiles(profiles.data?.items ?? []), [profiles.data]);

  const queries = [profiles, items, assignments, members];
  const failed = queries.find((query) => query.isError);
  let body: React.ReactNode;
  if (failed)
    body = (
      <ErrorAlert
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
        testId="rights-error"
      />
    );
  else if (!profiles.data || !items.data || !assignments.data || !members.data)
    body = <Skeleton height={320} />;
  else
    body = (
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next && next !== "items") updated.set("tab", next);
              else updated.delete("tab");
              return updated;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="items" data-testid="rights-tab-items">
            {t("rights.tabs.items")}
          </Tabs.Tab>
          <Tabs.Tab value="assignments" data-testid="rights-tab-assignments">
            {t("rights.tabs.assignments")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items">
          <ItemsPanel items={items.data.items} codes={codes} assignments={assignments.data.items} />
        </Tabs.Panel>
        <Tabs.Panel value="assignments">
          <AssignmentsPanel
            members={members.data.items}
            items={items.data.items}
            assignments={assignments.data.items}
            profiles={profiles.data.items}
            totalBits={codes.length * 4}
          />
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t("rights.title")}
        description={t("rights.description")}
        crumbs={[{ to: "/org/settings", label: t("settings.title") }]}
      />
      {body}
    </Stack>
  );
};
