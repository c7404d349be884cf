import { Badge, Button, Paper, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Column } from "../../components/data-table.tsx";
import { PlainTable } from "../../components/plain-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useProfileLabel } from "./profile-label.ts";

/**
 * The columns the organisation's people share (members, invitations): a profile's badge, a day, and
 * the row's one action (removing, withdrawing), red and named for the row.
 */
export const usePeopleColumns = () => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const profileLabel = useProfileLabel();
  return {
    profile: <T,>(profile: (row: T) => string, variant: "light" | "outline"): Column<T> => ({
      key: "role",
      header: t("users.role"),
      cell: (row) => (
        <Badge variant={variant} color={profile(row) === "owner" ? "indigo" : "gray"} radius="sm">
          {profileLabel(profile(row))}
        </Badge>
      ),
      cellProps: () => ({ miw: 150 }),
    }),
    day: <T,>(key: string, header: string, day: (row: T) => string | null | undefined): Column<T> => ({
      key,
      header,
      cell: (row) => {
        const value = day(row);
        return value ? format.shortDate(value) : "—";
      },
      cellProps: () => ({ className: "registre-numeric" }),
    }),
    action: <T,>(action: {
      label: string;
      /** What the button says to a screen reader, naming the row. */
      ariaLabel: (row: T) => string;
      testId: string;
      onClick: (row: T) => void;
      allowed?: boolean;
    }): Column<T> => ({
      key: "actions",
      header: <VisuallyHidden>{t("users.actions")}</VisuallyHidden>,
      align: "right",
      cell: (row) =>
        action.allowed === false ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => action.onClick(row)}
            aria-label={action.ariaLabel(row)}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        ),
    }),
  };
};

/** The organisation's people as a striped list in its card. */
export const PeopleTable = <T,>(props: Parameters<typeof PlainTable<T>>[0]) => (
  <Paper p={0} style={{ overflow: "hidden" }}>
    <PlainTable striped {...props} />
  </Paper>
);
