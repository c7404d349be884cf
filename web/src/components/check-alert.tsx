import { Alert, Badge, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { AlertIcon } from "./icons.tsx";

/**
 * One check before an accounting step (the year end's, a VAT return's): red with a "blocking" badge
 * when it forbids the step, orange with an "information" badge otherwise; its title beside the badge,
 * what to look at below.
 */
export const CheckAlert = ({
  blocking,
  title,
  badge,
  testId,
  code,
  children,
}: {
  blocking: boolean;
  title: ReactNode;
  /** The badge's words: the blocking one or the information one, as `blocking` says. */
  badge: { blocking: string; information: string };
  testId: string;
  code: string;
  children: ReactNode;
}) => (
  <Alert
    color={blocking ? "red" : "orange"}
    variant="light"
    icon={<AlertIcon />}
    data-testid={testId}
    data-code={code}
    data-blocking={blocking}
    title={
      <Group gap="xs">
        <span>{title}</span>
        <Badge size="xs" variant="filled" color={blocking ? "red" : "orange"} radius="sm" tt="none">
          {blocking ? badge.blocking : badge.information}
        </Badge>
      </Group>
    }
  >
    {children}
  </Alert>
);
