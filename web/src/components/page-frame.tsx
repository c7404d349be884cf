import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { NewButton } from "./detail-actions.tsx";
import { NoAccessPage } from "./no-access-page.tsx";
import { PageHeader } from "./page-header.tsx";

/**
 * A screen: its header (title, description, the way back, its actions — or the button of a new record,
 * `create`, when the user may create one), then its content; without the right to see it (`allowed`
 * false), the screen says so under `deniedTitle` (the list's title, when the record's is not known then).
 */
export const PageFrame = ({
  allowed = true,
  title,
  deniedTitle = title,
  description,
  crumbs,
  actions,
  create,
  children,
}: {
  allowed?: boolean;
  title: string;
  deniedTitle?: string;
  description?: ReactNode;
  crumbs?: { to: string; label: string }[];
  actions?: ReactNode;
  create?: { to: string; label: string; testId: string } | false;
  children: ReactNode;
}) =>
  allowed ? (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={description}
        crumbs={crumbs}
        actions={create ? <NewButton to={create.to} label={create.label} testId={create.testId} /> : actions}
      />
      {children}
    </Stack>
  ) : (
    <NoAccessPage title={deniedTitle} crumbs={crumbs} />
  );
