import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { NoAccessPage } from "./no-access-page.tsx";
import { PageHeader } from "./page-header.tsx";

/**
 * A screen: its header (title, description, the way back, its actions), then its content; without the
 * right to see it (`allowed` false), the screen says so under `deniedTitle` (the list's title, when the
 * record's is not known then).
 */
export const PageFrame = ({
  allowed = true,
  title,
  deniedTitle = title,
  description,
  crumbs,
  actions,
  children,
}: {
  allowed?: boolean;
  title: string;
  deniedTitle?: string;
  description?: ReactNode;
  crumbs?: { to: string; label: string }[];
  actions?: ReactNode;
  children: ReactNode;
}) =>
  allowed ? (
    <Stack gap="md">
      <PageHeader title={title} description={description} crumbs={crumbs} actions={actions} />
      {children}
    </Stack>
  ) : (
    <NoAccessPage title={deniedTitle} crumbs={crumbs} />
  );
