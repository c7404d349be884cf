import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { LabelledValue } from "../../components/field-label.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { RemoveMemberModal, type UsersLocationState } from "./contact-users-page.tsx";
import { PageHeader } from "./page-header.tsx";
import { useProfileLabel } from "./profile-label.ts";
import { countBits } from "./rights.ts";
import { assignmentsQuery, authItemsQuery, type Member, profilesQuery, rightsKeys } from "./rights-api.ts";

const usersPath = "/org/contacts/users";

/** The custom roles (authorization items) the member holds, when the viewer may read them. */
const MemberRoles = ({ userId }: { userId: string }) => {
  const { t } = useTranslation("app");
  const items = useQuery(authItemsQuery());
  const assignments = useQuery(assignmentsQuery());
  if (!items.data || !assignments.data) return null;
  const held = assignments.data.items
    .filter((a) => a.userId === userId)
    .flatMap((a) => items.data.items.filter((i) => i.id === a.itemId));
  return (
    <LabelledValue label={t("users.customRoles")}>
      {held.length ? (
        <Group gap={4} data-testid="member-roles">
          {held.map((item) => (
            <Badge key={item.id} variant="outline" tt="none">
              {item.name}
            </Badge>
          ))}
        </Group>
      ) : (
        t("users.noCustomRole")
      )}
    </LabelledValue>
  );
};

/**
 * `/org/contacts/users/{contactId}`: one member of the organisation — name, address, profile and the
 * rights it grants, custom roles, member since — with the way to remove them (the rights are set on
 * the rights screen). The id is the member's user id (`GET /contacts/users/{id}`).
 */
export const ContactUserPage = () => {
  const { t } = useTranslation("app");
  const { contactId = "" } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const format = useFormat();
  const profileLabel = useProfileLabel();
  const member = useQuery({
    queryKey: [...rightsKeys.members, contactId],
    queryFn: ({ signal }) => api.get("/contacts/users/{id}", { path: { id: contactId }, signal }),
  });
  const profiles = useQuery(profilesQuery());
  const [removing, setRemoving] = useState<Member | null>(null);
  const selfId = session.status === "authenticated" ? session.user.id : null;
  const granted = profiles.data?.items.find((p) => p.profile === member.data?.role)?.rights ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        title={member.data?.name ?? t("users.title")}
        description={member.data?.email}
        crumbs={[{ to: usersPath, label: t("users.title") }]}
        actions={
          member.data && can(session, "contacts.users", "delete") && member.data.id !== selfId ? (
            <Button
              color="red"
              variant="light"
              onClick={() => setRemoving(member.data)}
              data-testid="member-remove"
            >
              {t("users.remove")}
            </Button>
          ) : null
        }
      />
      <QueryView query={member} testId="member-error">
        {(m) => (
          <Card withBorder padding="md" maw={720} data-testid="member-detail">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LabelledValue label={t("users.name")}>
                {m.name}
                {m.id === selfId ? ` (${t("users.you")})` : ""}
              </LabelledValue>
              <LabelledValue label={t("users.email")}>
                <Anchor href={`mailto:${m.email}`} size="sm">
                  {m.email}
                </Anchor>
              </LabelledValue>
              <LabelledValue label={t("users.role")}>
                <Group gap="xs">
                  <Badge variant="light" color={m.role === "owner" ? "indigo" : "gray"} radius="sm">
                    {profileLabel(m.role)}
                  </Badge>
                  {granted.length ? (
                    <Text size="xs" c="dimmed">
                      {t("users.profileRights", { count: countBits(granted) })}
                    </Text>
                  ) : null}
                </Group>
              </LabelledValue>
              <LabelledValue label={t("users.since")}>
                {m.createdAt ? format.shortDate(m.createdAt) : null}
              </LabelledValue>
              {can(session, "auth", "read") ? <MemberRoles userId={m.id} /> : null}
            </SimpleGrid>
            <Group mt="md">
              <LinkButton to="/org/settings/rights" variant="default" size="xs">
                {t("users.rightsLink")}
              </LinkButton>
            </Group>
          </Card>
        )}
      </QueryView>
      <RemoveMemberModal
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(removed) => {
          const state: UsersLocationState = {
            notice: { text: t("users.removed", { name: removed.name }), color: "teal" },
          };
          void navigate(usersPath, { state });
        }}
      />
    </Stack>
  );
};
