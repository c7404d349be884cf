import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { NewButton } from "../../components/detail-actions.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { NoAccess } from "./ui.tsx";

type Crumbs = { to: string; label: string }[];

/** The screen of someone without the right to see a page of the books: its title, then why not. */
export const NoAccessPage = ({ title, crumbs }: { title: string; crumbs?: Crumbs }) => (
  <Stack gap="lg">
    <PageHeader title={title} crumbs={crumbs} />
    <NoAccess />
  </Stack>
);

/**
 * A screen of the books (accounting and VAT): its header — title, description, the way back, its
 * actions or the button of a new record — then its content; without the right to see it, the
 * screen says so under `deniedTitle` (the list's title, when the record's is not known then).
 */
export const BooksPage = ({
  allowed,
  title,
  deniedTitle = title,
  description,
  crumbs,
  actions,
  create,
  children,
}: {
  allowed: boolean;
  title: string;
  deniedTitle?: string;
  description?: ReactNode;
  crumbs?: Crumbs;
  actions?: ReactNode;
  /** The button of a new record, when the user may create one. */
  create?: { to: string; label: string; testId: string } | false;
  children: ReactNode;
}) => {
  if (!allowed) return <NoAccessPage title={deniedTitle} crumbs={crumbs} />;
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={description}
        crumbs={crumbs}
        actions={create ? <NewButton to={create.to} label={create.label} testId={create.testId} /> : actions}
      />
      {children}
    </Stack>
  );
};
