import { EmptyState, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { ContactsIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { apiRequest } from "../../lib/http.ts";
import { PageHeader } from "./page-header.tsx";

type ContactUser = { id: string; name: string; email: string; role?: string; createdAt?: string };

/** `/org/contacts/users`: the people who use the organisation's books. */
export const ContactUsersPage = () => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const users = useQuery({
    queryKey: ["contacts", "users"],
    queryFn: ({ signal }) => apiRequest<{ items: ContactUser[] }>("/contacts/users", { signal }),
  });
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td fw={600}>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.role ?? "—"}</Table.Td>
                <Table.Td className="registre-numeric">
                  {user.createdAt ? format.shortDate(user.createdAt) : "—"}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={t("users.title")} description={t("users.description")} />
      {body}
      <Text size="xs" c="dimmed">
        {t("users.note")}
      </Text>
    </Stack>
  );
};
