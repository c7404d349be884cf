import { Stack } from "@mantine/core";
import { NoAccess } from "./no-access.tsx";
import { PageHeader } from "./page-header.tsx";

/** The screen of someone without the right to see a page: its title (and the way back), then why not. */
export const NoAccessPage = ({
  title,
  crumbs,
  testId,
}: {
  title: string;
  crumbs?: { to: string; label: string }[];
  testId?: string;
}) => (
  <Stack gap="lg">
    <PageHeader title={title} crumbs={crumbs} />
    <NoAccess testId={testId} />
  </Stack>
);
