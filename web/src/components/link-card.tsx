import { Group, Paper, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRightIcon } from "./icons.tsx";
import { TitleLine } from "./section-title.tsx";

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
          <TitleLine title={title} hint={description} />
        </div>
      </Group>
      <ChevronRightIcon />
    </Group>
  </Paper>
);
