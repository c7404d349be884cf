import { Anchor, Breadcrumbs, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { LinkButton } from "../../../components/link-button.tsx";
import { QueryView } from "../../../components/query-view.tsx";
import { SectionTitle } from "../../../components/section-title.tsx";
import { Tag } from "../../../components/tag.tsx";
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
          <LinkButton
            key={tab.to}
            to={tab.to}
            size="xs"
            radius="xl"
            variant={current ? "light" : "subtle"}
            color={current ? undefined : "gray"}
            aria-current={current ? "page" : undefined}
            data-testid={tab.testId}
          >
            {tab.label}
          </LinkButton>
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

/** A platform screen with nothing to show: its icon, what is missing, why, and a way on if any. */
export const PlatformEmpty = ({
  icon,
  title,
  description,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  children?: ReactNode;
}) => (
  <EmptyState
    py={64}
    icon={icon}
    withIndicatorBackground
    title={title}
    description={description}
    data-testid={testId}
  >
    {children}
  </EmptyState>
);

/** A user or an organisation the platform does not know (a 404): what it is, and the way back to its list. */
export const PlatformNotFound = ({
  back,
  ...empty
}: {
  icon: ReactNode;
  title: string;
  description: string;
  back: { to: string; label: string };
  testId: string;
}) => (
  <PlatformEmpty {...empty}>
    <EmptyState.Actions>
      <LinkButton to={back.to} variant="default">
        {back.label}
      </LinkButton>
    </EmptyState.Actions>
  </PlatformEmpty>
);

/** A card of a platform screen: its title, what it shows, then its content. */
export const PlatformSection = ({
  id,
  title,
  description,
  testId,
  children,
}: {
  /** The title's id, which names the section. */
  id: string;
  title: string;
  description: string;
  testId?: string;
  children: ReactNode;
}) => (
  <Paper p="lg" component="section" aria-labelledby={id} data-testid={testId}>
    <Stack gap="md">
      <div>
        <SectionTitle title={title} hint={description} id={id} />
      </div>
      {children}
    </Stack>
  </Paper>
);

/** A sentence saying a platform list has nothing to show. */
export const EmptyText = ({ testId, children }: { testId?: string; children: ReactNode }) => (
  <Text c="dimmed" size="sm" data-testid={testId}>
    {children}
  </Text>
);

/**
 * What a platform query shows: `loading` while it loads, its error (retried), `empty` when its
 * answer lists nothing, else `children` of the answer.
 */
export const PlatformQuery = <T,>({
  query,
  loading = <RowsSkeleton />,
  errorTestId,
  padError = false,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  loading?: ReactNode;
  errorTestId?: string;
  /** The error stands inside a card without padding (a list's). */
  padError?: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) => (
  <QueryView
    query={query}
    loading={loading}
    error={(error, retry) => {
      const alert = <PlatformError error={error} onRetry={retry} testId={errorTestId} />;
      return padError ? <Stack p="md">{alert}</Stack> : alert;
    }}
    isEmpty={isEmpty}
    empty={empty}
  >
    {children}
  </QueryView>
);

/** The title of a platform list's screen, what it lists, and beside it a badge (its count, its state). */
export const PlatformTitle = ({
  title,
  subtitle,
  subtitleSize,
  badge,
}: {
  title: string;
  subtitle: string;
  subtitleSize?: "sm";
  badge?: ReactNode;
}) => {
  const { t } = useTranslation("common");
  return (
    <>
      <title>{`${title} · ${t("app.name")}`}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          <Text size={subtitleSize} c="dimmed" mt={4}>
            {subtitle}
          </Text>
        </div>
        {badge}
      </Group>
    </>
  );
};

/** The count of a platform list, beside its title. */
export const CountBadge = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <Tag color="gray" size="lg" fw={500} data-testid={testId}>
    {children}
  </Tag>
);

/** A link of a platform record's breadcrumbs; the last one, without `to`, is the current screen. */
export type Crumb = { to?: string; label: string };

/**
 * The frame of one record's platform screens (a user, an organisation): breadcrumbs from its list,
 * a skeleton while it loads, « not found » or the error, else `children` of the record.
 */
export const RecordFrame = <T,>({
  query,
  back,
  crumbs,
  notFound,
  errorTestId,
  children,
}: {
  query: UseQueryResult<T>;
  back: { to: string; label: string };
  /** The breadcrumbs after the list's, once the record is loaded. */
  crumbs: (record: T) => Crumb[];
  notFound: ReactNode;
  errorTestId: string;
  children: (record: T) => ReactNode;
}) => (
  <Stack gap="lg">
    <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      {query.data
        ? crumbs(query.data).map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key="current" size="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )
        : null}
    </Breadcrumbs>
    {query.isPending ? (
      <Stack gap="sm">
        <Skeleton height={28} width={320} />
        <Skeleton height={14} width={240} />
      </Stack>
    ) : query.isError ? (
      isNotFound(query.error) ? (
        notFound
      ) : (
        <PlatformError error={query.error} onRetry={() => void query.refetch()} testId={errorTestId} />
      )
    ) : (
      children(query.data)
    )}
  </Stack>
);
