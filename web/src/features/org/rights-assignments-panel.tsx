import { Alert, Badge, Group, MultiSelect, Paper, Progress, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { EmptyRow } from "../../components/data-table.tsx";
import { useErrorMessage } from "../../components/error-alert.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useProfileLabel } from "./contact-users-page.tsx";
import { addedBits, countBits, type Right, unionRights } from "./rights.ts";
import { type Assignment, type AuthItem, type Member, useSetAssignments } from "./rights-api.ts";

/** The assignments tab: each member and the roles they hold. */

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
        <TitleLine title={member.name} hint={member.email} weight={600} size="sm" hintSize="xs" />
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

export const AssignmentsPanel = ({
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
              <EmptyRow colSpan={4} py="md">
                {t("rights.assignments.noMembers")}
              </EmptyRow>
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
