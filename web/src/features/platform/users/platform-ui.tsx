import { Button, EmptyState, Group, Skeleton, Stack, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { ApiError } from "../../../lib/http.ts";

/** True for the API's refusal of a platform screen to someone who is not a platform administrator. */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The error of a platform screen's query. A 403 (`identity.forbidden`) gets its own title, with the
 * server's localised explanation; it is not worth retrying.
 */
export const PlatformError = ({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry?: () => void;
  testId?: string;
}) => {
  const { t } = useTranslation("platform");
  if (isForbidden(error)) {
    return <ErrorAlert error={error} title={t("forbidden.title")} testId={testId ?? "platform-forbidden"} />;
  }
  return <ErrorAlert error={error} onRetry={onRetry} testId={testId} />;
};

export type SectionTab = { to: string; label: string; testId: string };

/** The links between the screens of one user or one organisation; the current one is marked. */
export const SectionTabs = ({ label, tabs }: { label: string; tabs: SectionTab[] }) => {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap={4} data-testid="section-tabs">
      {tabs.map((tab) => {
        const current = pathname === tab.to;
        return (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            size="xs"
            radius="xl"
            variant={current ? "light" : "subtle"}
            color={current ? undefined : "gray"}
            aria-current={current ? "page" : undefined}
            data-testid={tab.testId}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
};

export const RowsSkeleton = ({ rows = 3 }: { rows?: number }) => (
  <Stack gap="md">
    {Array.from({ length: rows }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
      <Skeleton key={row} height={14} width={`${70 - row * 12}%`} />
    ))}
  </Stack>
);

/** A user or an organisation the platform does not know (a 404): what it is, and the way back to its list. */
export const PlatformNotFound = ({
  icon,
  title,
  description,
  back,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  back: { to: string; label: string };
  testId: string;
}) => (
  <EmptyState
    py={64}
    icon={icon}
    withIndicatorBackground
    title={title}
    description={description}
    data-testid={testId}
  >
    <EmptyState.Actions>
      <Button component={Link} to={back.to} variant="default">
        {back.label}
      </Button>
    </EmptyState.Actions>
  </EmptyState>
);

/** A platform list while it loads: its header, then rows of placeholders, one per column. */
export const TableSkeleton = ({
  header,
  columns,
  rows = 4,
}: {
  header: ReactNode;
  columns: number;
  rows?: number;
}) => (
  <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md">
    {header}
    <Table.Tbody>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
            <Table.Td key={cell}>
              <Skeleton height={12} radius="sm" width={cell === 0 ? "70%" : "50%"} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
