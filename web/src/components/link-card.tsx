import { Group, Paper, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRightIcon } from "./icons.tsx";

/** A card that opens a screen: its icon, its title and what it is for (a screen's index of screens). */
export const LinkCard = ({
  to,
  icon,
  title,
  description,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
  testId?: string;
}) => (
  <Paper p="lg" component={Link} to={to} className="registre-kpi" data-testid={testId}>
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={38} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={650}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <ChevronRightIcon />
    </Group>
  </Paper>
);
