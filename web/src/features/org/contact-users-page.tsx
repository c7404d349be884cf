import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { CheckIcon, ContactsIcon, ShieldIcon, UserIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useSession } from "../../lib/session-store.ts";
import { email, required, type ValidationMessage, validate } from "../../lib/validation.ts";
import { PageHeader } from "./page-header.tsx";
import {
  type Member,
  type MemberProfile,
  memberProfiles,
  membersQuery,
  useAddMember,
  useRemoveMember,
} from "./rights-api.ts";

const isMemberProfile = (value: unknown): value is MemberProfile =>
  typeof value === "string" && (memberProfiles as readonly string[]).includes(value);

/** The translated name of a member's profile; an unknown one is shown as the server gives it. */
export const useProfileLabel = (): ((role: string | undefined) => string) => {
  const { t } = useTranslation("app");
  return (role) => {
    if (!role) return "—";
    return isMemberProfile(role) ? t(`users.profiles.${role}`) : role;
  };
};

const AddMemberModal = ({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (member: Member) => void;
}) => {
  const { t } = useTranslation(["app", "common"]);
  const fieldMessage = useFieldMessage();
  const [address, setAddress] = useState("");
  const [profile, setProfile] = useState<MemberProfile>("accountant");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const add = useAddMember();
  const close = () => {
    setAddress("");
    setProfile("accountant");
    setError(null);
    add.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = validate(address, [required, email]);
    setError(message);
    if (message) return;
    add.mutate(
      { email: address.trim(), profile },
      {
        onSuccess: (member) => {
          onAdded(member);
          close();
        },
      },
    );
  };
  const label = t("app:users.emailLabel");
  return (
    <Modal opened={opened} onClose={close} title={t("app:users.addTitle")} size="md" centered>
      <form onSubmit={submit} noValidate data-testid="user-add-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("app:users.addDescription")}
          </Text>
          <TextInput
            label={label}
            type="email"
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setError(null);
            }}
            error={fieldMessage(label, error)}
            withAsterisk
            autoComplete="off"
            data-autofocus
            data-testid="user-add-email"
          />
          <Select
            label={t("app:users.profileLabel")}
            description={t("app:users.profileHint")}
            data={memberProfiles.map((value) => ({ value, label: t(`app:users.profiles.${value}`) }))}
            value={profile}
            onChange={(value) => {
              if (isMemberProfile(value)) setProfile(value);
            }}
            allowDeselect={false}
            withAsterisk
            data-testid="user-add-profile"
          />
          {add.isError ? <ErrorAlert error={add.error} testId="user-add-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="user-add-submit">
              {t("app:users.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const RemoveMemberModal = ({
  member,
  onClose,
  onRemoved,
}: {
  member: Member | null;
  onClose: () => void;
  onRemoved: (member: Member) => void;
}) => {
  const { t } = useTranslation(["app", "common"]);
  const remove = useRemoveMember();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={member !== null} onClose={close} title={t("app:users.removeTitle")} size="md" centered>
      {member ? (
        <Stack gap="md">
          <Text size="sm">{t("app:users.removeText", { name: member.name, email: member.email })}</Text>
          {remove.isError ? <ErrorAlert error={remove.error} testId="user-remove-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common:actions.cancel")}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(member.id, {
                  onSuccess: () => {
                    onRemoved(member);
                    close();
                  },
                })
              }
              data-testid="user-remove-confirm"
            >
              {t("app:users.removeConfirm")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};

/** `/org/contacts/users`: the people who use the organisation's books; add one, remove one. */
export const ContactUsersPage = () => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const profileLabel = useProfileLabel();
  const session = useSession();
  const selfId = session.status === "authenticated" ? session.user.id : null;
  const users = useQuery(membersQuery());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let body: React.ReactNode;
  if (users.isPending) body = <Skeleton height={160} />;
  else if (users.isError)
    body = <ErrorAlert error={users.error} onRetry={() => void users.refetch()} testId="users-error" />;
  else if (users.data.items.length === 0)
    body = (
      <EmptyState
        py={56}
        icon={<ContactsIcon size={28} />}
        withIndicatorBackground
        title={t("users.empty")}
      />
    );
  else
    body = (
      <Paper p={0} style={{ overflow: "hidden" }}>
        <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.name")}</Table.Th>
              <Table.Th>{t("users.email")}</Table.Th>
              <Table.Th>{t("users.role")}</Table.Th>
              <Table.Th>{t("users.since")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>
                <VisuallyHidden>{t("users.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.items.map((user) => (
              <Table.Tr key={user.id} data-testid="user-row">
                <Table.Td fw={600}>
                  <Group gap={8} wrap="nowrap">
                    {user.name}
                    {user.id === selfId ? (
                      <Text span size="xs" c="dimmed" fw={500}>
                        ({t("users.you")})
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td miw={150}>
                  <Badge variant="light" color={user.role === "owner" ? "indigo" : "gray"} radius="sm">
                    {profileLabel(user.role)}
                  </Badge>
                </Table.Td>
                <Table.Td className="registre-numeric">
                  {user.createdAt ? format.shortDate(user.createdAt) : "—"}
                </Table.Td>
                <Table.Td style={{ textAlign: "right" }}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setNotice(null);
                      setRemoving(user);
                    }}
                    aria-label={t("users.removeLabel", { name: user.name })}
                    data-testid="user-remove"
                  >
                    {t("users.remove")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title={t("users.title")}
        description={t("users.description")}
        actions={
          <Group gap="sm">
            <Button component={Link} to="/org/settings/rights" variant="default" leftSection={<ShieldIcon />}>
              {t("users.rightsLink")}
            </Button>
            <Button
              leftSection={<UserIcon />}
              onClick={() => {
                setNotice(null);
                setAdding(true);
              }}
              data-testid="user-add"
            >
              {t("users.add")}
            </Button>
          </Group>
        }
      />
      {notice ? (
        <Alert
          color="teal"
          variant="light"
          icon={<CheckIcon />}
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="users-notice"
        >
          {notice}
        </Alert>
      ) : null}
      {body}
      <Text size="xs" c="dimmed">
        {t("users.note")}
      </Text>
      <AddMemberModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(member) => setNotice(t("users.added", { email: member.email }))}
      />
      <RemoveMemberModal
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(member) => setNotice(t("users.removed", { name: member.name }))}
      />
    </Stack>
  );
};
