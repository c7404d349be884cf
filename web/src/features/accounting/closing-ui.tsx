import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CheckIcon, ChevronLeftIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { SectionTitle } from "../../components/section-title.tsx";

/** The pieces the closing file's screens share: section and sub-page heads, links, save state. */

/** A section's title and one-line description, with its action on the right. */
export const SectionHead = ({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: ReactNode;
}) => (
  <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
    <div style={{ minWidth: 0 }}>
      <SectionTitle title={title} hint={description} size="h3" />
    </div>
    {action}
  </Group>
);

/** A button that leads to another page of the year, never squeezed by its neighbours. */
export const ActionLink = ({
  to,
  icon,
  testId,
  children,
}: {
  to: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) => (
  <LinkButton to={to} variant="default" leftSection={icon} style={{ flexShrink: 0 }} data-testid={testId}>
    {children}
  </LinkButton>
);

/** A line saying whether a card's changes are saved. */
export const SaveState = ({ dirty, saved, testId }: { dirty: boolean; saved: boolean; testId: string }) => {
  const { t } = useTranslation("accounting");
  if (dirty)
    return (
      <Text size="xs" c="orange.8" data-testid={`${testId}-unsaved`}>
        {t("closing.unsaved")}
      </Text>
    );
  if (saved)
    return (
      <Group gap={4} c="teal.8" wrap="nowrap" data-testid={`${testId}-saved`}>
        <CheckIcon size={14} />
        <Text size="xs" fw={600} span>
          {t("closing.saved")}
        </Text>
      </Group>
    );
  return null;
};

/** A card's save: whether its changes are saved, and the button saving them (enabled once changed). */
export const SaveBar = ({
  dirty,
  mutation,
  label,
  testId,
}: {
  dirty: boolean;
  mutation: { isSuccess: boolean; isPending: boolean };
  label: string;
  testId: string;
}) => (
  <Group justify="flex-end" gap="sm">
    <SaveState dirty={dirty} saved={mutation.isSuccess} testId={testId} />
    <Button
      type="submit"
      size="xs"
      variant={dirty ? "filled" : "default"}
      disabled={!dirty}
      loading={mutation.isPending}
      data-testid={`${testId}-save`}
    >
      {label}
    </Button>
  </Group>
);

/** The title of a sub-page of a year, its explanation, and the way back. */
export const SubPageHead = ({
  title,
  children,
  back,
  backLabel,
  backTestId = "closing-back",
}: {
  title: string;
  children?: ReactNode;
  back: string;
  backLabel: string;
  backTestId?: string;
}) => (
  <Stack gap={4}>
    <Anchor component={Link} to={back} size="sm" data-testid={backTestId}>
      <Group gap={4} component="span" wrap="nowrap">
        <ChevronLeftIcon size={14} />
        {backLabel}
      </Group>
    </Anchor>
    <Title order={2} size="h3">
      {title}
    </Title>
    {children}
  </Stack>
);
